/**
 * Capped counts (ADR 025, ADR 035): a list's total or tab counts are counted up to COUNT_CAP + 1 rows, exact
 * for every filter that matches fewer, and a lower bound ("1,000+") for broad ones, whose exact count would
 * read most of a table.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../db/client.ts';

/** Counts stop here; the API answers COUNT_CAP and says it is capped when more rows matched. */
export const COUNT_CAP = 1_000;

export interface CappedCount {
  /** Exact up to COUNT_CAP; COUNT_CAP when `capped`. */
  n: number;
  /** More than COUNT_CAP rows matched. */
  capped: boolean;
}

/** A count taken up to COUNT_CAP + 1, as the API reports it. */
export function capCount(counted: number): CappedCount {
  return { n: Math.min(counted, COUNT_CAP), capped: counted > COUNT_CAP };
}

/** SQL of the number of rows of `table` under `where`, counted up to COUNT_CAP + 1 (a scalar subquery). */
export function cappedCountSql(table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${table} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) as m)`;
}

/** The rows of `table` under `where`, counted up to COUNT_CAP + 1. */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined): Promise<CappedCount> {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('m');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rows);
  return capCount(Number(row?.n ?? 0));
}

/**
 * Capped counts per key in one query (a list's tabs): the rows of `table` under `whereOf(key)`, each counted
 * up to COUNT_CAP + 1 (one index range each). `all` is their sum; `capped` lists the keys that are lower
 * bounds, with `all` first when any is.
 */
export async function cappedCountsBy<K extends string>(
  db: Db,
  table: PgTable,
  keys: readonly K[],
  whereOf: (key: K) => SQL | undefined,
): Promise<{ counts: Record<K | 'all', number>; capped: Array<K | 'all'> }> {
  const perKey = keys.map((key) => sql`${cappedCountSql(table, whereOf(key))} as ${sql.identifier(key)}`);
  const result = (await db.execute(sql`select ${sql.join(perKey, sql`, `)}`)) as unknown as {
    rows: Array<Record<K, number | string>>;
  };
  const row = result.rows[0];
  const counts = { all: 0 } as Record<K | 'all', number>;
  const capped: Array<K | 'all'> = [];
  for (const key of keys) {
    const { n, capped: over } = capCount(Number(row?.[key] ?? 0));
    if (over) capped.push(key);
    counts[key] = n;
    counts.all += n;
  }
  if (capped.length) capped.unshift('all');
  return { counts, capped };
}
