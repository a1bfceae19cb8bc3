import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../lib/date-range.ts';
import { withQueryLog } from '../../testing/query-log.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { RAW_DAYS, rollupRowsOf, SEED_DAYS, seedAnalytics, type SeedEvent } from './analytics.seed.ts';

/** The analytics demo data (issue 30 C): a believable year on the built-in site, written fast. */

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const today = '2026-11-20';
const dayAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

let database: Database;
let siteId: string;
/** The statements the seed sent: bulk inserts, a bounded number whatever the traffic. */
let statements: string[];

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(statement));

/** The day's totals (all countries) of the seeded site, oldest first. */
const totals = () =>
  query<{ day: string; visitors: number; views: number; visits: number }>(
    sql`select day::text as day, visitors, views, visits from analytics_daily
      where site_id = ${siteId} and dim = 'total' and country = '' order by day`,
  );

beforeAll(async () => {
  database = await createTestDb();
  const logged = withQueryLog(database);
  siteId = await seedAnalytics(logged.database.db, { now: NOW });
  statements = logged.statements;
});

afterAll(async () => {
  await database.close();
});

describe('seedAnalytics', () => {
  it('writes a year of daily figures on the built-in site, the last month as raw events too, fast', async () => {
    const [site] = await query<{ built_in: boolean; last_event_at: unknown }>(
      sql`select built_in, last_event_at from analytics_sites where id = ${siteId}`,
    );
    expect(site?.built_in).toBe(true);
    expect(site?.last_event_at).not.toBeNull();

    const days = await totals();
    expect(days).toHaveLength(SEED_DAYS);
    expect(days[0]!.day).toBe(dayAgo(SEED_DAYS - 1));
    expect(days.at(-1)!.day).toBe(today);
    for (const d of days) {
      expect(d.visitors).toBeGreaterThan(0);
      expect(d.views).toBeGreaterThanOrEqual(d.visitors);
      expect(d.visits).toBe(d.visitors);
    }

    const [raw] = await query<{ first: string; last: string; n: number; latest: string }>(
      sql`select min(day)::text as first, max(day)::text as last, count(*)::int as n,
        max(at)::text as latest from analytics_events where site_id = ${siteId}`,
    );
    expect(raw!.first).toBe(dayAgo(RAW_DAYS - 1));
    expect(raw!.last).toBe(today);
    expect(raw!.n).toBeGreaterThan(RAW_DAYS * 300);
    // Today's traffic so far only.
    expect(Date.parse(raw!.latest)).toBeLessThanOrEqual(NOW);
    // Fast enough for the first start's seed: written in bulk, not a statement per event or day.
    expect(statements.length).toBeLessThanOrEqual(25);
  });

  it('has the rhythm of real traffic: growth over the year, quieter weekends', async () => {
    const days = (await totals()).slice(0, -1); // today is not over
    const mean = (list: typeof days) => list.reduce((n, d) => n + d.visitors, 0) / list.length;
    expect(mean(days.slice(-90))).toBeGreaterThan(1.6 * mean(days.slice(0, 90)));
    const weekday = (d: { day: string }) => new Date(`${d.day}T00:00:00Z`).getUTCDay();
    const weekend = days.filter((d) => weekday(d) === 0 || weekday(d) === 6);
    const week = days.filter((d) => weekday(d) >= 2 && weekday(d) <= 5);
    expect(mean(weekend)).toBeLessThan(0.85 * mean(week));
  });

  it('spreads visitors over countries, devices, browsers, languages, sources and campaigns, with goals', async () => {
    const values = await query<{ dim: string; n: number }>(
      sql`select dim, count(distinct value)::int as n from analytics_daily
        where site_id = ${siteId} and country = '' group by dim`,
    );
    const distinct = Object.fromEntries(values.map((r) => [r.dim, r.n]));
    expect(distinct.country).toBeGreaterThanOrEqual(12);
    expect(distinct.device).toBe(4);
    expect(distinct.browser).toBeGreaterThanOrEqual(5);
    expect(distinct.os).toBeGreaterThanOrEqual(5);
    expect(distinct.language).toBeGreaterThanOrEqual(9);
    expect(distinct.page).toBeGreaterThanOrEqual(7);
    expect(distinct.source).toBe(6);
    expect(distinct.utmCampaign).toBeGreaterThanOrEqual(4);

    const goals = await query<{ value: string; visitors: number }>(
      sql`select value, sum(visitors)::int as visitors from analytics_daily
        where site_id = ${siteId} and dim = 'event' and country = '' group by value order by value`,
    );
    expect(goals.map((g) => g.value)).toEqual(['order', 'signup']);
    const [all] = await query<{ visitors: number }>(
      sql`select sum(visitors)::int as visitors from analytics_daily
        where site_id = ${siteId} and dim = 'total' and country = ''`,
    );
    // A few per cent convert.
    const converted = goals.reduce((n, g) => n + g.visitors, 0) / all!.visitors;
    expect(converted).toBeGreaterThan(0.005);
    expect(converted).toBeLessThan(0.08);
  });

  it('counts the older days as the fold counts the raw ones', async () => {
    // The fold wrote the raw days' rollups; counting the same events here must give the same rows.
    const day = dayAgo(3);
    const events = await query<SeedEvent & { at: unknown; visitor: unknown }>(
      sql`select extract(epoch from at) * 1000 as at, day::text as day, visitor::text as visitor, name, page,
          entry, source, referrer, utm_source as "utmSource", utm_medium as "utmMedium",
          utm_campaign as "utmCampaign", country, device, browser, os, language
        from analytics_events where site_id = ${siteId} and day = ${day}::date order by at, id`,
    );
    const counted = rollupRowsOf(
      events.map((e) => ({ ...e, at: Number(e.at), visitor: BigInt(String(e.visitor)), day })),
    );
    const folded = await query<{ dim: string; country: string; value: string }>(
      sql`select dim, country, value, views, visitors, visits, events from analytics_daily
        where site_id = ${siteId} and day = ${day}::date`,
    );
    const key = (r: { dim: string; country: string; value: string }) => `${r.dim}|${r.country}|${r.value}`;
    const sorted = <T extends { dim: string; country: string; value: string }>(rows: T[]) =>
      [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    expect(folded.length).toBeGreaterThan(100);
    expect(sorted(folded.map((r) => ({ ...r })))).toEqual(sorted(counted.map(({ day: _day, ...r }) => r)));
  });

  it('writes the same year for the same day', async () => {
    const again = await createTestDb();
    try {
      const otherSite = await seedAnalytics(again.db, { now: NOW, rawDays: 2 });
      const sums = async (db: Database, id: string) =>
        rowsOf<{ v: number; p: number }>(
          await db.db.execute(sql`select sum(visitors)::int as v, sum(views)::int as p from analytics_daily
            where site_id = ${id} and dim = 'total' and country = ''`),
        )[0];
      expect(await sums(again, otherSite)).toEqual(await sums(database, siteId));
    } finally {
      await again.close();
    }
  });
});
