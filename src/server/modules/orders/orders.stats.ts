/** Sales figures for the overview dashboards (ADR 036): read-only, scoped by the viewer. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';
import {
  productCategories,
  productGenders,
  type ProductCategory,
  type ProductGender,
} from '#shared/contract/products-limits.ts';

import type { Db } from '../../db/client.ts';
import { orderItems, orders, products } from '../../db/schema/index.ts';
import {
  dayIn,
  fillMonths,
  fillSeries,
  firstNumber,
  inRange,
  monthIn,
  previousPeriod,
  rowsOf,
  trendOf,
  yearRange,
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

/** A refund: a paid order given back (its status is `refunded`; it was a sale until then). */
const REFUNDED = sql`${orders.status} = 'refunded'`;

/** What sales in the period total (cents): the welcome card's this month and last month. */
export async function salesTotal(db: Db, scope: StatsScope, range: DateRange): Promise<number> {
  return firstNumber(
    await db.execute(sql`select coalesce(sum(${orders.total}), 0)::text as n from ${orders}
      where ${SOLD} and ${ownedBy(scope)} and ${inRange(orders.createdAt, range)}`),
  );
}

/**
 * Units sold in the period (the lines of its sales), per viewer's day. Administrators: the shop's; anyone
 * else: what they bought. Sales are found by `orders_status_created_idx` (`orders_user_created_idx`), their
 * lines through the lines' primary key.
 */
export function productsSold(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  const lines = (r: DateRange) => sql`${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
    where ${SOLD} and ${ownedBy(scope)} and ${inRange(orders.createdAt, r)}`;
  return trendOf(db, range, {
    value: (r) => sql`select coalesce(sum(${orderItems.quantity}), 0)::int as n from ${lines(r)}`,
    series: (r) => sql`select ${dayIn(orders.createdAt, r.timeZone)}::text as day,
        coalesce(sum(${orderItems.quantity}), 0)::int as value
      from ${lines(r)} group by 1`,
  });
}

/**
 * Sales profit, administrators only (undefined for anyone else). Products have no cost price, so the profit
 * is the net revenue of the period's sales: what the goods sold for after discounts (`subtotal − discount`),
 * without shipping and taxes, which the shop passes on; refunded and cancelled orders are not sales. Per
 * viewer's day.
 */
