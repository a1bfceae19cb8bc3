/** Sales figures for the overview dashboards (ADR 036): read-only, scoped by the viewer. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import {
  dayIn,
  fillSeries,
  inRange,
  previousPeriod,
  rowsOf,
  type DateRange,
  type StatsScope,
} from '../../lib/date-range.ts';

/** A sale: an order that was paid and neither cancelled nor refunded since. */
const SOLD = sql`${orders.status} in ('paid', 'completed')`;

/** Administrators: every customer's orders; anyone else: their own. */
const ownedBy = (scope: StatsScope) => (scope.isAdmin ? sql`true` : sql`${orders.userId} = ${scope.userId}`);

/**
 * Sales in the period by the day the order was placed (the viewer's day): `revenue` is what they total
 * (cents, after discounts, with shipping and taxes), `orders` how many. Administrators see the shop's,
 * anyone else their own purchases (`orders_status_created_idx`, `orders_user_created_idx`).
 */
export async function sales(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{ revenue: TrendFigure; orders: TrendFigure }> {
  const where = (r: DateRange) => sql`${SOLD} and ${ownedBy(scope)} and ${inRange(orders.createdAt, r)}`;
  const totals = async (r: DateRange) => {
    const [row] = rowsOf<{ revenue: unknown; n: unknown }>(
      await db.execute(sql`select coalesce(sum(${orders.total}), 0)::text as revenue, count(*)::int as n
        from ${orders} where ${where(r)}`),
    );
    return { revenue: Number(row?.revenue ?? 0), orders: Number(row?.n ?? 0) };
  };
  const days = async (r: DateRange) =>
    rowsOf<{ day: string; revenue: unknown; n: unknown }>(
      await db.execute(sql`select ${dayIn(orders.createdAt, r.timeZone)}::text as day,
          coalesce(sum(${orders.total}), 0)::text as revenue, count(*)::int as n
        from ${orders} where ${where(r)} group by 1`),
    );
  // One pass per period serves both figures.
  const [current, previous, rows] = await Promise.all([
    totals(range),
    totals(previousPeriod(range)),
    days(range),
  ]);
  return {
    revenue: {
      value: current.revenue,
      previous: previous.revenue,
      series: fillSeries(
        range,
        rows.map((d) => ({ day: d.day, value: d.revenue })),
      ),
    },
    orders: {
      value: current.orders,
      previous: previous.orders,
      series: fillSeries(
        range,
        rows.map((d) => ({ day: d.day, value: d.n })),
      ),
    },
  };
}
