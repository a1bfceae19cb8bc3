import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions, users, verificationCodes } from '../../db/schema/index.ts';
import {
  GOOD_PASSWORD,
  bearer,
  createTestApp,
  lastCode,
  refreshCookie,
  register,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app.ts';
import { freshIp, login } from '../../testing/http.ts';

const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/forgot-password',
    payload: { email },
    remoteAddress: freshIp(),
  });

const newPassword = (email: string, code: string, password = NEW_PASSWORD, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/new-password',
    payload: { email, code, password },
    remoteAddress: ip,
  });

const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);

/** Registers a user and asks for a reset code; returns the user and the mailed code. */
async function userWithResetCode() {
  const { user, accessToken, cookie } = await register(t.app, {}, freshIp());
  const res = await forgot(user.email);
  expect(res.statusCode).toBe(200);
  const mail = mailsTo(user.email).at(-1);
  expect(mail?.subject).toMatch(/reset/i);
  return { user, accessToken, cookie, code: lastCode(t.mails, user.email) };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function resetCodes(userId: string) {
  return t.database.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'reset_password')))
    .orderBy(desc(verificationCodes.createdAt));
}

describe('POST /api/account/forgot-password', () => {
  it('answers a known and an unknown email alike, and mails only the known one', async () => {
    const { user } = await register(t.app, {}, freshIp());
    const unknown = uniqueEmail('nobody');
    const mailCount = t.mails.length;

    const known = await forgot(user.email);
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.json()).toEqual(missing.json());
    expect(known.json()).toEqual({ message: expect.any(String) });
    expect(known.headers['cache-control']).toBe('no-store');

    expect(t.mails.length).toBe(mailCount + 1);
    expect(t.mails.at(-1)?.to).toBe(user.email);
    expect(mailsTo(unknown)).toHaveLength(0);
  });

  it('stores the code only as a hash, valid for at most 10 minutes', async () => {
    const { user, code } = await userWithResetCode();
    const [row] = await resetCodes(user.id);
    expect(row).toBeDefined();
    expect(row?.codeHash).not.toBe(code);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash.length).toBeGreaterThanOrEqual(32);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60 * 1000 + 1000);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('sends no code to a banned user', async () => {
    const { user } = await register(t.app, {}, freshIp());
    await t.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    const before = mailsTo(user.email).length;
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(before);
  });
});

describe('POST /api/account/new-password', () => {
  it('sets the new password, ends every session, and only the new password works', async () => {
    const { user, accessToken, cookie } = await register(t.app, {}, freshIp());
    const second = await login(t.app, user.email, GOOD_PASSWORD);
    expect(second.statusCode).toBe(200);
    const secondToken = (second.json() as { accessToken: string }).accessToken;
    const secondCookie = refreshCookie(second);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));

    expect((await forgot(user.email)).statusCode).toBe(200);
    const code = lastCode(t.mails, user.email);
    const res = await newPassword(user.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });

    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect(after?.passwordHash.startsWith('$argon2id$')).toBe(true);
    // Receiving the code proved the mailbox.
    expect(after?.emailVerified).toBe(true);

    // Every earlier session ended: access tokens and refresh cookies.
    for (const token of [accessToken, secondToken]) {
      const me = await t.app.inject({ url: '/api/account/my-account', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    for (const c of [cookie, secondCookie]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/account/refresh', headers: { cookie: c } });
      expect(r.statusCode).toBe(401);
    }
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.revokedAt).toBeInstanceOf(Date);
      expect(row.revokedReason).toBe('password_reset');
    }

    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // The owner is told the password changed.
    expect(mailsTo(user.email).at(-1)?.subject).toMatch(/password was changed/i);
  });

  it('accepts a code only once', async () => {
    const { user, code } = await userWithResetCode();
    expect((await newPassword(user.email, code)).statusCode).toBe(200);
    const again = await newPassword(user.email, code, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE', message: expect.any(String) });
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, user.email, 'yet another passphrase')).statusCode).toBe(401);
  });

  it('lets exactly one of two simultaneous uses of a code through', async () => {
    const { user, code } = await userWithResetCode();
    const results = await Promise.all([
      newPassword(user.email, code, 'first concurrent passphrase'),
      newPassword(user.email, code, 'second concurrent passphrase'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? 'first' : 'second';
    const loser = winner === 'first' ? 'second' : 'first';
    expect((await login(t.app, user.email, `${winner} concurrent passphrase`)).statusCode).toBe(200);
    expect((await login(t.app, user.email, `${loser} concurrent passphrase`)).statusCode).toBe(401);
  });

  it('kills the code after 5 wrong tries', async () => {
    const { user, code } = await userWithResetCode();
    for (let i = 0; i < 5; i++) {
      const res = await newPassword(user.email, otherCode(code));
      expect(res.statusCode).toBe(400);
    }
    expect((await newPassword(user.email, code)).statusCode).toBe(400);
    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const { user, code } = await userWithResetCode();
    for (let i = 0; i < 4; i++) expect((await newPassword(user.email, otherCode(code))).statusCode).toBe(400);
    expect((await newPassword(user.email, code)).statusCode).toBe(200);
  });

  it('does not let simultaneous guesses skip the 5-try limit', async () => {
    const { user, code } = await userWithResetCode();
    const wrong = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    // Twenty wrong guesses and then the right one, all in flight together.
    const results = await Promise.all([...wrong, code].map((c) => newPassword(user.email, c)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(21).fill(400));
    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const [row] = await resetCodes(user.id);
    expect(row?.usedAt).toBeNull();
    expect(row?.attempts).toBeGreaterThanOrEqual(5);
  });

  it('refuses an expired code', async () => {
    const { user, code } = await userWithResetCode();
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.userId, user.id));
    expect((await newPassword(user.email, code)).statusCode).toBe(400);
    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts only the newest code after a second request', async () => {
    const { user, code: firstCode } = await userWithResetCode();
    expect((await forgot(user.email)).statusCode).toBe(200);
    const secondCode = lastCode(t.mails, user.email);
    if (secondCode !== firstCode) {
      expect((await newPassword(user.email, firstCode)).statusCode).toBe(400);
    }
    expect((await newPassword(user.email, secondCode)).statusCode).toBe(200);
    const rows = await resetCodes(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it('refuses a code for an unknown email the same way as a wrong code', async () => {
    const { user, code } = await userWithResetCode();
    const unknown = await newPassword(uniqueEmail('nobody'), code);
    const wrong = await newPassword(user.email, otherCode(code));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a common new password without using up the code', async () => {
    const { user, code } = await userWithResetCode();
    const res = await newPassword(user.email, code, 'password1!');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { issues: Array<{ path: string[] }> }).issues[0]?.path).toEqual(['password']);
    expect((await newPassword(user.email, code)).statusCode).toBe(200);
  });

  it.each([
    ['a short code', { code: '12345' }],
    ['a non-numeric code', { code: 'abcdef' }],
    ['a short password', { password: 'short' }],
    ['a 129-character password', { password: 'x'.repeat(129) }],
  ])('refuses %s with 400 and issues', async (_label, override) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/new-password',
      payload: { email: uniqueEmail(), code: '123456', password: NEW_PASSWORD, ...override },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
  });
});
