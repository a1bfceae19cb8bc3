import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BUILT_IN_SITE_KEY, RETENTION_DAYS_DEFAULT } from '#shared/contract/analytics.ts';

import { analyticsEvents, analyticsSites } from '../../db/schema/index.ts';
import { bearer, createTestApp, register, type TestApp } from '../../testing/test-app.ts';
import { analyticsTiming, ingestOf } from './analytics.collect.routes.ts';
import { countryOf, useBundledGeo } from './analytics.geo.ts';
import { syncGeo } from './analytics.settings.ts';

/** The analytics settings (ADR 056) and the built-in site's server goal events, on PGlite and PostgreSQL. */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe('analytics settings', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof register>>;
  let member: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    analyticsTiming.foldMs = 3_600_000;
    t = await createTestApp();
    admin = await register(t.app, {}, '198.51.100.10');
    member = await register(t.app, {}, '198.51.100.11');
  });
  afterAll(async () => {
    await useBundledGeo();
    await t.close();
  });

  const call = (
    token: string | null,
    method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/analytics${url}`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  it('is for administrators only', async () => {
    expect((await call(null, 'GET', '/settings')).statusCode).toBe(401);
    expect((await call(member.accessToken, 'GET', '/settings')).statusCode).toBe(403);
    expect((await call(member.accessToken, 'PATCH', '/settings', { retentionDays: 60 })).statusCode).toBe(
      403,
    );
  });

  it('reads and saves the retention, and refuses one out of range', async () => {
    const first = await call(admin.accessToken, 'GET', '/settings');
    expect(first.json()).toEqual({
      retentionDays: RETENTION_DAYS_DEFAULT,
      geo: { source: 'bundled', updatedAt: null },
    });
    const saved = await call(admin.accessToken, 'PATCH', '/settings', { retentionDays: 90 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ retentionDays: 90 });
    expect((await call(admin.accessToken, 'GET', '/settings')).json()).toMatchObject({ retentionDays: 90 });
    const bad = await call(admin.accessToken, 'PATCH', '/settings', { retentionDays: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('installs a newer IP-to-country CSV, and goes back to the bundled one', async () => {
    const csv = '203.0.113.0,203.0.113.255,NZ\n2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,IS\n';
    const bad = await call(admin.accessToken, 'PUT', '/settings/geo?name=x.csv', 'a,b\n', {
      'content-type': 'text/csv',
    });
    expect(bad.statusCode).toBe(400);
    const res = await call(admin.accessToken, 'PUT', '/settings/geo?name=geo-2027.csv', csv, {
      'content-type': 'text/csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ geo: { source: 'geo-2027.csv', updatedAt: expect.any(String) } });
    expect(countryOf('203.0.113.9', undefined)).toBe('NZ');
    expect(countryOf('2001:db8::5', undefined)).toBe('IS');
    // Another instance picks it up from the database.
    await useBundledGeo();
    expect(countryOf('203.0.113.9', undefined)).not.toBe('NZ');
    await syncGeo(t.database.db);
    expect(countryOf('203.0.113.9', undefined)).toBe('NZ');

    const back = await call(admin.accessToken, 'DELETE', '/settings/geo');
    expect(back.json()).toMatchObject({ geo: { source: 'bundled', updatedAt: null } });
    await syncGeo(t.database.db);
    await useBundledGeo();
    expect(countryOf('8.8.8.8', undefined)).toBe('US');
  });

  it('records a sign-up on the built-in site as a goal event, without holding up the sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      remoteAddress: '198.51.100.12',
      headers: { 'user-agent': CHROME, referer: 'http://localhost/register' },
      payload: {
        email: 'goal@example.com',
        password: 'correct horse battery staple',
        firstName: 'Go',
        lastName: 'Al',
      },
    });
    expect(res.statusCode).toBe(200);
    await ingestOf(t.database.db)!.settle();
    const [site] = await t.database.db
      .select()
      .from(analyticsSites)
      .where(eq(analyticsSites.key, BUILT_IN_SITE_KEY));
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.siteId, site!.id));
    expect(events).toMatchObject([{ name: 'signup', page: '/register' }]);
  });
});
