import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AnalyticsBreakdown, AnalyticsSite, AnalyticsSummary } from '#shared/contract/analytics.ts';

import { analyticsDaily, analyticsEvents, analyticsSites } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { threeMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { refoldDays } from './analytics.rollup.ts';

/** `/api/analytics` sites and figures (issue 30, ADR 056), on both databases. */

let t: TestApp;
let admin: Member;
let alice: Member;
let builtIn: AnalyticsSite;
const { call, ok } = apiCalls(() => t.app, '/api/analytics');

const DAY_MS = 86_400_000;
/** The UTC day `n` days before today (recent, so the retention sweep never takes these events). */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

type EventIn = Partial<typeof analyticsEvents.$inferInsert> & { day: string; visitor: bigint };
let minute = 0;
/** Raw events straight into the table (as the writer leaves them), then the fold of their days. */
async function seed(siteId: string, events: EventIn[]) {
  await t.app.db.insert(analyticsEvents).values(
    events.map((e) => ({
      siteId,
      at: new Date(Date.parse(`${e.day}T09:00:00Z`) + ++minute * 60_000),
      name: 'pageview',
      page: '/',
      source: 'direct',
      country: 'FR',
      device: 'desktop',
      ...e,
    })),
  );
  await refoldDays(t.app.db, siteId, [...new Set(events.map((e) => e.day))]);
}

const makeSite = async (over: Record<string, unknown> = {}) =>
  (
    await ok<{ site: AnalyticsSite }>(
      admin,
      'POST',
      '/sites',
      { name: 'Shop', domains: ['Shop.Example.com'], ...over },
      201,
    )
  ).site;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice } = await threeMembers(t.app));
  builtIn = (await ok<{ sites: AnalyticsSite[] }>(admin, 'GET', '/sites')).sites[0]!;
});

afterAll(async () => {
  await t.close();
});

describe('who may call', () => {
  it('answers administrators only: 401 signed out, 403 for a member', async () => {
    const id = builtIn.id;
    const range = `from=${daysAgo(7)}&to=${daysAgo(0)}`;
    const requests: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/sites'],
      ['POST', '/sites', { name: 'Mine', domains: ['mine.example.com'] }],
      ['PATCH', `/sites/${id}`, { name: 'Mine' }],
      ['DELETE', `/sites/${id}`],
      ['GET', `/sites/${id}/check`],
      ['GET', `/sites/${id}/summary?${range}`],
      ['GET', `/sites/${id}/breakdown/page?${range}`],
      ['GET', `/sites/${id}/breakdown/page?${range}&format=csv`],
      ['GET', `/sites/${id}/now`],
    ];
    for (const [method, url, body] of requests) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(alice, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json<{ message: string }>().message).toBeTruthy();
    }
    const sites = await t.app.db.select().from(analyticsSites);
    expect(sites.map((s) => s.name)).not.toContain('Mine');
  });
});

