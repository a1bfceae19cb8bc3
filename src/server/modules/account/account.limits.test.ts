import type * as Argon2 from '@node-rs/argon2';
import { count, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { rateLimits, sessions, users } from '../../db/schema/index.ts';
import {
  GOOD_PASSWORD,
  createTestApp,
  lastCode,
  register,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app.ts';
import { freshIp, login } from '../../testing/http.ts';
import { buildApp } from '../../app.ts';
import { LIMITS } from './account.routes.ts';

// Counts password checks, to prove a refused attempt costs no hashing (SECURITY.md A4).
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2Calls.verify++;
      return original.verify(...args);
    },
  };
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() });

function expect429(res: LightMyRequestResponse, label = ''): void {
  expect(res.statusCode, `${label} ${res.body}`).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `${label} Retry-After`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ message: expect.any(String), code: 'RATE_LIMITED' });
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

describe('sign-in limits per account', () => {
  const max = LIMITS.loginPerAccountIp.max;

  it(`locks one address out of an account after ${max} wrong passwords, without hashing, and nobody else`, async () => {
    expect(max).toBeLessThanOrEqual(10);
    const { user } = await register(t.app, {}, freshIp());
    const before = await sessionCount(user.id);
    const guesser = freshIp();
    for (let i = 0; i < max; i++) {
      const res = await login(t.app, user.email, `wrong password ${i}`, { ip: guesser });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    argon2Calls.verify = 0;
    const locked = await login(t.app, user.email, GOOD_PASSWORD, { ip: guesser });
    expect429(locked, 'right password from the locked address');
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.loginPerAccountIp.windowSeconds);
    expect429(await login(t.app, user.email.toUpperCase(), 'wrong again', { ip: guesser }), 'other case');
    expect(argon2Calls.verify).toBe(0);
    expect(await sessionCount(user.id)).toBe(before);

    // The owner, from anywhere else, still signs in; so does another account from the guesser's address.
    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const other = await register(t.app, {}, freshIp());
    expect((await login(t.app, other.user.email, GOOD_PASSWORD, { ip: guesser })).statusCode).toBe(200);
  });

  it('cannot keep the owner out by guessing from many addresses: the per-account tier spares known addresses', async () => {
    const ownerIp = freshIp();
    const { user } = await register(t.app, {}, ownerIp); // the owner signed in from ownerIp
    const perAccount = LIMITS.loginPerAccount.max;
    expect(perAccount).toBeGreaterThanOrEqual(50);
    // One guess per address, as a botnet would; the per-account tier (high) fills up.
    for (let i = 0; i < perAccount; i++) {
      expect((await login(t.app, user.email, `botnet ${i}`)).statusCode).toBe(401);
    }
    expect429(await login(t.app, user.email, GOOD_PASSWORD), 'a new address after the flood');
    // The owner's address is not held back by it.
    expect((await login(t.app, user.email, GOOD_PASSWORD, { ip: ownerIp })).statusCode).toBe(200);
    // And the owner can always reset the password, which starts every counter of the account again.
    expect((await post('/api/account/forgot-password', { email: user.email })).statusCode).toBe(200);
    const code = lastCode(t.mails, user.email);
    const reset = await post('/api/account/new-password', {
      email: user.email,
      code,
      password: 'a fresh and long passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, user.email, 'a fresh and long passphrase')).statusCode).toBe(200);
  }, 120_000);

  it('limits an unknown email the same way, so the limits do not reveal accounts', async () => {
    const email = uniqueEmail('ghost');
    const ip = freshIp();
    for (let i = 0; i < max; i++) {
      expect((await login(t.app, email, `guess ${i}`, { ip })).statusCode).toBe(401);
    }
    expect429(await login(t.app, email, 'guess 11', { ip }), 'unknown email');
  });

  it('cannot be skipped by simultaneous attempts', async () => {
    const { user } = await register(t.app, {}, freshIp());
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) => login(t.app, user.email, `parallel ${i}`, { ip })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('starts counting again after a successful sign-in from that address', async () => {
    const { user } = await register(t.app, {}, freshIp());
    const ip = freshIp();
    for (let i = 0; i < max - 1; i++) await login(t.app, user.email, `wrong ${i}`, { ip });
    expect((await login(t.app, user.email, GOOD_PASSWORD, { ip })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account-ip:${user.email}:${ip}`));
    expect(rows).toHaveLength(0);
    expect((await login(t.app, user.email, 'wrong once more', { ip })).statusCode).toBe(401);
  });
});

describe('limits shared between instances', () => {
  it('holds one account limit across two app instances on one database', async () => {
    const second = await buildApp({
      database: t.database,
      secret: t.app.secret,
      logger: false,
      mailer: { send: async () => {} },
    });
    try {
      const { user } = await register(t.app, {}, freshIp());
      const max = LIMITS.loginPerAccountIp.max;
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const app = i % 2 === 0 ? t.app : second;
        statuses.push((await login(app, user.email, `split ${i}`, { ip })).statusCode);
      }
      expect(statuses).toEqual([...Array(max).fill(401), 429]);
    } finally {
      await second.close();
    }
  });
});

describe('sign-in limit per IP', () => {
  it(`refuses attempt number ${LIMITS.loginPerIp.max + 1} from one IP, whatever X-Forwarded-For says`, async () => {
    const max = LIMITS.loginPerIp.max;
    const ip = freshIp();
    const { user } = await register(t.app, {}, freshIp());
    // One attempt per account, as in credential stuffing; a spoofed client address on every request.
    const responses = await Promise.all(
      Array.from({ length: max }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/login',
          payload: { email: uniqueEmail(`stuff${i}`), password: 'stuffed password' },
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(max).fill(401));

    argon2Calls.verify = 0;
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: user.email, password: GOOD_PASSWORD },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.77', 'x-real-ip': '198.51.100.78' },
    });
    expect429(over, 'per IP');
    expect(argon2Calls.verify).toBe(0);
    // The same user from another address is fine.
    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('registration limit per IP', () => {
  it(`refuses registration number ${LIMITS.registerPerIp.max + 1} from one IP`, async () => {
    const max = LIMITS.registerPerIp.max;
    const ip = freshIp();
    const { user } = await register(t.app, {}, ip);
    // Attempts on a taken email count too (and cost no hashing), so use them to reach the limit quickly.
    for (let i = 1; i < max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: { email: user.email, password: GOOD_PASSWORD, firstName: 'R', lastName: 'L' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(409);
    }
    const email = uniqueEmail('over');
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { email, password: GOOD_PASSWORD, firstName: 'R', lastName: 'L' },
      remoteAddress: ip,
    });
    expect429(over, 'register');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // Another address may still register.
    expect((await register(t.app, {}, freshIp())).user.email).toBeTruthy();
  });
});

describe('password reset limits', () => {
  const forgot = (email: string, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email },
      remoteAddress: ip,
    });

  it(`sends at most ${LIMITS.resetPerAccount.max} codes per account, then answers 429`, async () => {
    const max = LIMITS.resetPerAccount.max;
    const { user } = await register(t.app, {}, freshIp());
    const mailsBefore = t.mails.filter((m) => m.to === user.email).length;
    for (let i = 0; i < max; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    expect429(await forgot(user.email), 'reset per account');
    expect429(await forgot(` ${user.email.toUpperCase()} `), 'reset per account, other spelling');
    expect(t.mails.filter((m) => m.to === user.email)).toHaveLength(mailsBefore + max);
  });

  it('limits an unknown email the same way', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < LIMITS.resetPerAccount.max; i++) expect((await forgot(email)).statusCode).toBe(200);
    expect429(await forgot(email), 'reset unknown');
  });

  it(`answers 429 after ${LIMITS.resetPerIp.max} requests from one IP`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.resetPerIp.max; i++) {
      expect((await forgot(uniqueEmail('ipreset'), ip)).statusCode).toBe(200);
    }
    expect429(await forgot(uniqueEmail('ipreset'), ip), 'reset per IP');
  });

  it(`answers 429 after ${LIMITS.codePerIp.max} code attempts from one IP, even for the right code`, async () => {
    const ip = freshIp();
    const { user } = await register(t.app, {}, freshIp());
    expect((await forgot(user.email)).statusCode).toBe(200);
    const code = lastCode(t.mails, user.email);
    for (let i = 0; i < LIMITS.codePerIp.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/verify-email',
        payload: { email: uniqueEmail('code'), code: '123456' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/account/new-password',
      payload: { email: user.email, code, password: 'a brand new passphrase' },
      remoteAddress: ip,
    });
    expect429(over, 'code per IP');
    expect((await login(t.app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const keys = await t.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `code:ip:${ip}`));
    expect(keys[0]?.count).toBe(LIMITS.codePerIp.max + 1);
  });
});
