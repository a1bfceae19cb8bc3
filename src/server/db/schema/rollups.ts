import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** How long a `rollups` row sums its series (ADR 036, "Rollups, measured"). */
export const rollupGrains = ['all', 'month'] as const;
export type RollupGrain = (typeof rollupGrains)[number];

/**
 * Figures of the overview dashboards summed ahead by the writes (ADR 036, "Rollups, measured"), so a
 * dashboard reads a few hundred rows whatever the size of the tables. A `series` is one kind of event
 * (`orders.sold`: the sales; `orders.category`: the units and net revenue of the sales' lines by category…),
 * `key` splits it (a status, a category, a customer; '' when it is not split), and `n`, `a`, `b`, `c` are its
 * sums (a count and up to three amounts, named per series in drizzle/0028_overview-rollups.sql). This table
 * holds the sums of each UTC month (`month`, bucket: its first instant) and, for the customers, of all time
 * (`all`, bucket −infinity); `rollup_days` holds the days. Written only by `atrium_rollups_fold_now()`.
 */
export const rollups = pgTable(
  'rollups',
  {
    series: text().notNull(),
    key: text().notNull().default(''),
    grain: text({ enum: rollupGrains }).notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    n: bigint({ mode: 'number' }).notNull().default(0),
    a: bigint({ mode: 'number' }).notNull().default(0),
    b: bigint({ mode: 'number' }).notNull().default(0),
    c: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * A month's sums day by day, cumulatively (element j: from the 1st to the end of day j; 31 elements, the
     * last ones repeating the month's total in a shorter month; empty for a sum the series does not use and
     * for `all`): any run of days inside the month is two elements.
     */
    nDays: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    aDays: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    bDays: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    cDays: bigint({ mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.grain, t.bucket, t.key] }),
    // The best customers are read by spend, largest first (orders.stats.ts `bestCustomers`).
    index('rollups_customers_spent_idx')
      .on(t.a.desc(), t.key)
      .where(sql`series = 'orders.customer'`),
    check('rollups_grain_valid', sql`${t.grain} in ('all', 'month')`),
  ],
);

/**
 * A series' UTC day, quarter hour by quarter hour, cumulatively: element k (1 to 96) of each array sums the
 * day from midnight to its k-th quarter hour's end, so element 96 is the whole day and what came before any
 * quarter-hour instant of the day is one element (a sum the series does not use is an empty array). A viewer's day starts on a quarter hour of UTC in every
 * zone, so any range in any zone is day rows (or month rows) and two elements at each end.
 */
export const rollupDays = pgTable(
  'rollup_days',
  {
    series: text().notNull(),
    key: text().notNull().default(''),
    day: date().notNull(),
    n: bigint({ mode: 'number' }).array().notNull(),
    a: bigint({ mode: 'number' }).array().notNull(),
    b: bigint({ mode: 'number' }).array().notNull(),
    c: bigint({ mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.day, t.key] })],
);

/**
 * Each customer's sales per quarter hour of UTC (the `orders.customer` changes; n sales, a what they total):
 * one narrow row per customer and quarter hour with sales, so what a customer spent over any range of a
 * viewer's days is a short index range (orders.stats.ts `bestCustomers`).
 */
export const orderCustomerQuarters = pgTable(
  'order_customer_quarters',
  {
    userId: uuid().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    orders: integer().notNull(),
    spent: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.at] })],
);

/**
 * Changes waiting for the end of their transaction: the triggers of the summed tables add signed rows here
 * (one per series, key and quarter hour of the statement) and mark the transaction in `rollup_folds`, whose
 * deferred trigger folds them into `rollups` and `rollup_days` when the transaction commits, taking the
 * rollup rows' locks last and in one order (no deadlock with the rows the transaction locked before). Empty
 * between transactions.
 */
export const rollupDeltas = pgTable('rollup_deltas', {
  series: text().notNull(),
  key: text().notNull().default(''),
  at: timestamp({ withTimezone: true }).notNull(),
  n: bigint({ mode: 'number' }).notNull().default(0),
  a: bigint({ mode: 'number' }).notNull().default(0),
  b: bigint({ mode: 'number' }).notNull().default(0),
  c: bigint({ mode: 'number' }).notNull().default(0),
});

/** The transactions with changes to fold: one row each, so the deferred fold runs once per transaction. */
export const rollupFolds = pgTable('rollup_folds', {
  xid: bigint({ mode: 'number' }).primaryKey(),
});

/**
 * Active people (account.stats.ts `activePeople`) of periods that are over, per viewer's zone: a person
 * counts once however many days they were active, so these are not sums a rollup could keep; a past
 * period's count never changes (sessions only get longer into today), so it is counted once from the
 * sessions and kept. Sessions written into the past or deleted take the periods they touch with them
 * (drizzle/0028_overview-rollups.sql).
 */
export const activePeopleCounts = pgTable(
  'active_people_counts',
  {
    timeZone: text().notNull(),
    from: date().notNull(),
    to: date().notNull(),
    people: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.from, t.to] }), index('active_people_counts_to_idx').on(t.to)],
);
