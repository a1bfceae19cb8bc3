/**
 * The ingest's writes (issue 30 A, ADR 056): events wait in memory and are written by one multi-row insert
 * every FLUSH_MS or as soon as BATCH_MAX are waiting, so a request never waits for the database. After each
 * write: the sites' `lastEventAt`, the site days marked for the fold, and `analytics.events` to the active
 * administrators (at most once a second per site, the last one always sent). On close, what waits is written.
 * A failed write is logged and dropped (counting stays approximate rather than holding memory).
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { RealtimeEvent } from '#shared/contract/realtime.ts';

import type { Db } from '../../db/client.ts';
import { type analyticsEvents, analyticsSites } from '../../db/schema/index.ts';
import { activeAdminIds } from '../../lib/admins.ts';
import { markDirty } from './analytics.rollup.ts';

export type PendingEvent = Omit<typeof analyticsEvents.$inferInsert, 'id' | 'entry'> & {
  at: Date;
  day: string;
};

export interface WriterOptions {
  db: Db;
  publish: (users: readonly string[], event: RealtimeEvent) => Promise<void>;
  log?: FastifyBaseLogger | undefined;
  /** Milliseconds between writes (default 250). */
  flushMs?: number;
  /** Events that trigger a write at once (default 500). */
  batchMax?: number;
  /** Milliseconds between two announcements of one site (default 1000). */
  announceMs?: number;
}

/** A PostgreSQL array literal of texts (each quoted, so any text is safe), for `unnest` inserts. */
export const textArray = (values: readonly (string | number | bigint | boolean)[]) =>
  `{${values.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/**
 * Inserts events in one statement of one array per column (`unnest`): 17 parameters whatever the batch's
 * size, where a VALUES list has 17 per row for the driver to bind and the ORM to build — the ingest's largest
 * cost on the event loop at 1,000 events a second.
 */
export async function insertEvents(db: Db, batch: readonly PendingEvent[]): Promise<void> {
  const col = (value: (e: PendingEvent) => string | number | bigint | boolean | null | undefined) =>
    textArray(batch.map((e) => value(e) ?? ''));
  await db.execute(sql`insert into analytics_events (site_id, at, day, visitor, name, page, source, referrer,
      utm_source, utm_medium, utm_campaign, country, device, browser, os, language)
    select * from unnest(${col((e) => e.siteId)}::uuid[], ${col((e) => e.at.toISOString())}::timestamptz[],
      ${col((e) => e.day)}::date[], ${col((e) => e.visitor)}::bigint[], ${col((e) => e.name)}::text[],
      ${col((e) => e.page)}::text[], ${col((e) => e.source)}::text[], ${col((e) => e.referrer)}::text[],
      ${col((e) => e.utmSource)}::text[], ${col((e) => e.utmMedium)}::text[],
      ${col((e) => e.utmCampaign)}::text[], ${col((e) => e.country)}::text[], ${col((e) => e.device)}::text[],
      ${col((e) => e.browser)}::text[], ${col((e) => e.os)}::text[], ${col((e) => e.language)}::text[])`);
}

/** More than this many waiting (the database down): new events are dropped, memory stays bounded. */
const QUEUE_CAP = 50_000;
/** How long the list of administrators is reused (milliseconds). */
const ADMINS_TTL = 10_000;

export class AnalyticsWriter {
  private queue: PendingEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly lastAnnounced = new Map<string, number>();
  private readonly trailing = new Map<string, NodeJS.Timeout>();
  private admins: { ids: string[]; at: number } | undefined;
  private readonly flushMs: number;
  private readonly batchMax: number;
  private readonly announceMs: number;

  private readonly options: WriterOptions;

  constructor(options: WriterOptions) {
    this.options = options;
    this.flushMs = options.flushMs ?? 250;
    this.batchMax = options.batchMax ?? 500;
    this.announceMs = options.announceMs ?? 1000;
  }

  /** Events waiting to be written. */
  get pending(): number {
    return this.queue.length;
  }

  push(event: PendingEvent): void {
    if (this.closed || this.queue.length >= QUEUE_CAP) return;
    this.queue.push(event);
    if (this.queue.length >= this.batchMax) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes what waits now (chained after a write in progress). Never rejects. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return this.writing;
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: PendingEvent[]): Promise<void> {
    const { db } = this.options;
    try {
      for (let i = 0; i < batch.length; i += this.batchMax) {
        await insertEvents(db, batch.slice(i, i + this.batchMax));
      }
      const days = new Map<string, { siteId: string; day: string }>();
      const latest = new Map<string, Date>();
      for (const e of batch) {
        days.set(`${e.siteId} ${e.day}`, { siteId: e.siteId, day: e.day });
        const seen = latest.get(e.siteId);
        if (!seen || seen < e.at) latest.set(e.siteId, e.at);
      }
      await markDirty(db, [...days.values()]);
      const sites = [...latest.keys()];
      const newest = new Date(Math.max(...[...latest.values()].map((d) => d.getTime())));
      await db
        .update(analyticsSites)
        .set({
          lastEventAt: sql`greatest(${analyticsSites.lastEventAt}, ${newest.toISOString()}::timestamptz)`,
        })
        .where(inArray(analyticsSites.id, sites));
      for (const siteId of sites) this.announce(siteId);
    } catch (error) {
      this.options.log?.warn({ err: error, dropped: batch.length }, 'Writing analytics events failed');
    }
  }

  /** Tells the administrators the site has news (after a write, and after the fold of its days). */
  announceSite(siteId: string): void {
    this.announce(siteId);
  }

  private announce(siteId: string): void {
    if (this.trailing.has(siteId)) return;
    const wait = (this.lastAnnounced.get(siteId) ?? 0) + this.announceMs - Date.now();
    const send = () => {
      this.trailing.delete(siteId);
      this.lastAnnounced.set(siteId, Date.now());
      void this.adminIds()
        .then(async (ids) => {
          if (ids.length) await this.options.publish(ids, { type: 'analytics.events', siteId });
        })
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'Announcing analytics failed'));
    };
    if (wait <= 0 || this.closed) return send();
    const timer = setTimeout(send, wait);
    timer.unref();
    this.trailing.set(siteId, timer);
  }

  private async adminIds(): Promise<string[]> {
    if (this.admins && Date.now() - this.admins.at < ADMINS_TTL) return this.admins.ids;
    const ids = await activeAdminIds(this.options.db);
    this.admins = { ids, at: Date.now() };
    return ids;
  }

  /** Writes what waits and stops taking events (the app's close). */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    for (const timer of this.trailing.values()) clearTimeout(timer);
    this.trailing.clear();
  }
}