describe('sites', () => {
  it('lists the built-in site first', async () => {
    await makeSite({ name: 'Listed' });
    const { sites } = await ok<{ sites: AnalyticsSite[] }>(admin, 'GET', '/sites');
    expect(sites[0]).toMatchObject({ id: builtIn.id, builtIn: true });
    expect(sites.filter((s) => s.builtIn)).toHaveLength(1);
    expect(sites.map((s) => s.name)).toContain('Listed');
  });

  it('adds a site with a new random key, and tells the administrators', async () => {
    const publish = vi.spyOn(t.app.realtime, 'publish');
    try {
      const a = await makeSite({ goals: ['download', 'download'], timeZone: 'Europe/Paris' });
      const b = await makeSite();
      expect(a).toMatchObject({
        name: 'Shop',
        domains: ['shop.example.com'],
        goals: ['download'],
        timeZone: 'Europe/Paris',
        builtIn: false,
        excludeAdmins: false,
        lastEventAt: null,
      });
      expect(a.key).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(b.key).not.toBe(a.key);
      expect(publish).toHaveBeenCalledWith(expect.arrayContaining([admin.id]), {
        type: 'analytics.siteChanged',
        siteId: a.id,
      });
      const [, to] = publish.mock.calls.find(([, e]) => e.type === 'analytics.siteChanged')!;
      expect(to).toEqual({ type: 'analytics.siteChanged', siteId: a.id });
      const recipients = publish.mock.calls.find(([, e]) => e.type === 'analytics.siteChanged')![0];
      expect(recipients).not.toContain(alice.id);
    } finally {
      publish.mockRestore();
    }
  });

  it('refuses a bad site with 400 and a message', async () => {
    for (const body of [
      { name: '', domains: ['a.example.com'] },
      { name: 'No domains', domains: [] },
      { name: 'Bad domain', domains: ['https://a.example.com/'] },
      { name: 'Bad zone', domains: ['a.example.com'], timeZone: 'Mars/Olympus' },
    ]) {
      const res = await call(admin, 'POST', '/sites', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await call(admin, 'PATCH', `/sites/${builtIn.id}`, {})).statusCode).toBe(400);
  });

  it('edits a site; the built-in site keeps its domains', async () => {
    const site = await makeSite({ timeZone: 'Asia/Tokyo' });
    const publish = vi.spyOn(t.app.realtime, 'publish');
    try {
      const edited = await ok<{ site: AnalyticsSite }>(admin, 'PATCH', `/sites/${site.id}`, {
        name: 'Shop (EU)',
        domains: ['eu.example.com', 'shop.example.com'],
        goals: ['checkout'],
        excludeAdmins: true,
      });
      expect(edited.site).toMatchObject({
        id: site.id,
        key: site.key,
        name: 'Shop (EU)',
        domains: ['eu.example.com', 'shop.example.com'],
        goals: ['checkout'],
        excludeAdmins: true,
      });
      expect(publish).toHaveBeenCalledWith(expect.arrayContaining([admin.id]), {
        type: 'analytics.siteChanged',
        siteId: site.id,
      });
    } finally {
      publish.mockRestore();
    }

    // Only the fields sent change.
    const renamedOnly = await ok<{ site: AnalyticsSite }>(admin, 'PATCH', `/sites/${site.id}`, {
      name: 'Shop',
    });
    expect(renamedOnly.site).toMatchObject({
      name: 'Shop',
      domains: ['eu.example.com', 'shop.example.com'],
      goals: ['checkout'],
      excludeAdmins: true,
      timeZone: site.timeZone,
    });

    const refused = await call(admin, 'PATCH', `/sites/${builtIn.id}`, { domains: ['evil.example.com'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string; code: string }>()).toMatchObject({ code: 'BUILT_IN_DOMAINS' });
    const [row] = await t.app.db.select().from(analyticsSites).where(eq(analyticsSites.id, builtIn.id));
    expect(row!.domains).toEqual(builtIn.domains);

    const renamed = await ok<{ site: AnalyticsSite }>(admin, 'PATCH', `/sites/${builtIn.id}`, {
      name: 'Our pages',
      goals: ['newsletter'],
    });
    expect(renamed.site).toMatchObject({ name: 'Our pages', goals: ['newsletter'], builtIn: true });

    expect((await call(admin, 'PATCH', `/sites/${crypto.randomUUID()}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', '/sites/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
  });

  it('removes a site with its events and rollups; never the built-in one', async () => {
    const site = await makeSite();
    await seed(site.id, [{ day: daysAgo(1), visitor: 1n }]);
    expect((await call(admin, 'DELETE', `/sites/${site.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/sites/${site.id}/check`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.siteId, site.id))).toEqual(
      [],
    );
    expect(await t.app.db.select().from(analyticsDaily).where(eq(analyticsDaily.siteId, site.id))).toEqual(
      [],
    );
    expect((await call(admin, 'DELETE', `/sites/${site.id}`)).statusCode).toBe(404);

    const refused = await call(admin, 'DELETE', `/sites/${builtIn.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string; code: string }>()).toMatchObject({ code: 'BUILT_IN_SITE' });
    expect(refused.json<{ message: string }>().message).toMatch(/built-in/);
    const { sites } = await ok<{ sites: AnalyticsSite[] }>(admin, 'GET', '/sites');
    expect(sites.some((s) => s.id === builtIn.id)).toBe(true);
  });

  it('checks the installation: the last event received', async () => {
    const site = await makeSite();
    expect(await ok(admin, 'GET', `/sites/${site.id}/check`)).toEqual({ lastEventAt: null, lastEvent: null });
    await seed(site.id, [
      { day: daysAgo(2), visitor: 1n, page: '/old' },
      { day: daysAgo(1), visitor: 2n, page: '/pricing', name: 'signup' },
    ]);
    const check = await ok<{ lastEventAt: string; lastEvent: { name: string; page: string } }>(
      admin,
      'GET',
      `/sites/${site.id}/check`,
    );
    expect(check.lastEvent).toEqual({ name: 'signup', page: '/pricing' });
    expect(check.lastEventAt.slice(0, 10)).toBe(daysAgo(1));
    expect((await call(admin, 'GET', `/sites/${crypto.randomUUID()}/check`)).statusCode).toBe(404);
  });
});

describe('figures', () => {
  let site: AnalyticsSite;
  const d = (n: number) => daysAgo(n);
  // The range: the last 3 days before today (d(3)…d(1)); the previous period d(6)…d(4).
  const range = () => `from=${d(3)}&to=${d(1)}`;

  beforeAll(async () => {
    site = await makeSite({ goals: ['download'] });
    await seed(site.id, [
      // Previous period: one visitor on d(5).
      { day: d(5), visitor: 1n, page: '/', country: 'FR' },
      // d(3): visitor 1 (FR) views / then /pricing, downloads; visitor 2 (DE, mobile) views /pricing.
      { day: d(3), visitor: 1n, page: '/', country: 'FR' },
      { day: d(3), visitor: 1n, page: '/pricing', country: 'FR' },
      { day: d(3), visitor: 1n, page: '/pricing', country: 'FR', name: 'download' },
      { day: d(3), visitor: 2n, page: '/pricing', country: 'DE', device: 'mobile' },
      // d(1): visitor 1 again (a new day: a visitor again), from France, on /=cmd.
      { day: d(1), visitor: 1n, page: '/=cmd', country: 'FR', utmCampaign: '=SUM(A1)' },
    ]);
  });

  it('sums the range and the previous period, every day of the range in the series', async () => {
    const s = await ok<AnalyticsSummary>(admin, 'GET', `/sites/${site.id}/summary?${range()}`);
    expect(s.range).toEqual({ from: d(3), to: d(1), previousFrom: d(6), previousTo: d(4) });
    expect(s.timeZone).toBe('UTC');
    expect(s.visitors).toEqual({ value: 3, previous: 1 });
    expect(s.views).toEqual({ value: 4, previous: 1 });
    expect(s.visits).toEqual({ value: 3, previous: 1 });
    expect(s.viewsPerVisit).toEqual({ value: 1.33, previous: 1 });
    expect(s.conversions).toEqual({ value: 1, previous: 0 });
    expect(s.series.current).toEqual([
      { day: d(3), visitors: 2, views: 3 },
      { day: d(2), visitors: 0, views: 0 },
      { day: d(1), visitors: 1, views: 1 },
    ]);
    expect(s.series.previous).toEqual([
      { day: d(6), visitors: 0, views: 0 },
      { day: d(5), visitors: 1, views: 1 },
      { day: d(4), visitors: 0, views: 0 },
    ]);
  });

  it('a country filter (rollups) and a page filter (raw events) count what the events hold', async () => {
    const fr = await ok<AnalyticsSummary>(
      admin,
      'GET',
      `/sites/${site.id}/summary?${range()}&filter=country:FR`,
    );
    expect(fr.visitors).toEqual({ value: 2, previous: 1 });
    expect(fr.views).toEqual({ value: 3, previous: 1 });
    expect(fr.conversions.value).toBe(1);
    const pricing = await ok<AnalyticsSummary>(
      admin,
      'GET',
      `/sites/${site.id}/summary?${range()}&filter=${encodeURIComponent('page:/pricing')}`,
    );
    expect(pricing.visitors).toEqual({ value: 2, previous: 0 });
    expect(pricing.views).toEqual({ value: 2, previous: 0 });
    expect(pricing.visits.value).toBe(1); // visitor 2 entered on /pricing
    const both = await ok<AnalyticsBreakdown>(
      admin,
      'GET',
      `/sites/${site.id}/breakdown/country?${range()}&filter=${encodeURIComponent('page:/pricing')}&filter=device:mobile`,
    );
    expect(both.rows.map((r) => [r.value, r.visitors, r.views])).toEqual([['DE', 1, 1]]);
  });

  it('breaks down, pages and sorts on the server', async () => {
    const pages = await ok<AnalyticsBreakdown>(
      admin,
      'GET',
      `/sites/${site.id}/breakdown/page?${range()}&sort=views&order=desc&pageSize=2`,
    );
    expect(pages).toMatchObject({ dimension: 'page', total: 3, page: 1, pageSize: 2, hasNextPage: true });
    expect(pages.rows).toEqual([
      { value: '/pricing', visitors: 2, views: 2, visits: 1, events: 0, previousVisitors: 0, share: 0.6667 },
      { value: '/', visitors: 1, views: 1, visits: 1, events: 0, previousVisitors: 1, share: 0.3333 },
    ]);
    const next = await ok<AnalyticsBreakdown>(
      admin,
      'GET',
      `/sites/${site.id}/breakdown/page?${range()}&sort=views&order=desc&pageSize=2&page=2`,
    );
    expect(next).toMatchObject({ total: 3, page: 2, hasNextPage: false });
    expect(next.rows.map((r) => r.value)).toEqual(['/=cmd']);
    const byName = await ok<AnalyticsBreakdown>(
      admin,
      'GET',
      `/sites/${site.id}/breakdown/page?${range()}&sort=value&order=asc`,
    );
    expect(byName.rows.map((r) => r.value)).toEqual(['/', '/=cmd', '/pricing']);
    const events = await ok<AnalyticsBreakdown>(admin, 'GET', `/sites/${site.id}/breakdown/event?${range()}`);
    expect(events.rows).toEqual([
      { value: 'download', visitors: 1, views: 0, visits: 0, events: 1, previousVisitors: 0, share: 0.3333 },
    ]);
  });

  it('exports the same rows as CSV, filters and sort included', async () => {
    const res = await call(
      admin,
      'GET',
      `/sites/${site.id}/breakdown/page?${range()}&filter=country:FR&sort=value&order=desc&format=csv&pageSize=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="analytics-page-${d(3)}-${d(1)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(
      'page,visitors,views,visits,events,previousVisitors,share\r\n' +
        '/pricing,1,1,0,0,0,0.5\r\n' +
        '/=cmd,1,1,1,0,0,0.5\r\n' +
        '/,1,1,1,0,1,0.5\r\n',
    );
    const formula = await call(admin, 'GET', `/sites/${site.id}/breakdown/utmCampaign?${range()}&format=csv`);
    expect(formula.body).toBe(
      'utmCampaign,visitors,views,visits,events,previousVisitors,share\r\n' +
        "'=SUM(A1),1,1,1,0,0,0.3333\r\n",
    );
  });

  it('refuses bad questions with 400 and a message, an unknown site with 404', async () => {
    const bad = [
      `/sites/${site.id}/summary?from=2026-13-01&to=${d(1)}`,
      `/sites/${site.id}/summary?from=${d(1)}`,
      `/sites/${site.id}/summary?from=${d(1)}&to=${d(3)}`,
      `/sites/${site.id}/summary?from=2020-01-01&to=${d(1)}`,
      `/sites/${site.id}/summary?${range()}&filter=colour:red`,
      `/sites/${site.id}/summary?${range()}&filter=country`,
      `/sites/${site.id}/summary?${range()}&filter=country:`,
      `/sites/${site.id}/summary?${range()}&filter=country:FR&filter=country:DE`,
      `/sites/${site.id}/breakdown/colour?${range()}`,
      `/sites/${site.id}/breakdown/page?${range()}&sort=name`,
      `/sites/${site.id}/breakdown/page?${range()}&order=up`,
      `/sites/${site.id}/breakdown/page?${range()}&page=0`,
      `/sites/${site.id}/breakdown/page?${range()}&format=xml`,
      `/sites/nope/summary?${range()}`,
    ];
    for (const url of bad) {
      const res = await call(admin, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toBeTruthy();
    }
    const unknown = crypto.randomUUID();
    for (const url of [
      `/sites/${unknown}/summary?${range()}`,
      `/sites/${unknown}/breakdown/page?${range()}`,
      `/sites/${unknown}/now`,
    ]) {
      const res = await call(admin, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Site not found');
    }
  });

  it('counts the visitors of the last minutes', async () => {
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const base = {
      siteId: site.id,
      day: today,
      page: '/',
      source: 'direct',
      country: 'FR',
      device: 'desktop',
    };
    await t.app.db.insert(analyticsEvents).values([
      { ...base, name: 'pageview', at: new Date(now - 60_000), visitor: 71n },
      { ...base, name: 'pageview', at: new Date(now - 30_000), visitor: 71n },
      { ...base, name: 'download', at: new Date(now - 90_000), visitor: 72n },
      { ...base, name: 'pageview', at: new Date(now - 20 * 60_000), visitor: 73n },
    ]);
    expect(await ok(admin, 'GET', `/sites/${site.id}/now`)).toEqual({ visitors: 2 });
    expect(await ok(admin, 'GET', `/sites/${builtIn.id}/now`)).toEqual({ visitors: 0 });
  });
});
