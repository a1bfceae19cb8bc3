import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { REFRESH_GRACE_SECONDS } from './account.routes.ts';
import {
  GOOD_PASSWORD,
  bearer,
  createTestApp,
  refreshCookie,
  register,
  type TestApp,
} from '../../testing/test-app.ts';
import { freshIp, login } from '../../testing/http.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface SignedIn {
  userId: string;
  email: string;
  accessToken: string;
  cookie: string;
  sessionId: string;
}

/** Registers a user and signs in once more, so the returned session is a plain sign-in session. */
async function signIn(): Promise<SignedIn> {
  const { user } = await register(t.app, {}, freshIp());
  const res = await login(t.app, user.email, GOOD_PASSWORD);
  expect(res.statusCode).toBe(200);
  const { accessToken } = res.json() as { accessToken: string };
  return {
    userId: user.id,
    email: user.email,
    accessToken,
    cookie: refreshCookie(res),
    sessionId: String(decodeJwt(accessToken).sid),
  };
}

const myAccount = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/account/my-account', headers });

const refresh = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/refresh',
    headers: cookie ? { cookie } : {},
    remoteAddress: freshIp(),
  });

const logout = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/account/logout', headers });

/** Moves the session's last rotation past the grace window of the cookie it replaced. */
async function pastGrace(id: string) {
  await t.database.db
    .update(sessions)
    .set({ refreshedAt: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
    .where(eq(sessions.id, id));
}

async function sessionRow(id: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

function expect401(res: Awaited<ReturnType<typeof myAccount>>, label: string): void {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  expect((res.json() as { message?: unknown }).message, label).toEqual(expect.any(String));
  expect(res.body, label).not.toMatch(/"user"|stack|at \w+ \(/);
}

describe('GET /api/account/my-account and the access token', () => {
  let s: SignedIn;
  let claims: JWTPayload;
  const now = () => Math.floor(Date.now() / 1000);

  /** A token with the server's claims, changed by `edit`, signed with the server's secret. */
  function forge(
    edit: (payload: JWTPayload) => JWTPayload = (p) => p,
    alg: 'HS256' | 'HS384' | 'HS512' = 'HS256',
  ) {
    const payload = edit({ ...claims, iat: now(), exp: now() + 600 });
    return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(t.app.secret);
  }

  beforeAll(async () => {
    s = await signIn();
    claims = decodeJwt(s.accessToken);
    expect(claims).toMatchObject({ iss: 'atrium', aud: 'atrium-api', typ: 'access', sid: s.sessionId });
  });

  it('answers {user} for a valid token', async () => {
    const res = await myAccount(bearer(s.accessToken));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { user: { id: string; email: string } };
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user).toMatchObject({ id: s.userId, email: s.email });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('accepts a token forged with the right claims and secret (so the cases below fail for one reason)', async () => {
    const res = await myAccount(bearer(await forge()));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = s.accessToken.split('.');
    const other = await register(t.app, {}, freshIp());
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: other.user.id, role: 'admin' })).toString(
      'base64url',
    );
    expect401(await myAccount(bearer(`${header}.${payload}.${signature}`)), 'tampered');
  });

  it('refuses an unsigned token (alg none)', async () => {
    const unsigned = new UnsecuredJWT({ ...claims, exp: now() + 600 }).encode();
    expect(unsigned.endsWith('.')).toBe(true);
    expect401(await myAccount(bearer(unsigned)), 'alg none');
    // The same with an arbitrary signature part appended.
    expect401(await myAccount(bearer(`${unsigned}c2ln`)), 'alg none + signature');
  });

  it.each(['HS384', 'HS512'] as const)('refuses %s signed with the server secret', async (alg) => {
    expect401(await myAccount(bearer(await forge(undefined, alg))), alg);
  });

  it('refuses an expired token', async () => {
    const token = await forge((p) => ({ ...p, iat: now() - 1000, exp: now() - 10 }));
    expect401(await myAccount(bearer(token)), 'expired');
  });

  it('refuses a token without exp', async () => {
    const token = await forge(({ exp: _exp, ...p }) => p);
    expect(decodeJwt(token).exp).toBeUndefined();
    expect401(await myAccount(bearer(token)), 'no exp');
  });

  it('refuses a token that is not valid yet (nbf in the future)', async () => {
    const token = await forge((p) => ({ ...p, nbf: now() + 300 }));
    expect401(await myAccount(bearer(token)), 'nbf');
  });

  it.each([
    ['wrong typ', (p: JWTPayload) => ({ ...p, typ: 'refresh' })],
    ['no typ', ({ typ: _typ, ...p }: JWTPayload) => p],
    ['wrong audience', (p: JWTPayload) => ({ ...p, aud: 'someone-else' })],
    ['wrong issuer', (p: JWTPayload) => ({ ...p, iss: 'evil' })],
    ['no sid', ({ sid: _sid, ...p }: JWTPayload) => p],
    ['no sub', ({ sub: _sub, ...p }: JWTPayload) => p],
    ['unknown session', (p: JWTPayload) => ({ ...p, sid: '00000000-0000-4000-8000-000000000000' })],
  ])('refuses a token with %s', async (label, edit) => {
    expect401(await myAccount(bearer(await forge(edit))), label);
  });

  it("refuses a token naming another user's session", async () => {
    const other = await signIn();
    const token = await forge((p) => ({ ...p, sid: other.sessionId }));
    expect401(await myAccount(bearer(token)), 'foreign sid');
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new SignJWT({ ...claims, exp: now() + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a different secret of at least 32 chars!'));
    expect401(await myAccount(bearer(token)), 'other secret');
  });

  it.each([
    ['no header', {}],
    ['garbage', { authorization: 'Bearer garbage' }],
    ['three garbage parts', { authorization: 'Bearer aaa.bbb.ccc' }],
    ['bad base64 json', { authorization: 'Bearer e30.!!!.x' }],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['token without scheme', { authorization: 'TOKEN' }],
  ] as Array<[string, Record<string, string>]>)('refuses %s', async (label, headers) => {
    if (label === 'token without scheme') headers = { authorization: s.accessToken };
    expect401(await myAccount(headers), label);
  });

  it.each(['banned', 'rejected'] as const)(
    'ends a %s user’s live session on the next request',
    async (status) => {
      const victim = await signIn();
      expect((await myAccount(bearer(victim.accessToken))).statusCode).toBe(200);
      await t.database.db.update(users).set({ status }).where(eq(users.id, victim.userId));
      expect401(await myAccount(bearer(victim.accessToken)), status);
      expect((await refresh(victim.cookie)).statusCode).toBe(401);
    },
  );

  it('keeps the session of a pending user (pending users may sign in)', async () => {
    const s = await signIn();
    await t.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, s.userId));
    expect((await myAccount(bearer(s.accessToken))).statusCode).toBe(200);
  });

  it('ends the sessions of a deleted user', async () => {
    const victim = await signIn();
    await t.database.db.delete(users).where(eq(users.id, victim.userId));
    expect401(await myAccount(bearer(victim.accessToken)), 'deleted');
  });
});

describe('POST /api/account/logout', () => {
  it('answers 204, then the access token and the refresh cookie stop working at once', async () => {
    const s = await signIn();
    const res = await logout({ ...bearer(s.accessToken), cookie: s.cookie });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'atrium_refresh');
    expect(cleared?.value).toBe('');

    expect401(await myAccount(bearer(s.accessToken)), 'after logout');
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    const row = await sessionRow(s.sessionId);
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(row?.revokedReason).toBe('logout');
  });

  it('revokes the session with only the access token, and only that session', async () => {
    const s = await signIn();
    const other = await login(t.app, s.email, GOOD_PASSWORD);
    const otherToken = (other.json() as { accessToken: string }).accessToken;

    expect((await logout(bearer(s.accessToken))).statusCode).toBe(204);
    expect401(await myAccount(bearer(s.accessToken)), 'logged out');
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    expect((await myAccount(bearer(otherToken))).statusCode).toBe(200);
  });

  it('revokes the session with only the refresh cookie', async () => {
    const s = await signIn();
    expect((await logout({ cookie: s.cookie })).statusCode).toBe(204);
    expect401(await myAccount(bearer(s.accessToken)), 'logged out by cookie');
  });
});

describe('POST /api/account/refresh', () => {
  it('sets a strict, httpOnly refresh cookie on the account path only', async () => {
    const { user } = await register(t.app, {}, freshIp());
    const res = await login(t.app, user.email, GOOD_PASSWORD);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^atrium_refresh=/);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=Strict/i);
    expect(header).toMatch(/;\s*Path=\/api\/account(;|$)/);
    const cookie = res.cookies.find((c) => c.name === 'atrium_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/account' });
    expect(cookie?.maxAge).toBeLessThanOrEqual(12 * 60 * 60);
    // The secret part carries at least 128 bits.
    expect(cookie?.value.split('.')[1]?.length).toBeGreaterThanOrEqual(22);
  });

  it('rotates: a new access token and a different cookie; only a hash is stored', async () => {
    const s = await signIn();
    const res = await refresh(s.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { accessToken: string; user: { id: string } };
    expect(body.user.id).toBe(s.userId);
    expect(body.accessToken).not.toBe(s.accessToken);
    expect(decodeJwt(body.accessToken).sid).toBe(s.sessionId);
    const rotated = refreshCookie(res);
    expect(rotated).not.toBe(s.cookie);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await myAccount(bearer(body.accessToken))).statusCode).toBe(200);

    const secret = rotated.split('.').slice(1).join('.');
    const row = await sessionRow(s.sessionId);
    expect(row?.refreshHash).toBe(sha256(secret));
    expect(row?.refreshHash).not.toContain(secret);

    // The rotated cookie works again.
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('treats reuse of an old cookie as theft and ends the whole session', async () => {
    const s = await signIn();
    const first = await refresh(s.cookie);
    expect(first.statusCode).toBe(200);
    const newCookie = refreshCookie(first);
    const newToken = (first.json() as { accessToken: string }).accessToken;
    await pastGrace(s.sessionId);

    const reuse = await refresh(s.cookie);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ message: expect.any(String) });

    expect((await refresh(newCookie)).statusCode).toBe(401);
    expect401(await myAccount(bearer(newToken)), 'latest token after reuse');
    expect401(await myAccount(bearer(s.accessToken)), 'first token after reuse');
    const row = await sessionRow(s.sessionId);
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(row?.revokedReason).toBe('refresh_reuse');
  });

  it('answers two tabs refreshing with the same cookie at once: both get a token, the session lives', async () => {
    const s = await signIn();
    const [a, b] = await Promise.all([refresh(s.cookie), refresh(s.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Exactly one answer rotates the cookie; the other leaves the browser's (already rotated) cookie alone.
    const rotated = [a, b].filter((r) => r.cookies.some((c) => c.name === 'atrium_refresh'));
    expect(rotated).toHaveLength(1);
    for (const res of [a, b]) {
      const token = (res.json() as { accessToken: string }).accessToken;
      expect((await myAccount(bearer(token))).statusCode).toBe(200);
    }
    const row = await sessionRow(s.sessionId);
    expect(row?.revokedAt).toBeNull();
    expect((await refresh(refreshCookie(rotated[0]!))).statusCode).toBe(200);
  });

  it('lets three tabs refresh with the same cookie at once without ending the session', async () => {
    const s = await signIn();
    const results = await Promise.all([refresh(s.cookie), refresh(s.cookie), refresh(s.cookie)]);
    const statuses = results.map((r) => r.statusCode).sort();
    // One rotation, one grace token; the third tab gets a plain 401 and keeps the browser's cookie.
    expect(statuses).toEqual([200, 200, 401]);
    expect((await sessionRow(s.sessionId))?.revokedAt).toBeNull();
    const rotated = results.find((r) => r.cookies.some((c) => c.name === 'atrium_refresh' && c.value));
    expect((await refresh(refreshCookie(rotated!))).statusCode).toBe(200);
  });

  it('gives the replaced cookie grace for a few seconds only, and never to an older one', async () => {
    const s = await signIn();
    const second = refreshCookie(await refresh(s.cookie));
    expect(REFRESH_GRACE_SECONDS).toBeLessThanOrEqual(30);
    // Within the grace: the first cookie still gets a token, without a new cookie.
    const late = await refresh(s.cookie);
    expect(late.statusCode).toBe(200);
    expect(late.cookies.some((c) => c.name === 'atrium_refresh')).toBe(false);
    // A third rotation: the first cookie is now two rotations old, which is a replay even within the grace.
    const third = refreshCookie(await refresh(second));
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
    expect((await sessionRow(s.sessionId))?.revokedReason).toBe('refresh_reuse');
  });

  it('refuses no cookie and malformed cookies with 401', async () => {
    const s = await signIn();
    const sessionId = s.sessionId;
    const cases = [
      undefined,
      'atrium_refresh=',
      'atrium_refresh=garbage',
      `atrium_refresh=${sessionId}`,
      `atrium_refresh=${sessionId}.short`,
      `atrium_refresh=not-a-uuid-at-all-but-36-characters!.${'a'.repeat(43)}`,
      `atrium_refresh=00000000-0000-4000-8000-000000000000.${'a'.repeat(43)}`,
      'other=1',
    ];
    for (const cookie of cases) {
      const res = await refresh(cookie);
      expect(res.statusCode, String(cookie)).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).not.toContain('accessToken');
    }
    // None of these touched the real session.
    expect((await myAccount(bearer(s.accessToken))).statusCode).toBe(200);
  });

  it('lets nobody end a session with a made-up cookie that names it: 401, the session lives', async () => {
    const s = await signIn();
    // The session id is in every access token; the secret is not.
    for (let i = 0; i < 3; i++) {
      const forged = await refresh(`atrium_refresh=${s.sessionId}.${'f'.repeat(40)}${i}`);
      expect(forged.statusCode).toBe(401);
    }
    expect((await sessionRow(s.sessionId))?.revokedAt).toBeNull();
    expect((await myAccount(bearer(s.accessToken))).statusCode).toBe(200);
    expect((await refresh(s.cookie)).statusCode).toBe(200);
  });

  it('gives the replaced cookie exactly one access token within the grace', async () => {
    const s = await signIn();
    const current = refreshCookie(await refresh(s.cookie));
    const grace = await refresh(s.cookie);
    expect(grace.statusCode).toBe(200);
    // A second use within the grace: no token, the session lives and the browser keeps its current cookie.
    const again = await refresh(s.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.body).not.toContain('accessToken');
    expect(again.cookies.some((c) => c.name === 'atrium_refresh')).toBe(false);
    expect((await sessionRow(s.sessionId))?.revokedAt).toBeNull();
    expect((await refresh(current)).statusCode).toBe(200);
  });

  it('does not accept the access token in place of the refresh cookie', async () => {
    const s = await signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      headers: bearer(s.accessToken),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('session idle and absolute limits', () => {
  const idle = () => t.app.config.sessionIdleTtl;

  it('ends a session unused for longer than the idle limit', async () => {
    const s = await signIn();
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - make_interval(secs => ${idle() + 60})` })
      .where(eq(sessions.id, s.sessionId));
    expect401(await myAccount(bearer(s.accessToken)), 'idle');
    expect((await refresh(s.cookie)).statusCode).toBe(401);
  });

  it('keeps a session used within the idle limit alive and records the use', async () => {
    const s = await signIn();
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - make_interval(secs => ${idle() - 120})` })
      .where(eq(sessions.id, s.sessionId));
    const before = (await sessionRow(s.sessionId))?.lastUsedAt.getTime() ?? 0;
    expect((await myAccount(bearer(s.accessToken))).statusCode).toBe(200);
    const after = (await sessionRow(s.sessionId))?.lastUsedAt.getTime() ?? 0;
    expect(after).toBeGreaterThan(before + 60_000);
  });

  it('ends a session past its absolute expiry, however recently used', async () => {
    const s = await signIn();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'`, lastUsedAt: sql`now()` })
      .where(eq(sessions.id, s.sessionId));
    expect401(await myAccount(bearer(s.accessToken)), 'absolute');
    expect((await refresh(s.cookie)).statusCode).toBe(401);
  });

  it('gives new sessions an absolute expiry of at most 12 hours', async () => {
    const s = await signIn();
    const row = await sessionRow(s.sessionId);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(12 * 60 * 60 * 1000 + 5_000);
  });
});
