import type * as Argon2 from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { sessions, users, verificationCodes } from '../../db/schema/index.ts';
import { createUser } from './account.repo.ts';
import {
  GOOD_PASSWORD,
  bearer,
  createTestApp,
  lastCode,
  register,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app.ts';
import { login } from '../../testing/http.ts';

// Counts the real argon2 hashes, to prove that oversized passwords are refused before any hashing.
const argon2Calls = vi.hoisted(() => ({ hash: 0, verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    hash: (...args: Parameters<typeof original.hash>) => {
      argon2Calls.hash++;
      return original.hash(...args);
    },
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2Calls.verify++;
      return original.verify(...args);
    },
  };
});

const USER_KEYS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'displayName',
  'role',
  'avatarUrl',
  'emailVerified',
];
/** Nothing secret may appear among the user's fields, at any depth. */
const SECRET_KEY = /password|hash|token|secret|salt|^(reset|verification)?codes?$/i;

function expectPublicUser(user: Record<string, unknown>): void {
  for (const key of USER_KEYS) expect(user, key).toHaveProperty(key);
  const keys = (value: unknown): string[] =>
    value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)]) : [];
  expect(keys(user).filter((k) => SECRET_KEY.test(k))).toEqual([]);
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  argon2Calls.hash = 0;
  argon2Calls.verify = 0;
});

