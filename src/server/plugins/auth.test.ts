import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../db/schema/index.ts';
import { revokeSession } from '../modules/account/account.repo.ts';
import { findLiveSessionUser } from './sessions.ts';
import { freshIp } from '../testing/http.ts';
import { createTestApp, register, type TestApp } from '../testing/test-app.ts';

const IDLE = 1800;

describe('findLiveSessionUser (the session check of every authenticated request)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function signedIn() {
    const res = await register(t.app, {}, freshIp());
    return { userId: res.user.id, email: res.user.email, sessionId: String(decodeJwt(res.accessToken).sid) };
  }

  it('reads the session id, its last use and the whole user row, nothing else of the session', async () => {
    const s = await signedIn();
    const live = await findLiveSessionUser(t.app.db, s.sessionId, IDLE);
    expect(Object.keys(live ?? {}).sort()).toEqual(['lastUsedAt', 'sessionId', 'user']);
    expect(live?.sessionId).toBe(s.sessionId);
    expect(live?.lastUsedAt).toBeInstanceOf(Date);
    expect(live?.user).toMatchObject({ id: s.userId, email: s.email, status: expect.any(String) });
    expect(live?.user.notifications).toEqual(expect.any(Object));
  });

  it('binds each call’s own session (one prepared statement, many sessions)', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const [liveA, liveB] = await Promise.all([
      findLiveSessionUser(t.app.db, a.sessionId, IDLE),
      findLiveSessionUser(t.app.db, b.sessionId, IDLE),
    ]);
    expect(liveA?.user.id).toBe(a.userId);
    expect(liveB?.user.id).toBe(b.userId);
  });

  it('finds nothing for a revoked, an expired or an idle session, at once', async () => {
    const revoked = await signedIn();
    await revokeSession(t.app.db, revoked.sessionId, 'logout');
    expect(await findLiveSessionUser(t.app.db, revoked.sessionId, IDLE)).toBeUndefined();

    const expired = await signedIn();
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, expired.sessionId));
    expect(await findLiveSessionUser(t.app.db, expired.sessionId, IDLE)).toBeUndefined();

    const idle = await signedIn();
    await t.app.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.id, idle.sessionId));
    expect(await findLiveSessionUser(t.app.db, idle.sessionId, IDLE)).toBeUndefined();
    expect(await findLiveSessionUser(t.app.db, idle.sessionId, 3600)).toBeDefined();
  });
});

describe('route scopes (signedInScope, adminScope)', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await register(t.app, {}, freshIp())).accessToken;
    user = (await register(t.app, {}, freshIp())).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('checks the caller before the input: signed out is 401 even for a malformed request', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account',
      payload: { firstName: 42 },
    });
    expect(res.statusCode).toBe(401);
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit-log?page=-1' });
    expect(audit.statusCode).toBe(401);
  });

  it('an admin scope refuses other users with 403; every answer of a scope is no-store', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(refused.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(ok.statusCode).toBe(200);
    for (const res of [refused, ok]) expect(res.headers['cache-control']).toBe('no-store');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
  });
});
