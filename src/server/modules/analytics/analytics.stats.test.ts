import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  analyticsDimensions,
  PAGEVIEW_EVENT,
  type AnalyticsDimension,
  type AnalyticsFilter,
} from '#shared/contract/analytics.ts';

import type { Database, Db } from '../../db/client.ts';
import { analyticsEvents, analyticsSites } from '../../db/schema/index.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { refoldDays } from './analytics.rollup.ts';
import {
  breakdownCsv,
  breakdownPage,
  goalsOf,
  readsRollups,
  siteBreakdown,
  siteSummary,
  visitorsNow,
  type SiteScope,
} from './analytics.stats.ts';

/**
 * analytics.stats.ts (ADR 056) against figures counted here, in JavaScript, from the same events: the
 * rollup path (no filter, a country filter) and the raw path (any other filter) must both give them, on
 * PGlite and PostgreSQL.
 */

interface SeedEvent {
  id: number;
  at: string;
  day: string;
  visitor: number;
  name: string;
  page: string;
  source: string;
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  language: string;
  /** Set as the fold sets it: the visitor's first page view of the day. */
  entry: boolean;
  /** Where the visit came from, as the fold gives it: the visitor's first page view's of the day. */
  attributed: Record<'source' | 'referrer' | 'utmSource' | 'utmMedium' | 'utmCampaign', string>;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
};

/** A small deterministic generator (mulberry32), so the events are the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedEvents(): SeedEvent[] {
  const next = random(30);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const events: SeedEvent[] = [];
  // 2026-02-20 … 2026-03-10: covers the range 1–7 March and its previous period 22–28 February.
  for (const day of daysFrom('2026-02-20', '2026-03-10')) {
    for (let n = 0; n < 24; n++) {
      const visitor = 1 + Math.floor(next() * 12); // the same hash on several days: a visitor again each day
      const custom = next() < 0.2;
      events.push({
        id: events.length + 1,
        // Distinct instants (one a minute), so "first page view" never ties.
        at: new Date(Date.parse(`${day}T08:00:00Z`) + n * 60_000).toISOString(),
        day,
        visitor,
        name: custom ? pick(['signup', 'order', 'download', 'play']) : PAGEVIEW_EVENT,
        page: pick(['/', '/pricing', '/about-us', '/blog/a']),
        source: pick(['direct', 'search', 'social']),
        referrer: pick(['', 'google.com', 'x.com']),
        utmSource: pick(['', '', 'newsletter']),
        utmMedium: pick(['', 'email']),
        utmCampaign: pick(['', 'spring']),
        country: pick(['FR', 'DE', 'US']),
        device: pick(['desktop', 'mobile']),
        browser: pick(['Firefox', 'Chrome']),
        os: pick(['Linux', 'Android']),
        language: pick(['fr', 'en']),
        entry: false,
        attributed: { source: '', referrer: '', utmSource: '', utmMedium: '', utmCampaign: '' },
      });
    }
  }
  // As the fold: where a visit came from is the visitor's first page view's of the day (then first event's).
  const first = new Map<string, SeedEvent>();
  const ordered = [...events].sort(
    (a, b) =>
      Number(a.name !== PAGEVIEW_EVENT) - Number(b.name !== PAGEVIEW_EVENT) || a.at.localeCompare(b.at),
  );
  for (const e of ordered) if (!first.has(`${e.day}|${e.visitor}`)) first.set(`${e.day}|${e.visitor}`, e);
  for (const e of events) {
    const f = first.get(`${e.day}|${e.visitor}`)!;
    e.attributed = {
      source: f.source,
      referrer: f.referrer,
      utmSource: f.utmSource,
      utmMedium: f.utmMedium,
      utmCampaign: f.utmCampaign,
    };
  }
  const seen = new Set<string>();
  for (const e of events) {
    if (e.name !== PAGEVIEW_EVENT || seen.has(`${e.day}|${e.visitor}`)) continue;
    seen.add(`${e.day}|${e.visitor}`);
    e.entry = true;
  }
  return events;
}

/** The value of `dim` of an event as the fold rolls it up (null: none; '' is never a row). */
function valueOf(e: SeedEvent, dim: AnalyticsDimension): string | null {
  switch (dim) {
    case 'page':
      return e.name === PAGEVIEW_EVENT ? e.page : null;
    case 'entry':
      return e.entry ? e.page : null;
    case 'event':
      return e.name === PAGEVIEW_EVENT ? null : e.name;
    case 'source':
    case 'referrer':
    case 'utmSource':
    case 'utmMedium':
    case 'utmCampaign':
      return e.attributed[dim];
    default:
      return e[dim];
  }
}

