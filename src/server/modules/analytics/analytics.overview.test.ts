import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AnalyticsOverview } from '#shared/contract/analytics.ts';
import type { Order } from '#shared/contract/orders.ts';

import { analyticsEvents, analyticsSites, calendarEvents, posts } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { threeMembers, type Member } from '../../testing/members.ts';
import { insertProduct, orderBody } from '../../testing/shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { refoldDays } from './analytics.rollup.ts';
import { findBuiltInSite } from './analytics.sites.ts';
import { OVERVIEW_COUNTRIES } from './analytics.overview.ts';

/** `GET /api/analytics/overview` (issue 30 B) through the API: who sees what, the site's traffic, the rest. */

let t: TestApp;
let admin: Member;
let alice: Member;
let siteId: string;
let otherSiteId: string;
let order: Order;
const { call, ok } = apiCalls(() => t.app, '/api');

const DAY = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** The last 7 days (today included), in UTC. */
const range = `from=${dayAgo(6)}&to=${dayAgo(0)}&tz=UTC`;

/** Raw events of the site on `day`: `visitors` visitors from `country` via `source`, `goals` of them signing up. */
function visits(day: string, country: string, source: string, visitors: number, goals = 0, first = 0) {
  return Array.from({ length: visitors }, (_, i) => [
    {
      siteId,
      at: new Date(`${day}T10:00:00Z`),
      day,
      visitor: BigInt(first + i + 1),
      name: 'pageview',
      page: '/',
      source,
      country,
      device: 'desktop',
    },
    {
      siteId,
      at: new Date(`${day}T10:01:00Z`),
      day,
      visitor: BigInt(first + i + 1),
      name: 'pageview',
      page: '/pricing',
      source,
      country,
      device: 'desktop',
    },
    ...(i < goals
      ? [
          {
            siteId,
            at: new Date(`${day}T10:02:00Z`),
            day,
            visitor: BigInt(first + i + 1),
            name: 'signup',
            page: '/pricing',
            source,
            country,
            device: 'desktop',
          },
        ]
      : []),
  ]).flat();
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice } = await threeMembers(t.app));
  const db = t.database.db;
  const builtIn =
    (await findBuiltInSite(db)) ??
    (
      await db
        .insert(analyticsSites)
        .values({ name: 'Atrium', key: 'overview-test-builtin', builtIn: true, timeZone: 'UTC' })
        .returning()
    )[0]!;
  siteId = builtIn.id;
  const [other] = await db
    .insert(analyticsSites)
    .values({ name: 'Shop', key: 'overview-test-shop', domains: ['shop.example.com'], timeZone: 'UTC' })
    .returning();
  otherSiteId = other!.id;

  // Today: 9 countries (FR most), 2 sign-ups in FR; the previous week: 3 visitors, all from search.
  const countries = ['FR', 'DE', 'US', 'GB', 'VN', 'CN', 'EG', 'BR', 'JP'];
  const today = dayAgo(0);
  const rows = countries.flatMap((country, i) =>
    visits(today, country, i === 0 ? 'search' : 'direct', 10 - i, i === 0 ? 2 : 0, i * 100),
  );
  rows.push(...visits(dayAgo(9), 'FR', 'search', 3));
  await db.insert(analyticsEvents).values(rows);
  await refoldDays(db, siteId, [today, dayAgo(9)]);

  // The shop: one order by Alice, paid; the blog: one published post; the calendar: one event.
  const shirt = await insertProduct(db, { name: 'Overview shirt' });
  order = (
    await ok<{ order: Order }>(
      alice,
      'POST',
      '/orders',
      orderBody([{ productId: shirt.id, quantity: 3 }]),
      201,
    )
  ).order;
  await ok(admin, 'POST', `/orders/${order.id}/status`, { status: 'paid', version: order.version });
  await db.insert(posts).values({
    authorId: admin.id,
    title: 'Spring news',
    slug: 'spring-news',
    description: 'What is new',
    content: '<p>News</p>',
    publish: 'published',
    publishedAt: new Date(Date.now() - DAY),
  });
  await db.insert(calendarEvents).values({
    ownerId: alice.id,
    title: 'Stand-up',
    color: '#00A76F',
    start: new Date(Date.now() - 2 * DAY),
    end: new Date(Date.now() - 2 * DAY + 3_600_000),
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/analytics/overview', () => {
  it("gives administrators the built-in site's traffic from its rollups", async () => {
    const o = await ok<AnalyticsOverview>(admin, 'GET', `/analytics/overview?${range}`);
    expect(o.site).toEqual({ id: siteId, name: expect.any(String), timeZone: 'UTC' });
    expect(o.range).toMatchObject({ from: dayAgo(6), to: dayAgo(0), previousFrom: dayAgo(13) });

    // The six countries with most visitors, the rest (EG 4, BR 3, JP 2) summed as `other`.
    expect(o.visitsByCountry).toHaveLength(OVERVIEW_COUNTRIES + 1);
    expect(o.visitsByCountry.slice(0, 3)).toEqual([
      { country: 'FR', visitors: 10 },
      { country: 'DE', visitors: 9 },
      { country: 'US', visitors: 8 },
    ]);
    expect(o.visitsByCountry.at(-1)).toEqual({ country: 'other', visitors: 4 + 3 + 2 });
    expect(o.visitsByCountry.reduce((n, c) => n + c.visitors, 0)).toBe(54);

    // Visits per day: this week's 54 visitors and 108 views today; the previous week's 3 on its day.
    expect(o.visits.current).toHaveLength(7);
    expect(o.visits.current.at(-1)).toEqual({ day: dayAgo(0), visitors: 54, views: 108 });
    expect(o.visits.previous.find((p) => p.day === dayAgo(9))).toEqual({
      day: dayAgo(9),
      visitors: 3,
      views: 6,
    });

    // Conversions: the built-in site counts sign-ups.
    expect(o.conversionByCountry[0]).toEqual({ country: 'FR', visitors: 10, converted: 2 });
    expect(o.conversionByCountry[1]).toEqual({ country: 'DE', visitors: 9, converted: 0 });

    // Sources with the previous week's.
    expect(o.sources).toEqual([
      { source: 'direct', visitors: 44, previous: 0 },
      { source: 'search', visitors: 10, previous: 3 },
    ]);
  });

  it("gives the workspace's cards, areas, news and order timeline", async () => {
    const o = await ok<AnalyticsOverview>(admin, 'GET', `/analytics/overview?${range}`);
    expect(o.weeklySales.value).toBe(1);
    expect(o.weeklySales.series.at(-1)).toEqual({ day: dayAgo(0), value: 1 });
    expect(o.purchaseOrders.value).toBe(3);
    // Three accounts registered today.
    expect(o.newUsers?.value).toBe(3);
    const area = (name: string) => o.areas.find((a) => a.area === name);
    // Messages: the chat's and the mail's together, as the areas count them apart.
    expect(o.messages.value).toBe(area('mail')!.value + area('chat')!.value);
    expect(o.areas.map((a) => a.area)).toEqual(['mail', 'chat', 'calendar', 'kanban', 'shop', 'blog']);
    expect(area('shop')).toEqual({ area: 'shop', value: 1, previous: 0 });
    expect(area('blog')).toEqual({ area: 'blog', value: 1, previous: 0 });
    expect(area('calendar')).toEqual({ area: 'calendar', value: 1, previous: 0 });
    expect(o.news.map((n) => n.title)).toContain('Spring news');
    expect(o.news.find((n) => n.title === 'Spring news')).toMatchObject({
      slug: 'spring-news',
      coverUrl: null,
    });
    // Placed (pending), then paid: newest first.
    expect(o.orderTimeline.map((e) => [e.number, e.action])).toEqual([
      [order.number, 'paid'],
      [order.number, 'pending'],
    ]);
  });

  it("gives anyone else their own figures and no site's traffic", async () => {
    const o = await ok<AnalyticsOverview>(alice, 'GET', `/analytics/overview?${range}`);
    expect(o.site.id).toBe(siteId);
    expect(o.newUsers).toBeUndefined();
    expect(o.visitsByCountry).toEqual([]);
    expect(o.conversionByCountry).toEqual([]);
    expect(o.sources).toEqual([]);
    expect(o.visits).toEqual({ current: [], previous: [] });
    // Alice's own order, and her own calendar event.
    expect(o.weeklySales.value).toBe(1);
    expect(o.orderTimeline).toHaveLength(2);
    expect(o.areas.find((a) => a.area === 'calendar')?.value).toBe(1);
    // Published posts are everyone's news; Alice published none herself.
    expect(o.news.map((n) => n.title)).toContain('Spring news');
    expect(o.areas.find((a) => a.area === 'blog')?.value).toBe(0);

    const grace = await ok<AnalyticsOverview>(admin, 'GET', `/analytics/overview?${range}`);
    expect(grace.areas.find((a) => a.area === 'calendar')?.value).toBe(1);
  });

  it('reads another site when asked, and refuses an unknown one or a bad range', async () => {
    const o = await ok<AnalyticsOverview>(admin, 'GET', `/analytics/overview?${range}&site=${otherSiteId}`);
    expect(o.site).toEqual({ id: otherSiteId, name: 'Shop', timeZone: 'UTC' });
    expect(o.visitsByCountry).toEqual([]);
    expect(o.visits.current.every((p) => p.visitors === 0)).toBe(true);

    const unknown = await call(
      admin,
      'GET',
      `/analytics/overview?${range}&site=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBeTruthy();

    const backwards = await call(
      admin,
      'GET',
      `/analytics/overview?from=${dayAgo(0)}&to=${dayAgo(6)}&tz=UTC`,
    );
    expect(backwards.statusCode).toBe(400);
    const badSite = await call(admin, 'GET', `/analytics/overview?${range}&site=nope`);
    expect(badSite.statusCode).toBe(400);
    const badZone = await call(
      admin,
      'GET',
      `/analytics/overview?from=${dayAgo(6)}&to=${dayAgo(0)}&tz=Mars/Base`,
    );
    expect(badZone.statusCode).toBe(400);
  });

  it('is for signed-in people only', async () => {
    const res = await call(null, 'GET', `/analytics/overview?${range}`);
    expect(res.statusCode).toBe(401);
  });
});
