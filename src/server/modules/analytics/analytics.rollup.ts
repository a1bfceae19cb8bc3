/**
 * The daily rollups of analytics (issue 30 A, ADR 056): every figure reads `analytics_daily`, which the fold
 * recomputes here from the raw events, one site day at a time, so that folding twice gives the same rows.
 *
 * - `refoldDays(db, siteId, days)` rewrites those site days' rows in one transaction (delete + insert … select):
 *   per dimension of `analyticsDimensions` and the day's `total` (value ''), each split by country ('' = all
 *   countries, and one row per country). views = page views, visitors = distinct visitors (of any event),
 *   visits = entries (a visitor's first page view of the day), events = custom events. Empty values are not
 *   rolled up (no "(none)" row of a UTM parameter), except the total. Where a visit came from (source,
 *   referrer, UTM) is the visitor's first page view's of the day, for all their events of that day: a click
 *   from one page to the next is not a "direct" visit of its own.
 * - The fold loop (`startFold`): the writer marks the site days it wrote as dirty (`analytics_dirty`, so it
 *   works across instances); every few seconds one instance (a transaction-level advisory lock) takes the
 *   dirty rows and refolds them. A writer marking a day while it folds waits for the fold to commit, then marks
 *   it again, so no event is left out of its day.
 * - Retention: once a day (per instance, cheap when nothing is due), raw events older than the setting are
 *   deleted in batches; the rollups stay.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { PAGEVIEW_EVENT } from '#shared/contract/analytics-limits.ts';

import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/date-range.ts';
import { readAnalyticsSettings, syncGeo } from './analytics.settings.ts';

/** Advisory lock key of the fold (one instance folds at a time). */
const FOLD_LOCK = 727_301;
/** Site days folded per round at most (the rest next round). */
const FOLD_BATCH = 200;
/** Raw events deleted per statement by the retention sweep. */
const RETENTION_BATCH = 10_000;

const dayList = (days: readonly string[]) =>
  sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );

/**
 * Recomputes the rollup rows of `siteId` for `days` (site days, `YYYY-MM-DD`) from the raw events. Also sets
 * each event's `entry` flag (the visitor's first page view of the day, earliest `at` then id). Idempotent.
 */