function postRegister(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/account/register', payload });
}

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('first account', () => {
  // Must run first in this file: the app starts with an empty users table.
  it('makes exactly one of the first simultaneous registrations admin, everyone after is user', async () => {
    const emails = [uniqueEmail('first'), uniqueEmail('first'), uniqueEmail('first')];
    const responses = await Promise.all(
      emails.map((email) => postRegister({ email, password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const roles = responses.map((r) => (r.json() as { user: { role: string } }).user.role).sort();
    expect(roles).toEqual(['admin', 'user', 'user']);

    const rows = await t.database.db.select({ role: users.role }).from(users);
    expect(rows.filter((r) => r.role === 'admin')).toHaveLength(1);

    const later = await register(t.app);
    expect(later.user.role).toBe('user');
    expect((await userRow(later.user.email))?.role).toBe('user');
  });
  it('createUser: simultaneous inserts into an empty users table make exactly one admin', async () => {
    // Straight to the repository: over HTTP the hashing spreads the inserts out and hides the race.
    await t.database.db.delete(users);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createUser(t.database.db, {
          email: uniqueEmail(`race${i}`),
          passwordHash: 'not-a-real-hash',
          firstName: 'R',
          lastName: String(i),
        }),
      ),
    );
    expect(created.map((u) => u?.role).filter((role) => role === 'admin')).toHaveLength(1);
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    // Leave the table as the rest of this file expects it: no account that can sign in is lost.
    await t.database.db.delete(users);
    await register(t.app);
  });
});

describe('POST /api/account/register', () => {
  it('returns an access token and the public user, never the hash or codes', async () => {
    const email = uniqueEmail();
    const res = await postRegister({
      email,
      password: GOOD_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as { accessToken: string; user: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expectPublicUser(body.user);
    expect(body.user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      role: 'user',
      avatarUrl: null,
      emailVerified: false,
    });
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|codeHash/i);
    expect(res.body).not.toContain(lastCode(t.mails, email));

    const row = await userRow(email);
    expect(row?.id).toBe(body.user.id);
  });

  it('stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail('mixed');
    const res = await postRegister({
      email: `  ${email.toUpperCase()}  `,
      password: GOOD_PASSWORD,
      firstName: ' Grace ',
      lastName: 'Hopper',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: { email: string } }).user.email).toBe(email);
    const row = await userRow(email);
    expect(row?.email).toBe(email);
    expect(row?.firstName).toBe('Grace');
  });

  it('refuses a taken email in any case with a JSON 409 and keeps one row', async () => {
    const email = uniqueEmail('dup');
    await register(t.app, { email });
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
      const res = await postRegister({
        email: variant,
        password: 'another good passphrase',
        firstName: 'Eve',
        lastName: 'X',
      });
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: expect.any(String) });
      expect(res.body).not.toContain('Eve');
    }
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(1);
    // The original password still works: the duplicate did not overwrite anything.
    expect((await login(t.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts passwords of 8 to 128 characters and refuses 7 and 129', async () => {
    const cases: Array<[number, number]> = [
      [7, 400],
      [8, 200],
      [128, 200],
      [129, 400],
    ];
    for (const [length, status] of cases) {
      const email = uniqueEmail(`len${length}`);
      // Not on the common list: a distinct prefix followed by padding.
      const password = `Zq9!${'x'.repeat(length - 4)}`;
      expect(password).toHaveLength(length);
      const res = await postRegister({ email, password, firstName: 'L', lastName: 'N' });
      expect(res.statusCode, `length ${length}`).toBe(status);
      if (status === 400) {
        const body = res.json() as { message: string; issues: Array<{ path: string[] }> };
        expect(body.issues[0]?.path).toEqual(['password']);
        expect(await userRow(email)).toBeUndefined();
      } else {
        expect((await login(t.app, email, password)).statusCode).toBe(200);
      }
    }
  });

  it('refuses a 129-character and a 1 MB password before hashing', async () => {
    for (const password of ['a'.repeat(129), 'a'.repeat(1_000_000)]) {
      argon2Calls.hash = 0;
      const res = await postRegister({ email: uniqueEmail('long'), password, firstName: 'L', lastName: 'N' });
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
      expect(argon2Calls.hash).toBe(0);
    }
    // Sign-in has the same upper bound before any hash is checked.
    const res = await login(t.app, uniqueEmail(), 'a'.repeat(1_000_000));
    expect(res.statusCode).toBe(400);
    expect(argon2Calls.verify + argon2Calls.hash).toBe(0);
  });

  it.each(['password1!', 'Password123!', 'PASSWORD1!'])(
    'refuses the common password %s with an issue on password',
    async (password) => {
      const email = uniqueEmail('common');
      const res = await postRegister({ email, password, firstName: 'C', lastName: 'P' });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { message: string; code: string; issues: Array<{ path: string[] }> };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.issues).toEqual([{ path: ['password'], message: expect.any(String) }]);
      expect(argon2Calls.hash).toBe(0);
      expect(await userRow(email)).toBeUndefined();
    },
  );

  it('stores argon2id m=19456,t=2,p=1 hashes with a unique salt per user', async () => {
    const a = await register(t.app, { email: uniqueEmail('salt') });
    const b = await register(t.app, { email: uniqueEmail('salt') });
    const rowA = await userRow(a.user.email);
    const rowB = await userRow(b.user.email);
    for (const row of [rowA, rowB]) {
      expect(row?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(row?.passwordHash).not.toContain(GOOD_PASSWORD);
    }
    const salt = (hash: string | undefined) => hash?.split('$')[4];
    expect(salt(rowA?.passwordHash)).toBeTruthy();
    expect(salt(rowA?.passwordHash)).not.toBe(salt(rowB?.passwordHash));
    expect(rowA?.passwordHash).not.toBe(rowB?.passwordHash);
  });
});

describe('POST /api/account/login', () => {
  it('signs in with the right password, any case of the email', async () => {
    const { user } = await register(t.app);
    const res = await login(t.app, `  ${user.email.toUpperCase()} `, GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { accessToken: string; user: Record<string, unknown> };
    expectPublicUser(body.user);
    expect(body.user.id).toBe(user.id);
    const me = await t.app.inject({ url: '/api/account/my-account', headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(200);
  });

  it('gives an unknown email and a wrong password the same 401 and body', async () => {
    const { user } = await register(t.app);
    const wrong = await login(t.app, user.email, 'not the right password');
    const unknown = await login(t.app, uniqueEmail('nobody'), 'not the right password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ message: expect.any(String) });
    expect(wrong.cookies).toHaveLength(0);
    expect(unknown.cookies).toHaveLength(0);
    // The unknown email still costs a hash check, so timing does not tell the two apart.
    expect(argon2Calls.verify).toBe(2);
  });

  it.each(['banned', 'rejected'] as const)(
    'does not sign in a %s user, even with the right password',
    async (status) => {
      const { user } = await register(t.app);
      await t.database.db.update(users).set({ status }).where(eq(users.id, user.id));
      const before = await sessionCount(user.id);
      const res = await login(t.app, user.email, GOOD_PASSWORD);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('accessToken');
      expect(res.cookies).toHaveLength(0);
      expect(await sessionCount(user.id)).toBe(before);
    },
  );

  it('creates a new session row and a different token on every sign-in', async () => {
    const { user } = await register(t.app);
    const before = await sessionCount(user.id);
    const first = await login(t.app, user.email, GOOD_PASSWORD);
    const second = await login(t.app, user.email, GOOD_PASSWORD);
    expect(await sessionCount(user.id)).toBe(before + 2);

    const tokenA = (first.json() as { accessToken: string }).accessToken;
    const tokenB = (second.json() as { accessToken: string }).accessToken;
    expect(tokenA).not.toBe(tokenB);
    const claimsA = decodeJwt(tokenA);
    const claimsB = decodeJwt(tokenB);
    expect(claimsA.jti).toBeTruthy();
    expect(claimsA.jti).not.toBe(claimsB.jti);
    expect(claimsA.sid).not.toBe(claimsB.sid);
    expect(claimsA.sub).toBe(user.id);
    // Access tokens live at most 15 minutes (SECURITY.md S6).
    expect((claimsA.exp ?? 0) - (claimsA.iat ?? 0)).toBeLessThanOrEqual(15 * 60);
    // Both sessions work independently.
    for (const token of [tokenA, tokenB]) {
      const me = await t.app.inject({ url: '/api/account/my-account', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
    }
  });
});

describe('email verification', () => {
  it('mails a code on registration; verify-email marks the address verified', async () => {
    const { user, accessToken } = await register(t.app);
    const mail = t.mails.filter((m) => m.to === user.email).at(-1);
    expect(mail?.subject).toMatch(/confirm|verif/i);
    const code = lastCode(t.mails, user.email);

    const [stored] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id));
    expect(stored?.purpose).toBe('verify_email');
    expect(stored?.codeHash).not.toBe(code);
    expect(stored?.codeHash).not.toContain(code);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { email: user.email, code },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    expect((await userRow(user.email))?.emailVerified).toBe(true);

    const me = await t.app.inject({ url: '/api/account/my-account', headers: bearer(accessToken) });
    expect((me.json() as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
  });

  it('refuses a wrong code with 400 and leaves the address unverified', async () => {
    const { user } = await register(t.app);
    const code = lastCode(t.mails, user.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { email: user.email, code: wrong },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect((await userRow(user.email))?.emailVerified).toBe(false);
  });
});

describe('POST /api/account/resend-verification', () => {
  it('needs a session, mails a new code and retires the old one', async () => {
    const { user, accessToken } = await register(t.app);
    const first = lastCode(t.mails, user.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/resend-verification' })).statusCode).toBe(
      401,
    );

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/resend-verification',
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(200);
    const second = lastCode(t.mails, user.email);
    expect(t.mails.filter((m) => m.to === user.email)).toHaveLength(2);
    const verify = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/verify-email',
        payload: { email: user.email, code },
      });
    if (first !== second) expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    expect((await userRow(user.email))?.emailVerified).toBe(true);
  });
});

async function sessionCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}