interface Figures {
  views: number;
  visitors: number;
  visits: number;
  events: number;
}

/** Figures of `events` counted by hand: visitors distinct per day, summed over the days. */
function count(events: readonly SeedEvent[]): Figures {
  const visitors = new Set(events.map((e) => `${e.day}|${e.visitor}`)).size;
  return {
    views: events.filter((e) => e.name === PAGEVIEW_EVENT).length,
    visitors,
    visits: events.filter((e) => e.entry).length,
    events: events.filter((e) => e.name !== PAGEVIEW_EVENT).length,
  };
}

describe('analytics stats', () => {
  let database: Database;
  let db: Db;
  let site: SiteScope;
  let builtIn: SiteScope;
  const events = seedEvents();
  const RANGE = { from: '2026-03-01', to: '2026-03-07' };
  const PREVIOUS = { from: '2026-02-22', to: '2026-02-28' };

  const matching = (range: { from: string; to: string }, filters: readonly AnalyticsFilter[]) =>
    events.filter(
      (e) => e.day >= range.from && e.day <= range.to && filters.every((f) => valueOf(e, f.dim) === f.value),
    );

  /** Conversions counted by hand: per day, the goals' visitors summed, at most the day's visitors. */
  const conversions = (scope: SiteScope, list: readonly SeedEvent[]) => {
    const goals = goalsOf(scope);
    let total = 0;
    for (const day of new Set(list.map((e) => e.day))) {
      const ofDay = list.filter((e) => e.day === day);
      const reached = goals.reduce(
        (sum, goal) => sum + new Set(ofDay.filter((e) => e.name === goal).map((e) => e.visitor)).size,
        0,
      );
      total += Math.min(reached, new Set(ofDay.map((e) => e.visitor)).size);
    }
    return total;
  };

  /** The breakdown of `dim` counted by hand, every value with its figures. */
  const rowsByHand = (
    dim: AnalyticsDimension,
    range: { from: string; to: string },
    filters: readonly AnalyticsFilter[],
  ) => {
    const byValue = new Map<string, SeedEvent[]>();
    for (const e of matching(range, filters)) {
      const v = valueOf(e, dim);
      if (v === null || v === '') continue;
      byValue.set(v, [...(byValue.get(v) ?? []), e]);
    }
    return new Map([...byValue].map(([v, list]) => [v, count(list)]));
  };

  beforeAll(async () => {
    database = await createTestDb();
    db = database.db;
    const [external] = await db
      .insert(analyticsSites)
      .values({ name: 'Shop', key: 'stats-test-shop', domains: ['shop.example.com'], goals: ['download'] })
      .returning();
    // The migration made the built-in site.
    const [own] = await db.select().from(analyticsSites).where(eq(analyticsSites.builtIn, true));
    site = { id: external!.id, timeZone: 'UTC', goals: ['download'], builtIn: false };
    builtIn = { id: own!.id, timeZone: 'UTC', goals: [], builtIn: true };
    for (const target of [site, builtIn]) {
      await db.insert(analyticsEvents).values(
        events.map((e) => ({
          siteId: target.id,
          at: new Date(e.at),
          day: e.day,
          visitor: BigInt(e.visitor),
          name: e.name,
          page: e.page,
          source: e.source,
          referrer: e.referrer,
          utmSource: e.utmSource,
          utmMedium: e.utmMedium,
          utmCampaign: e.utmCampaign,
          country: e.country,
          device: e.device,
          browser: e.browser,
          os: e.os,
          language: e.language,
        })),
      );
      await refoldDays(db, target.id, daysFrom('2026-02-20', '2026-03-10'));
    }
  });
  afterAll(() => database.close());

  const filterSets: Array<{ name: string; filters: AnalyticsFilter[]; rollups: boolean }> = [
    { name: 'no filter', filters: [], rollups: true },
    { name: 'a country filter', filters: [{ dim: 'country', value: 'FR' }], rollups: true },
    { name: 'a page filter', filters: [{ dim: 'page', value: '/pricing' }], rollups: false },
    {
      name: 'a country and a device filter',
      filters: [
        { dim: 'country', value: 'DE' },
        { dim: 'device', value: 'mobile' },
      ],
      rollups: false,
    },
    { name: 'an entry filter', filters: [{ dim: 'entry', value: '/' }], rollups: false },
    { name: 'an event filter', filters: [{ dim: 'event', value: 'download' }], rollups: false },
    { name: 'a source filter', filters: [{ dim: 'source', value: 'search' }], rollups: false },
    { name: 'a campaign filter', filters: [{ dim: 'utmCampaign', value: 'spring' }], rollups: false },
  ];

  it.each(filterSets)('the summary with $name counts what the events hold', async ({ filters, rollups }) => {
    expect(readsRollups(filters)).toBe(rollups);
    const summary = await siteSummary(db, site, { ...RANGE, filters });
    const now = count(matching(RANGE, filters));
    const before = count(matching(PREVIOUS, filters));
    expect(summary.range).toEqual({ ...RANGE, previousFrom: PREVIOUS.from, previousTo: PREVIOUS.to });
    expect(summary.timeZone).toBe('UTC');
    expect(summary.visitors).toEqual({ value: now.visitors, previous: before.visitors });
    expect(summary.views).toEqual({ value: now.views, previous: before.views });
    expect(summary.visits).toEqual({ value: now.visits, previous: before.visits });
    expect(summary.conversions).toEqual({
      value: conversions(site, matching(RANGE, filters)),
      previous: conversions(site, matching(PREVIOUS, filters)),
    });
    expect(summary.viewsPerVisit.value).toBeCloseTo(now.visits ? now.views / now.visits : 0, 2);
    // Every day of the range, in order, zeros included.
    expect(summary.series.current.map((p) => p.day)).toEqual(daysFrom(RANGE.from, RANGE.to));
    expect(summary.series.previous.map((p) => p.day)).toEqual(daysFrom(PREVIOUS.from, PREVIOUS.to));
    for (const point of [...summary.series.current, ...summary.series.previous]) {
      const day = count(matching({ from: point.day, to: point.day }, filters));
      expect(point).toEqual({ day: point.day, visitors: day.visitors, views: day.views });
    }
    if (filters.length === 0) expect(now.visitors).toBeGreaterThan(0);
  });

  it.each(filterSets)('every breakdown with $name counts what the events hold', async ({ filters }) => {
    const total = count(matching(RANGE, filters)).visitors;
    for (const dim of analyticsDimensions) {
      const expected = rowsByHand(dim, RANGE, filters);
      const previous = rowsByHand(dim, PREVIOUS, filters);
      const { rows, total: values } = await siteBreakdown(db, site, dim, {
        ...RANGE,
        filters,
        sort: 'value',
        order: 'asc',
        limit: 1000,
        offset: 0,
      });
      expect(values, dim).toBe(expected.size);
      expect(
        rows.map((r) => r.value),
        dim,
      ).toEqual([...expected.keys()].sort());
      for (const row of rows) {
        const hand = expected.get(row.value)!;
        expect(row, `${dim} ${row.value}`).toEqual({
          value: row.value,
          ...hand,
          previousVisitors: previous.get(row.value)?.visitors ?? 0,
          share: Math.round((hand.visitors / total) * 10_000) / 10_000,
        });
      }
    }
  });

  it('a filtered summary is the breakdown row of that value', async () => {
    const { rows } = await siteBreakdown(db, site, 'page', {
      ...RANGE,
      filters: [{ dim: 'country', value: 'US' }],
      sort: 'visitors',
      order: 'desc',
      limit: 1,
      offset: 0,
    });
    const top = rows[0]!;
    const summary = await siteSummary(db, site, {
      ...RANGE,
      filters: [
        { dim: 'country', value: 'US' },
        { dim: 'page', value: top.value },
      ],
    });
    expect({
      visitors: summary.visitors.value,
      views: summary.views.value,
      visits: summary.visits.value,
    }).toEqual({ visitors: top.visitors, views: top.views, visits: top.visits });
  });

  it('pages and sorts on the server, ties by value', async () => {
    const all = await breakdownPage(db, site, 'page', {
      ...RANGE,
      filters: [],
      sort: 'views',
      order: 'desc',
      page: 1,
      pageSize: 100,
    });
    expect(all.total).toBe(4);
    const sorted = [...all.rows].sort((a, b) => b.views - a.views || a.value.localeCompare(b.value));
    expect(all.rows).toEqual(sorted);

    const first = await breakdownPage(db, site, 'page', {
      ...RANGE,
      filters: [],
      sort: 'views',
      order: 'desc',
      page: 1,
      pageSize: 3,
    });
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, hasNextPage: true });
    expect(first.rows).toEqual(all.rows.slice(0, 3));
    const second = await breakdownPage(db, site, 'page', {
      ...RANGE,
      filters: [],
      sort: 'views',
      order: 'desc',
      page: 2,
      pageSize: 3,
    });
    expect(second).toMatchObject({ total: 4, page: 2, hasNextPage: false });
    expect(second.rows).toEqual(all.rows.slice(3));
    const beyond = await breakdownPage(db, site, 'page', {
      ...RANGE,
      filters: [],
      sort: 'views',
      order: 'desc',
      page: 5,
      pageSize: 3,
    });
    expect(beyond).toMatchObject({ rows: [], total: 4, hasNextPage: false });

    const ascending = await breakdownPage(db, site, 'country', {
      ...RANGE,
      filters: [{ dim: 'device', value: 'mobile' }],
      sort: 'visitors',
      order: 'asc',
      page: 1,
      pageSize: 10,
    });
    const visitors = ascending.rows.map((r) => r.visitors);
    expect(visitors).toEqual([...visitors].sort((a, b) => a - b));
  });

  it('the built-in site counts sign-ups and orders as goals', async () => {
    expect(goalsOf(builtIn)).toEqual(['signup', 'order']);
    expect(goalsOf(site)).toEqual(['download']);
    const own = await siteSummary(db, builtIn, { ...RANGE, filters: [] });
    const external = await siteSummary(db, site, { ...RANGE, filters: [] });
    // Same events on both sites: the same traffic, other conversions.
    expect(own.visitors).toEqual(external.visitors);
    expect(own.conversions.value).toBe(conversions(builtIn, matching(RANGE, [])));
    expect(own.conversions.value).not.toBe(external.conversions.value);
  });

  it('a CSV export has a header row and never starts a cell with a formula', () => {
    const csv = breakdownCsv('page', [
      { value: '=cmd()', visitors: 3, views: 4, visits: 2, events: 0, previousVisitors: 1, share: 0.5 },
      { value: 'a,"b"', visitors: 1, views: 1, visits: 1, events: 0, previousVisitors: 0, share: 0.25 },
    ]);
    expect(csv).toBe(
      'page,visitors,views,visits,events,previousVisitors,share\r\n' +
        "'=cmd(),3,4,2,0,1,0.5\r\n" +
        '"a,""b""",1,1,1,0,0,0.25\r\n',
    );
  });

  it('visitors now are the distinct visitors of the last minutes', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const base = { siteId: site.id, day: '2026-03-10', name: PAGEVIEW_EVENT, page: '/', source: 'direct' };
    await db.insert(analyticsEvents).values([
      { ...base, at: at(1), visitor: 901n, country: 'FR', device: 'desktop' },
      { ...base, at: at(2), visitor: 901n, country: 'FR', device: 'desktop' },
      { ...base, at: at(4), visitor: 902n, country: 'DE', device: 'mobile' },
      { ...base, at: at(9), visitor: 903n, country: 'DE', device: 'mobile' },
    ]);
    expect(await visitorsNow(db, site.id, now)).toBe(2);
    expect(await visitorsNow(db, builtIn.id, now)).toBe(0);
  });
});