export async function refoldDays(db: Db, siteId: string, days: readonly string[]): Promise<void> {
  const unique = [...new Set(days)];
  if (!unique.length) return;
  const list = dayList(unique);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update analytics_events e set entry = f.first
      from (
        select id, (name = ${PAGEVIEW_EVENT} and row_number() over (
          partition by day, visitor, (name = ${PAGEVIEW_EVENT}) order by at, id) = 1) as first
        from analytics_events where site_id = ${siteId} and day in (${list})
      ) f
      where e.id = f.id and e.entry is distinct from f.first`);
    await tx.execute(sql`delete from analytics_daily where site_id = ${siteId} and day in (${list})`);
    await tx.execute(sql`
      insert into analytics_daily (site_id, day, dim, country, value, views, visitors, visits, events)
      select ${siteId}::uuid, e.day, d.dim, c.country, d.value,
        count(*) filter (where e.name = ${PAGEVIEW_EVENT}),
        count(distinct e.visitor),
        count(*) filter (where e.entry),
        count(*) filter (where e.name <> ${PAGEVIEW_EVENT})
      from (
        select ev.*,
          first_value(source) over v as a_source,
          first_value(referrer) over v as a_referrer,
          first_value(utm_source) over v as a_utm_source,
          first_value(utm_medium) over v as a_utm_medium,
          first_value(utm_campaign) over v as a_utm_campaign
        from analytics_events ev
        where ev.site_id = ${siteId} and ev.day in (${list})
        window v as (partition by day, visitor order by (name <> ${PAGEVIEW_EVENT}), at, id)
      ) e
      cross join lateral (values
        ('total', ''),
        ('page', case when e.name = ${PAGEVIEW_EVENT} then e.page end),
        ('entry', case when e.entry then e.page end),
        ('source', e.a_source),
        ('referrer', e.a_referrer),
        ('utmSource', e.a_utm_source),
        ('utmMedium', e.a_utm_medium),
        ('utmCampaign', e.a_utm_campaign),
        ('country', e.country),
        ('device', e.device),
        ('browser', e.browser),
        ('os', e.os),
        ('language', e.language),
        ('event', case when e.name <> ${PAGEVIEW_EVENT} then e.name end)
      ) d(dim, value)
      cross join lateral (values (''), (e.country)) c(country)
      where d.value is not null and (d.value <> '' or d.dim = 'total')
      group by e.day, d.dim, c.country, d.value`);
  });
}

/** Marks site days for the next fold (the writer, after each flush). */
export async function markDirty(
  db: Db,
  pairs: ReadonlyArray<{ siteId: string; day: string }>,
): Promise<void> {
  if (!pairs.length) return;
  await db.execute(sql`
    insert into analytics_dirty (site_id, day)
    values ${sql.join(
      pairs.map((p) => sql`(${p.siteId}::uuid, ${p.day}::date)`),
      sql`, `,
    )}
    on conflict do nothing`);
}

/**
 * One fold round: takes up to FOLD_BATCH dirty site days and refolds them, unless another instance is folding.
 * Returns the site days folded (0 when there was nothing to do or the lock was taken).
 */
export async function foldDirty(db: Db, onFolded?: (siteIds: string[]) => void): Promise<number> {
  const folded = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok`),
    );
    if (!lock?.ok) return new Map<string, string[]>();
    const taken = rowsOf<{ site_id: string; day: string }>(
      await tx.execute(sql`
        delete from analytics_dirty where (site_id, day) in (
          select site_id, day from analytics_dirty order by day, site_id limit ${FOLD_BATCH})
        returning site_id, day::text as day`),
    );
    const bySite = new Map<string, string[]>();
    for (const row of taken) {
      const days = bySite.get(row.site_id) ?? [];
      days.push(String(row.day).slice(0, 10));
      bySite.set(row.site_id, days);
    }
    for (const [siteId, days] of bySite) await refoldDays(tx as unknown as Db, siteId, days);
    return bySite;
  });
  if (folded.size) onFolded?.([...folded.keys()]);
  return [...folded.values()].reduce((n, days) => n + days.length, 0);
}

/** Deletes raw events older than the retention setting, in batches. Returns how many were deleted. */
export async function applyRetention(db: Db, now = new Date()): Promise<number> {
  const { retentionDays } = await readAnalyticsSettings(db);
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let deleted = 0;
  // Site by site, so each batch is found through the (site_id, at) index rather than a scan of the table.
  const sites = rowsOf<{ id: string }>(await db.execute(sql`select id from analytics_sites`));
  for (const { id } of sites) {
    for (;;) {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          delete from analytics_events where id in (
            select id from analytics_events
            where site_id = ${id} and at < ${cutoff.toISOString()}::timestamptz
            limit ${RETENTION_BATCH})
          returning id`),
      );
      deleted += rows.length;
      if (rows.length < RETENTION_BATCH) break;
    }
  }
  return deleted;
}

export interface FoldOptions {
  /** Milliseconds between fold rounds. */
  intervalMs: number;
  log?: FastifyBaseLogger | undefined;
  /** Told of the sites whose days were folded (the live figures refresh). */
  onFolded?: (siteIds: string[]) => void;
}

export interface FoldLoop {
  /** Folds what is dirty now (tests, and on close). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the fold loop (and the daily retention sweep). */
export function startFold(db: Db, options: FoldOptions): FoldLoop {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let retainedOn = '';
  const round = async () => {
    try {
      while ((await foldDirty(db, options.onFolded)) >= FOLD_BATCH) {
        if (stopped) break;
      }
      // An IP-to-country database installed on another instance (or here) comes into use.
      await syncGeo(db).catch((error: unknown) =>
        options.log?.warn({ err: error }, 'Loading the IP-to-country database failed'),
      );
      const today = new Date().toISOString().slice(0, 10);
      if (retainedOn !== today && !stopped) {
        retainedOn = today;
        const deleted = await applyRetention(db);
        if (deleted) options.log?.info({ deleted }, 'Deleted analytics events past retention');
      }
    } catch (error) {
      if (!stopped) options.log?.warn({ err: error }, 'Folding analytics failed');
    }
  };
  const runOnce = () => {
    running = running.then(round);
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
      stopped = true;
    },
  };
}
