import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../db/schema/index.ts';
import { findLiveSessionUser, revokeSession } from '../modules/account/account.repo.ts';
import { createTestApp, register, uniqueIp, type TestApp } from '../testing/test-app.ts';

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
    const res = await register(t.app, {}, uniqueIp());
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