export async function salesProfit(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<TrendFigure | undefined> {
  if (!scope.isAdmin) return undefined;
  const net = sql`coalesce(sum(${orders.subtotal} - ${orders.discount}), 0)::text`;
  const where = (r: DateRange) => sql`${SOLD} and ${inRange(orders.createdAt, r)}`;
  return trendOf(db, range, {
    value: (r) => sql`select ${net} as n from ${orders} where ${where(r)}`,
    series: (r) => sql`select ${dayIn(orders.createdAt, r.timeZone)}::text as day, ${net} as value
      from ${orders} where ${where(r)} group by 1`,
  });
}

/** Units and net revenue (cents: line totals after their share of the discount, before taxes). */
export interface SalesShare {
  units: number;
  revenue: number;
}

/**
 * The period's sales by product gender and by category: the lines of the sales (net of their discount,
 * before taxes), grouped by the product's category and its genders as they are now. A product made for
 * several genders counts in each, so the genders' shares can add up to more than the whole; a product with
 * none counts in the whole only. Lines of a deleted product have no category (`null`). Administrators: the
 * shop's; anyone else: what they bought.
 */
export async function salesMix(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{
  total: SalesShare;
  byGender: Array<SalesShare & { gender: ProductGender }>;
  byCategory: Array<SalesShare & { category: ProductCategory | null }>;
}> {
  const rows = rowsOf<{
    category: ProductCategory | null;
    gender: ProductGender[] | null;
    units: unknown;
    revenue: unknown;
  }>(
    await db.execute(sql`select p.category, p.gender, sum(i.quantity)::int as units,
        sum(i.line_total - i.discount)::text as revenue
      from ${orders} join ${orderItems} i on i.order_id = ${orders.id}
        left join ${products} p on p.id = i.product_id
      where ${SOLD} and ${ownedBy(scope)} and ${inRange(orders.createdAt, range)}
      group by 1, 2`),
  );
  const total: SalesShare = { units: 0, revenue: 0 };
  const genders = new Map<ProductGender, SalesShare>(
    productGenders.map((g) => [g, { units: 0, revenue: 0 }]),
  );
  const categories = new Map<ProductCategory | null, SalesShare>();
  for (const row of rows) {
    const units = Number(row.units);
    const revenue = Number(row.revenue);
    total.units += units;
    total.revenue += revenue;
    for (const gender of new Set(row.gender ?? [])) {
      const share = genders.get(gender);
      if (share) {
        share.units += units;
        share.revenue += revenue;
      }
    }
    const share = categories.get(row.category) ?? { units: 0, revenue: 0 };
    share.units += units;
    share.revenue += revenue;
    categories.set(row.category, share);
  }
  const order = (category: ProductCategory | null) =>
    category === null ? productCategories.length : productCategories.indexOf(category);
  return {
    total,
    byGender: productGenders.map((gender) => ({ gender, ...genders.get(gender)! })),
    byCategory: [...categories]
      .map(([category, share]) => ({ category, ...share }))
      .sort((a, b) => b.revenue - a.revenue || order(a.category) - order(b.category)),
  };
}

/**
 * Income against refunds per month of `year` (the viewer's months), in cents: income is what the sales
 * placed that month total (as `sales`), refunds what the orders placed that month and refunded since total,
 * so both follow the order's month and a month's bars add up to what was paid for that month's orders.
 * Administrators: the shop's; anyone else: their own purchases and refunds.
 */
export async function yearlySales(
  db: Db,
  scope: StatsScope,
  year: number,
  timeZone: string,
): Promise<{ year: number; income: number[]; refunds: number[] }> {
  const rows = rowsOf<{ month: unknown; refunded: boolean; value: unknown }>(
    await db.execute(sql`select ${monthIn(orders.createdAt, timeZone)} as month, ${REFUNDED} as refunded,
        coalesce(sum(${orders.total}), 0)::text as value
      from ${orders}
      where (${SOLD} or ${REFUNDED}) and ${ownedBy(scope)} and ${inRange(orders.createdAt, yearRange(year, timeZone))}
      group by 1, 2`),
  );
  return {
    year,
    income: fillMonths(rows.filter((row) => !row.refunded)),
    refunds: fillMonths(rows.filter((row) => row.refunded)),
  };
}

/**
 * The shop's balance over the period, administrators only (undefined for anyone else), in cents, by the
 * orders placed in it: `orderTotal` every order not cancelled, `earnings` the sales, `refunded` the orders
 * refunded since, `pending` the ones not paid yet (`orderTotal = earnings + refunded + pending`;
 * `orders_created_idx`).
 */
export async function currentBalance(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{ orderTotal: number; earnings: number; refunded: number; pending: number } | undefined> {
  if (!scope.isAdmin) return undefined;
  const [row] = rowsOf<Record<'order_total' | 'earnings' | 'refunded' | 'pending', unknown>>(
    await db.execute(sql`select coalesce(sum(${orders.total}), 0)::text as order_total,
        coalesce(sum(${orders.total}) filter (where ${SOLD}), 0)::text as earnings,
        coalesce(sum(${orders.total}) filter (where ${REFUNDED}), 0)::text as refunded,
        coalesce(sum(${orders.total}) filter (where ${orders.status} = 'pending'), 0)::text as pending
      from ${orders} where ${orders.status} <> 'cancelled' and ${inRange(orders.createdAt, range)}`),
  );
  return {
    orderTotal: Number(row?.order_total ?? 0),
    earnings: Number(row?.earnings ?? 0),
    refunded: Number(row?.refunded ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

export interface BestCustomer {
  userId: string;
  /** What their sales in the period total (cents). */
  spent: number;
  orders: number;
}

/**
 * The customers who spent most in the period, administrators only (undefined for anyone else): their sales
 * summed (ties: the customer id). Names and countries come from the users module (the caller joins).
 */
export async function bestCustomers(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  limit = 5,
): Promise<BestCustomer[] | undefined> {
  if (!scope.isAdmin) return undefined;
  const rows = rowsOf<{ user_id: string; spent: unknown; n: unknown }>(
    await db.execute(sql`select ${orders.userId} as user_id, sum(${orders.total})::text as spent, count(*)::int as n
      from ${orders} where ${SOLD} and ${inRange(orders.createdAt, range)}
      group by 1 order by sum(${orders.total}) desc, 1 limit ${limit}`),
  );
  return rows.map((row) => ({ userId: row.user_id, spent: Number(row.spent), orders: Number(row.n) }));
}
