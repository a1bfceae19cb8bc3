import { sql } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { HttpError } from './http-error.ts';
import type { Limit } from './rate-limiter.ts';

export interface QuotaCheck {
  key: string;
  limit: Limit;
  /** How much this use takes (e.g. the number of recipients of one mail). */
  amount: number;
  /** The 429's message, naming the limit. */
  message: string;
}

/**
 * Takes `amount` from each quota, all or nothing: when one would go over its limit, none is taken and the
 * answer is 429 with that quota's message and Retry-After (its window's end). Fixed windows in the
 * `rate_limits` table, as the request limiter's, so a quota holds across instances and concurrent uses
 * cannot both slip in (each upsert locks its row until the transaction ends).
 */
export async function takeQuota(db: Db, checks: QuotaCheck[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, limit, amount, message } of checks) {
      const result = (await tx.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, ${amount}, now() + make_interval(secs => ${limit.windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then excluded.count
            else rate_limits.count + excluded.count end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
            else rate_limits.reset_at end
        returning count, extract(epoch from (reset_at - now()))::float8 as retry`)) as unknown as {
        rows: Array<{ count: number | string; retry: number | string }>;
      };
      const row = result.rows[0];
      if (row && Number(row.count) > limit.max) {
        throw new HttpError(429, message, {
          code: 'QUOTA_EXCEEDED',
          headers: { 'retry-after': String(Math.max(1, Math.ceil(Number(row.retry)))) },
        });
      }
    }
  });
}
