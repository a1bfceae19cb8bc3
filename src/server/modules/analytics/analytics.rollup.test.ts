import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database, Db } from '../../db/client.ts';
import { analyticsDaily, analyticsDirty, analyticsEvents, analyticsSites } from '../../db/schema/index.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { applyRetention, foldDirty, markDirty, refoldDays } from './analytics.rollup.ts';

/** analytics.rollup.ts (ADR 056): rollups against hand-counted events, on PGlite and PostgreSQL. */

describe('analytics rollup', () => {
  let database: Database;
  let db: Db;
  let siteId: string;

  type EventIn = Omit<Partial<typeof analyticsEvents.$inferInsert>, 'at'> & { visitor: bigint; at: string };
  const add = (events: EventIn[]) =>
    db.insert(analyticsEvents).values(
      events.map((e) => ({
        siteId,
        day: e.at.slice(0, 10),
        name: 'pageview',
        page: '/',
        source: 'direct',
        country: 'FR',
        device: 'desktop',
        ...e,
        at: new Date(e.at),
      })),
    );
  const rows = (day: string, dim: string, country = '') =>
    db
      .select({
        value: analyticsDaily.value,
        views: analyticsDaily.views,
        visitors: analyticsDaily.visitors,
        visits: analyticsDaily.visits,
        events: analyticsDaily.events,
      })
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.siteId, siteId),
          eq(analyticsDaily.day, day),
          eq(analyticsDaily.dim, dim),
          eq(analyticsDaily.country, country),
        ),
      )
      .orderBy(analyticsDaily.value);
  const all = () =>
    db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.siteId, siteId))
      .orderBy(analyticsDaily.day, analyticsDaily.dim, analyticsDaily.country, analyticsDaily.value);

  beforeAll(async () => {
    database = await createTestDb();
    db = database.db;
    const [site] = await db
      .insert(analyticsSites)
      .values({ name: 'Shop', key: 'rollup-test', domains: ['shop.example.com'] })
      .returning();
    siteId = site!.id;
    await add([
      // Visitor 1: two page views (entry /a), one custom event, from search, in France.
      { visitor: 1n, at: '2026-03-01T10:00:00Z', page: '/a', source: 'search', referrer: 'google.com' },
      { visitor: 1n, at: '2026-03-01T10:05:00Z', page: '/b', source: 'search', referrer: 'google.com' },
      { visitor: 1n, at: '2026-03-01T10:06:00Z', page: '/b', name: 'signup', source: 'search' },
      // Visitor 2: one page view of /b from Germany; entry /b.
      { visitor: 2n, at: '2026-03-01T11:00:00Z', page: '/b', country: 'DE', device: 'mobile' },
      // Visitor 1 again the next day (another day: a visitor again).
      { visitor: 1n, at: '2026-03-02T09:00:00Z', page: '/b' },
    ]);
    await refoldDays(db, siteId, ['2026-03-01', '2026-03-02']);
  });
  afterAll(() => database.close());

  it('counts views, visitors, visits and events per dimension', async () => {
    expect(await rows('2026-03-01', 'total')).toEqual([
      { value: '', views: 3, visitors: 2, visits: 2, events: 1 },
    ]);
    expect(await rows('2026-03-01', 'page')).toEqual([
      { value: '/a', views: 1, visitors: 1, visits: 1, events: 0 },
      { value: '/b', views: 2, visitors: 2, visits: 1, events: 0 },
    ]);
    expect(await rows('2026-03-01', 'entry')).toEqual([
      { value: '/a', views: 1, visitors: 1, visits: 1, events: 0 },
      { value: '/b', views: 1, visitors: 1, visits: 1, events: 0 },
    ]);
    expect(await rows('2026-03-01', 'event')).toEqual([
      { value: 'signup', views: 0, visitors: 1, visits: 0, events: 1 },
    ]);
    expect(await rows('2026-03-01', 'device')).toEqual([
      { value: 'desktop', views: 2, visitors: 1, visits: 1, events: 1 },
      { value: 'mobile', views: 1, visitors: 1, visits: 1, events: 0 },
    ]);
    // Empty values are not rolled up (no UTM on these events).
    expect(await rows('2026-03-01', 'utmSource')).toEqual([]);
    expect(await rows('2026-03-02', 'total')).toEqual([
      { value: '', views: 1, visitors: 1, visits: 1, events: 0 },
    ]);
  });

  it('splits every row by country', async () => {
    expect(await rows('2026-03-01', 'total', 'FR')).toEqual([
      { value: '', views: 2, visitors: 1, visits: 1, events: 1 },
    ]);
    expect(await rows('2026-03-01', 'page', 'DE')).toEqual([
      { value: '/b', views: 1, visitors: 1, visits: 1, events: 0 },
    ]);
    expect(await rows('2026-03-01', 'country')).toEqual([
      { value: 'DE', views: 1, visitors: 1, visits: 1, events: 0 },
      { value: 'FR', views: 2, visitors: 1, visits: 1, events: 1 },
    ]);
  });

  it('gives the same rows when folded again, and counts a new event once', async () => {
    const before = await all();
    await refoldDays(db, siteId, ['2026-03-01', '2026-03-01', '2026-03-02']);
    expect(await all()).toEqual(before);

    await add([{ visitor: 3n, at: '2026-03-02T12:00:00Z', page: '/c' }]);
    await markDirty(db, [{ siteId, day: '2026-03-02' }]);
    await markDirty(db, [{ siteId, day: '2026-03-02' }]);
    expect(await foldDirty(db)).toBe(1);
    expect(await foldDirty(db)).toBe(0);
    expect(await db.select().from(analyticsDirty)).toEqual([]);
    expect(await rows('2026-03-02', 'total')).toEqual([
      { value: '', views: 2, visitors: 2, visits: 2, events: 0 },
    ]);
    expect((await all()).filter((r) => r.day === '2026-03-01')).toEqual(
      before.filter((r) => r.day === '2026-03-01'),
    );
  });

  it('an event that arrives earlier than the entry moves the entry', async () => {
    await add([{ visitor: 2n, at: '2026-03-01T08:00:00Z', page: '/z', country: 'DE', device: 'mobile' }]);
    await refoldDays(db, siteId, ['2026-03-01']);
    expect((await rows('2026-03-01', 'entry')).map((r) => r.value)).toEqual(['/a', '/z']);
    expect(await rows('2026-03-01', 'total')).toEqual([
      { value: '', views: 4, visitors: 2, visits: 2, events: 1 },
    ]);
  });

  it('counts a visitor’s later page views under the source they came from', async () => {
    await add([
      { visitor: 9n, at: '2026-03-05T10:00:00Z', page: '/x', source: 'social', referrer: 't.co' },
      { visitor: 9n, at: '2026-03-05T10:01:00Z', page: '/y', source: 'direct' },
      { visitor: 9n, at: '2026-03-05T10:02:00Z', page: '/y', name: 'order', source: 'direct' },
    ]);
    await refoldDays(db, siteId, ['2026-03-05']);
    expect(await rows('2026-03-05', 'source')).toEqual([
      { value: 'social', views: 2, visitors: 1, visits: 1, events: 1 },
    ]);
    expect(await rows('2026-03-05', 'referrer')).toEqual([
      { value: 't.co', views: 2, visitors: 1, visits: 1, events: 1 },
    ]);
    await db.delete(analyticsEvents).where(eq(analyticsEvents.day, '2026-03-05'));
  });

  it('deletes raw events past retention but keeps the rollups', async () => {
    const rollups = await all();
    const deleted = await applyRetention(db, new Date('2027-04-01T12:00:00Z'));
    expect(deleted).toBe(6);
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.siteId, siteId));
    expect(left!.n).toBe(1);
    expect(await all()).toEqual(rollups);
  });
});
