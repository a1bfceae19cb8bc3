/**
 * The banking overview's figures (ADR 036, ADR 049): read-only, the viewer's own money only (administrators
 * included: no one sees anyone else's banking). A transaction's day is its `occurred_on` (a calendar day the
 * person gave), so ranges compare days, not instants; the range's zone only says which days they are.
 *
 * - income: completed money in (incomes, and transfers from other people); expenses: completed money out
 *   (expenses, and transfers to other people). Transfers between one's own accounts are neither.
 * - balance statistics: per bucket, income, expenses, savings (net moved into savings accounts) and
 *   investment (expenses in the `investments` category or its sub-categories).
 * - expense categories: expenses of the range by top-level category (sub-categories counted in their parent).
 */
import { sql, type SQL } from 'drizzle-orm';

import {
  BALANCE_BUCKETS,
  type BalanceBucket,
  type BalancePeriod,
  type CategoryIcon,
  type ExpenseCategoryFigure,
} from '#shared/contract/banking.ts';
import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { bankingAccounts, bankingCategories, bankingTransactions } from '../../db/schema/index.ts';
import { dayText, rowsOf, trendOf, type DateRange, type StatsScope } from '../../lib/date-range.ts';

const t = bankingTransactions;

/** Completed money into the viewer's accounts from outside them. */
const moneyIn = (userId: string) =>
  sql`${t.status} = 'completed' and ${t.toUserId} = ${userId} and ${t.fromUserId} is distinct from ${userId}`;
/** Completed money out of the viewer's accounts to outside them. */
const moneyOut = (userId: string) =>
  sql`${t.status} = 'completed' and ${t.fromUserId} = ${userId} and ${t.toUserId} is distinct from ${userId}`;

const daysOfRange = (r: DateRange) =>
  sql`${t.occurredOn} >= ${r.from}::date and ${t.occurredOn} <= ${r.to}::date`;

function flowTrend(db: Db, range: DateRange, side: (userId: string) => SQL, userId: string) {
  return trendOf(db, range, {
    value: (r) =>
      sql`select coalesce(sum(${t.amount}), 0)::bigint as n from ${t} where ${side(userId)} and ${daysOfRange(r)}`,
    series: (r) => sql`select ${t.occurredOn}::text as day, sum(${t.amount})::bigint as value
      from ${t} where ${side(userId)} and ${daysOfRange(r)} group by 1`,
  });
}

/** Money in over the range, against the previous period, per day. */
export const incomeTrend = (db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> =>
  flowTrend(db, range, moneyIn, scope.userId);

/** Money out over the range, against the previous period, per day. */
export const expensesTrend = (db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> =>
  flowTrend(db, range, moneyOut, scope.userId);

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first days of the last `n` buckets ending with the one holding `today`, oldest first. */
export function bucketStarts(period: BalancePeriod, today: string): string[] {
  const n = BALANCE_BUCKETS[period];
  const [y, m] = today.split('-').map(Number) as [number, number];
  if (period === 'year') return Array.from({ length: n }, (_, i) => `${y - (n - 1 - i)}-01-01`);
  if (period === 'month') {
    return Array.from({ length: n }, (_, i) => {
      const index = y * 12 + (m - 1) - (n - 1 - i);
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
    });
  }
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const monday = addDays(today, -weekday);
  return Array.from({ length: n }, (_, i) => addDays(monday, -7 * (n - 1 - i)));
}

/**
 * Income, expenses, savings and investment per week (from Monday), month or year, the last
 * BALANCE_BUCKETS[period] buckets up to the one holding `today` (the viewer's day).
 */
export async function balanceStats(
  db: Db,
  scope: StatsScope,
  period: BalancePeriod,
  today: string,
): Promise<BalanceBucket[]> {
  const starts = bucketStarts(period, today);
  const first = starts[0]!;
  const unit = sql.raw(`'${period}'`);
  const me = scope.userId;
  const result = await db.execute(sql`
    with mine as (
      select ${t.occurredOn} as day, ${t.amount} as amount,
        (${moneyIn(me)}) as is_in, (${moneyOut(me)}) as is_out,
        (${t.status} = 'completed' and ta.kind = 'savings' and ta.user_id = ${me}) as to_savings,
        (${t.status} = 'completed' and fa.kind = 'savings' and fa.user_id = ${me}) as from_savings,
        (${t.fromUserId} = ${me} and exists (
          select 1 from ${bankingCategories} c
          where c.id = ${t.fromCategoryId} and (c.key = 'investments' or c.parent_id in (
            select p.id from ${bankingCategories} p where p.user_id = ${me} and p.key = 'investments')))
        ) as invested
      from ${t}
      join ${bankingAccounts} fa on fa.id = ${t.fromAccountId}
      join ${bankingAccounts} ta on ta.id = ${t.toAccountId}
      where (${t.fromUserId} = ${me} or ${t.toUserId} = ${me}) and ${t.occurredOn} >= ${first}::date
        and ${t.occurredOn} <= ${today}::date
    )
    select date_trunc(${unit}, day)::date::text as start,
      coalesce(sum(amount) filter (where is_in), 0)::bigint as income,
      coalesce(sum(amount) filter (where is_out), 0)::bigint as expenses,
      (coalesce(sum(amount) filter (where to_savings and not from_savings), 0)
        - coalesce(sum(amount) filter (where from_savings and not to_savings), 0))::bigint as savings,
      coalesce(sum(amount) filter (where is_out and invested), 0)::bigint as investment
    from mine group by 1`);
  const byStart = new Map(
    rowsOf<{ start: unknown; income: unknown; expenses: unknown; savings: unknown; investment: unknown }>(
      result,
    ).map((r) => [dayText(r.start), r]),
  );
  return starts.map((start) => {
    const r = byStart.get(start);
    return {
      start,
      income: Number(r?.income ?? 0),
      expenses: Number(r?.expenses ?? 0),
      savings: Number(r?.savings ?? 0),
      investment: Number(r?.investment ?? 0),
    };
  });
}

/** Money out over the range by top-level expense category (largest first), uncategorised as null. */
export async function expenseCategories(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<ExpenseCategoryFigure[]> {
  const me = scope.userId;
  const result = await db.execute(sql`
    select coalesce(c.parent_id, c.id) as "categoryId", sum(${t.amount})::bigint as value
    from ${t} left join ${bankingCategories} c on c.id = ${t.fromCategoryId}
    where ${moneyOut(me)} and ${daysOfRange(range)}
    group by 1 order by 2 desc`);
  const rows = rowsOf<{ categoryId: string | null; value: unknown }>(result);
  const ids = rows.flatMap((r) => (r.categoryId ? [r.categoryId] : []));
  const named = ids.length
    ? rowsOf<{ id: string; name: string; icon: CategoryIcon; key: string | null }>(
        await db.execute(
          sql`select id, name, icon, key from ${bankingCategories} where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  const byId = new Map(named.map((n) => [n.id, n]));
  return rows.map((r) => {
    const c = r.categoryId ? byId.get(r.categoryId) : undefined;
    return {
      categoryId: r.categoryId,
      name: c?.name ?? '',
      icon: c?.icon ?? null,
      key: c?.key ?? null,
      value: Number(r.value),
    };
  });
}
