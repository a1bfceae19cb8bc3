import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { GOOD_PASSWORD, bearer, createTestApp, register, type TestApp } from '../../testing/test-app.ts';
import { login } from '../../testing/http.ts';

/** No internals in an error body: no stack, file path, SQL or table name. */
function expectGenericError(res: LightMyRequestResponse, label: string): void {
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body.message, label).toEqual(expect.any(String));
  expect(body, label).not.toHaveProperty('stack');
  expect(res.body, label).not.toMatch(
    /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|select |insert |update |relation|sessions|pglite|ECONN|syntax/i,
  );
}

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 {status: ok} while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers a failing query with a generic 500 and denies access (fail closed)', async () => {
    const { user, accessToken } = await register(t.app);
    await t.database.db.execute(sql`alter table sessions rename to sessions_moved`);
    try {
      const signIn = await login(t.app, user.email, GOOD_PASSWORD);
      expect(signIn.statusCode).toBe(500);
      expectGenericError(signIn, 'login');
      expect(signIn.json()).toEqual({ message: 'Something went wrong' });

      const me = await t.app.inject({ url: '/api/account/my-account', headers: bearer(accessToken) });
      expect(me.statusCode).toBeGreaterThanOrEqual(500);
      expectGenericError(me, 'my-account');
    } finally {
      await t.database.db.execute(sql`alter table sessions_moved rename to sessions`);
    }
    // And recovers once the table is back.
    expect(
      (await t.app.inject({ url: '/api/account/my-account', headers: bearer(accessToken) })).statusCode,
    ).toBe(200);
  });

  it('answers 503 once the database is closed, and denies access', async () => {
    const { accessToken } = await register(t.app);
    await t.database.close();

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });

    const me = await t.app.inject({ url: '/api/account/my-account', headers: bearer(accessToken) });
    expect(me.statusCode).toBeGreaterThanOrEqual(500);
    expectGenericError(me, 'my-account on a closed database');
  });
});

describe('with the database server unreachable', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused at once.
    database = await openPostgres('postgres://postgres@127.0.0.1:1/atrium');
    app = await buildApp({ database, logger: false, mailer: { send: async () => {} } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers health with 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
  });

  it('answers API calls with a generic 503 and Retry-After', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'someone@example.com', password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expectGenericError(res, 'login while down');
  });
});
