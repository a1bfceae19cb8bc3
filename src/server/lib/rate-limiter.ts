import { sql } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { tooManyRequests } from './http-error.ts';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
  /** What the 429 says (naming the limit); a generic “too many attempts” without it. */
  message?: string;
}

/**
 * A fixed-window counter in the database, so a limit holds across instances and cannot be skipped by
 * concurrent requests (one atomic upsert; SECURITY.md A8, A9). Returns the seconds to wait when over. A
 * tripped counter is not written again until its window ends: a flood costs one read per request. `cost`:
 * attempts counted at once (the analytics ingest takes its budget in leases, ADR 056).
 */
export async function hit(db: Db, key: string, limit: Limit, cost = 1): Promise<number | null> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, ${cost}, now() + make_interval(secs => ${limit.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then ${cost} else rate_limits.count + ${cost} end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${limit.windowSeconds}) else rate_limits.reset_at end
      where rate_limits.reset_at <= now() or rate_limits.count <= ${limit.max}
    returning count, extract(epoch from (reset_at - now()))::float8 as retry`)) as unknown as {
    rows: Array<{ count: number | string; retry: number | string }>;
  };
  const row = result.rows[0];
  if (row) return Number(row.count) > limit.max ? Math.max(1, Number(row.retry)) : null;
  // Nothing written: the counter is already over its limit in this window.
  const tripped = (await db.execute(sql`
    select extract(epoch from (reset_at - now()))::float8 as retry from rate_limits where key = ${key}`)) as unknown as {
    rows: Array<{ retry: number | string }>;
  };
  return Math.max(1, Number(tripped.rows[0]?.retry ?? limit.windowSeconds));
}

/**
 * Counts one attempt against each key in order and throws 429 with Retry-After at the first one over its
 * limit; the keys after it are not counted (a flood from one address does not also use up an account's
 * budget).
 */
export async function enforce(db: Db, checks: Array<[key: string, limit: Limit]>): Promise<void> {
  for (const [key, limit] of checks) {
    const retry = await hit(db, key, limit);
    if (retry !== null) throw tooManyRequests(retry, limit.message);
  }
}

/** Forgets a key, e.g. the failure counter of an account after a successful sign-in. */
export async function clear(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Forgets every key that starts with `prefix` (e.g. one account's per-address counters). */
export async function clearPrefix(db: Db, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db.execute(sql`delete from rate_limits where key like ${pattern}`);
}

/** Drops expired windows; called from time to time. */
export async function sweep(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
