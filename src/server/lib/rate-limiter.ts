import { sql } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { tooManyRequests } from './http-error.ts';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * A fixed-window counter in the database, so a limit holds across instances and cannot be skipped by
 * concurrent requests (one atomic upsert; SECURITY.md A8, A9). Returns the seconds to wait when over.
 */
export async function hit(db: Db, key: string, limit: Limit): Promise<number | null> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${limit.windowSeconds}) else rate_limits.reset_at end
    returning count, extract(epoch from (reset_at - now()))::float8 as retry`)) as unknown as {
    rows: Array<{ count: number | string; retry: number | string }>;
  };
  const row = result.rows[0];
  if (!row) return null;
  return Number(row.count) > limit.max ? Math.max(1, Number(row.retry)) : null;
}

/** Counts one attempt against each key and throws 429 with Retry-After when any is over its limit. */
export async function enforce(db: Db, checks: Array<[key: string, limit: Limit]>): Promise<void> {
  let wait = 0;
  for (const [key, limit] of checks) {
    const retry = await hit(db, key, limit);
    if (retry !== null) wait = Math.max(wait, retry);
  }
  if (wait > 0) throw tooManyRequests(wait);
}

/** Forgets a key, e.g. the failure counter of an account after a successful sign-in. */
export async function clear(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops expired windows; called from time to time. */
export async function sweep(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
