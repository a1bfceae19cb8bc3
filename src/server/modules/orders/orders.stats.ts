/** Sales figures for the overview dashboards (ADR 036): read-only, scoped by the viewer. */
import { sql } from 'drizzle-orm';

import { daysIn, type TrendFigure } from '#shared/contract/overview.ts';
import {
  productCategories,
  productGenders,
  type ProductCategory,
  type ProductGender,
} from '#shared/contract/products-limits.ts';

import type { Db } from '../../db/client.ts';
import { orderCustomerQuarters, orderEvents, orderItems, orders, products } from '../../db/schema/index.ts';
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
import {
  allKeys,
  nextDay,
  rollupSums,
  rollupTrends,
  type KeyedSums,
  type RollupSums,
} from '../../lib/rollups.ts';

/** A sale: an order that was paid and neither cancelled nor refunded since. */
const SOLD = sql`${orders.status} in ('paid', 'completed')`;

/** Administrators: every customer's orders; anyone else: their own. */
const ownedBy = (scope: StatsScope) => (scope.isAdmin ? sql`true` : sql`${orders.userId} = ${scope.userId}`);

// Administrators' figures cover every order of the range: they read the rollups the orders' triggers keep
// (drizzle/0028_overview-rollups.sql, ADR 036 "Rollups, measured"): `orders.sold` (n sales, a their total,
// b net of discounts without shipping and taxes, c units), `orders.status` (per status: n orders, a total),
// `orders.category` and `orders.gender` (the sales' lines: n units, a net revenue) and `orders.customer`.
// Anyone else's figures read their own orders (`orders_user_created_idx`), a few dozen rows.

/** What the shop's sales of `range` sum up to (`orders.sold`: n sales, a total, b net, c units). */
async function shopSoldIn(db: Db, range: DateRange): Promise<RollupSums> {
  const [sums] = await rollupSums(db, 'orders.sold', [range.from, nextDay(range.to)], range.timeZone, {
    measures: ['a'],
  });
  return allKeys(sums ?? new Map());
}

/** The shop's sales as trend figures: revenue (a), orders (n), units (c) and net profit (b). */
const shopSales = (db: Db, range: DateRange) =>
  rollupTrends(db, 'orders.sold', range, {
    revenue: (s) => s.a,
    orders: (s) => s.n,
    productsSold: (s) => s.c,
    salesProfit: (s) => s.b,
  });

/**
 * The sales figures of the range that share one read for administrators (revenue, orders, units, net
 * profit), as `sales`, `productsSold` and `salesProfit` give them one by one.
 */
export async function salesFigures(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{
  revenue: TrendFigure;
  orders: TrendFigure;
  productsSold: TrendFigure;
  salesProfit: TrendFigure | undefined;
}> {
  if (!scope.isAdmin) {
    const [{ revenue, orders: count }, units] = await Promise.all([
      sales(db, scope, range),
      productsSold(db, scope, range),
    ]);
    return { revenue, orders: count, productsSold: units, salesProfit: undefined };
  }
  return shopSales(db, range);
}

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
  if (scope.isAdmin) {
    const { revenue, orders: count } = await shopSales(db, range);
    return { revenue, orders: count };
  }
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
  if (scope.isAdmin) return (await shopSoldIn(db, range)).a;
  return firstNumber(
    await db.execute(sql`select coalesce(sum(${orders.total}), 0)::text as n from ${orders}
      where ${SOLD} and ${ownedBy(scope)} and ${inRange(orders.createdAt, range)}`),
  );
}

/**
 * Units sold in the period, per viewer's day: the units of its sales (an order's `item_count`, the sum of
 * its lines' quantities). Administrators: the shop's; anyone else: what they bought.
 */
export async function productsSold(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  if (scope.isAdmin) return (await shopSales(db, range)).productsSold;
  const where = (r: DateRange) => sql`${SOLD} and ${ownedBy(scope)} and ${inRange(orders.createdAt, r)}`;
  return trendOf(db, range, {
    value: (r) =>
      sql`select coalesce(sum(${orders.itemCount}), 0)::int as n from ${orders} where ${where(r)}`,
    series: (r) => sql`select ${dayIn(orders.createdAt, r.timeZone)}::text as day,
        coalesce(sum(${orders.itemCount}), 0)::int as value
      from ${orders} where ${where(r)} group by 1`,
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
  return (await shopSales(db, range)).salesProfit;
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
  const genders = new Map<ProductGender, SalesShare>(
    productGenders.map((g) => [g, { units: 0, revenue: 0 }]),
  );
  const categories = new Map<ProductCategory | null, SalesShare>();
  const add = (share: SalesShare, units: number, revenue: number) => {
    share.units += units;
    share.revenue += revenue;
  };
  if (scope.isAdmin) {
    const days = [range.from, nextDay(range.to)];
    const [[byCategory = new Map()], [byGender = new Map()]] = await Promise.all([
      rollupSums(db, 'orders.category', days, range.timeZone, { measures: ['n', 'a'] }),
      rollupSums(db, 'orders.gender', days, range.timeZone, { measures: ['n', 'a'] }),
    ]);
    for (const [key, sums] of byCategory as KeyedSums) {
      // A category whose sales were all refunded since keeps a row of zeros.
      if (sums.n === 0 && sums.a === 0) continue;
      categories.set(key === '' ? null : (key as ProductCategory), { units: sums.n, revenue: sums.a });
    }
    for (const [key, sums] of byGender as KeyedSums) {
      const share = genders.get(key as ProductGender);
      if (share) add(share, sums.n, sums.a);
    }
  } else {
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
    for (const row of rows) {
      const units = Number(row.units);
      const revenue = Number(row.revenue);
      for (const gender of new Set(row.gender ?? [])) {
        const share = genders.get(gender);
        if (share) add(share, units, revenue);
      }
      const share = categories.get(row.category) ?? { units: 0, revenue: 0 };
      add(share, units, revenue);
      categories.set(row.category, share);
    }
  }
  // Every line has one category (none once its product is deleted): the whole is their sum.
  const total: SalesShare = { units: 0, revenue: 0 };
  for (const share of categories.values()) add(total, share.units, share.revenue);
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
  if (scope.isAdmin) {
    // The viewer's months of the year: 13 boundaries, twelve intervals.
    const months = Array.from({ length: 13 }, (_, i) =>
      i === 12 ? `${year + 1}-01-01` : `${year}-${String(i + 1).padStart(2, '0')}-01`,
    );
    const [income, refunded] = await Promise.all([
      rollupSums(db, 'orders.sold', months, timeZone, { measures: ['a'] }),
      rollupSums(db, 'orders.status', months, timeZone, { keys: ['refunded'], measures: ['a'] }),
    ]);
    return {
      year,
      income: income.map((sums) => allKeys(sums).a),
      refunds: refunded.map((sums) => allKeys(sums).a),
    };
  }
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
  const [byStatus = new Map()] = await rollupSums(
    db,
    'orders.status',
    [range.from, nextDay(range.to)],
    range.timeZone,
    { keys: ['pending', 'paid', 'completed', 'refunded'], measures: ['a'] },
  );
  const earnings = allKeys(byStatus, ['paid', 'completed']).a;
  const refunded = allKeys(byStatus, ['refunded']).a;
  const pending = allKeys(byStatus, ['pending']).a;
  return { orderTotal: earnings + refunded + pending, earnings, refunded, pending };
}

export interface BestCustomer {
  userId: string;
  /** What their sales in the period total (cents). */
  spent: number;
  orders: number;
}

/** How many customers to take at a time (more for a shorter range), before summing every sale instead. */
const CANDIDATE_ROUNDS = [8, 32, 128, 512, 2048];

/**
 * The customers who spent most in the period, administrators only (undefined for anyone else): their sales
 * summed (ties: the customer id). Names and countries come from the users module (the caller joins).
 *
 * What a customer spent in the period is at most what they spent in all (the `orders.customer` rollup's
 * `all` row, read largest first): the customers are taken in that order and what they spent in the period
 * summed from their quarter hours (`order_customer_quarters`, a short index range each), until the last
 * place is more than the next customer could have spent. A long range needs a handful (over 1,000,000
 * orders: 7 for a year, about 100 for 30 days), so the first batch is larger for a shorter range; a day or a
 * week, where nearly anyone could be first, goes over every sale of the period instead, which is then small.
 */
export async function bestCustomers(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  limit = 5,
  rounds: readonly number[] = CANDIDATE_ROUNDS,
): Promise<BestCustomer[] | undefined> {
  if (!scope.isAdmin) return undefined;
  const byRank = (a: BestCustomer, b: BestCustomer) =>
    b.spent - a.spent || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
  const wanted = (8 * 366) / daysIn(range.from, range.to);
  const first = rounds.findIndex((size) => size >= wanted);
  const sizes = first === -1 ? rounds.slice(-1) : rounds.slice(first);
  let ranked: BestCustomer[] = [];
  let after: { spent: string; key: string } | undefined;
  let taken = 0;
  for (const size of sizes) {
    // The next customers by what they spent in all (one more, to know what the next one could reach), then
    // what they spent in the range; each answer one row of text (a row costs more than its work on PGlite).
    const [listed] = rowsOf<{ list: string | null }>(
      await db.execute(sql`select string_agg(key || '=' || a, ',' order by a desc, key) as list from (
          select key, a from rollups
          where series = 'orders.customer' and grain = 'all' and bucket = '-infinity'
            ${after ? sql`and (a < ${after.spent}::bigint or (a = ${after.spent}::bigint and key > ${after.key}))` : sql``}
          order by a desc nulls last, key limit ${size - taken + 1}) c`),
    );
    const candidates = (listed?.list ? listed.list.split(',') : []).map((entry) => {
      const [key = '', spent = '0'] = entry.split('=');
      return { key, spent };
    });
    const batch = candidates.slice(0, size - taken);
    const next = candidates[size - taken];
    taken = size;
    after = batch.at(-1) ?? after;
    const [summed] = batch.length
      ? rowsOf<{ list: string | null }>(
          await db.execute(sql`select string_agg(user_id || '=' || spent || '=' || n, ',') as list from (
              select user_id, sum(spent) as spent, sum(orders) as n
              from ${orderCustomerQuarters}
              where user_id = any(${`{${batch.map((row) => row.key).join(',')}}`}::uuid[])
                and ${inRange(sql`at`, range)}
              group by 1 having sum(orders) > 0) s`),
        )
      : [];
    const spent = (summed?.list ? summed.list.split(',') : []).map((entry) => {
      const [userId = '', total = '0', n = '0'] = entry.split('=');
      return { user_id: userId, spent: total, n };
    });
    ranked = [
      ...ranked,
      ...spent.map((row) => ({ userId: row.user_id, spent: Number(row.spent), orders: Number(row.n) })),
    ]
      .sort(byRank)
      .slice(0, limit);
    const last = ranked[limit - 1];
    // Everyone was a candidate, or no one left can reach the last place.
    if (!next || (last && last.spent > Number(next.spent))) return ranked;
  }
  const rows = rowsOf<{ user_id: string; spent: unknown; n: unknown }>(
    await db.execute(sql`select ${orders.userId} as user_id, sum(${orders.total})::text as spent, count(*)::int as n
      from ${orders} where ${SOLD} and ${inRange(orders.createdAt, range)}
      group by 1 order by sum(${orders.total}) desc, 1 limit ${limit}`),
  );
  return rows.map((row) => ({ userId: row.user_id, spent: Number(row.spent), orders: Number(row.n) }));
}

/** How many of the newest orders the order timeline reads the events of. */
const TIMELINE_ORDERS = 50;

export interface OrderTimelineEvent {
  orderId: string;
  number: number;
  /** The status the order reached. */
  status: string;
  at: Date;
}

/**
 * The latest events (statuses reached) of the newest orders, newest first: the shop's for administrators
 * (`orders_created_idx`), the viewer's own otherwise (`orders_user_created_idx`). Events have no index of
 * their own by date, so they are read through the TIMELINE_ORDERS newest orders (`order_events_order_idx`):
 * an old order's late change shows once it is among them.
 */
export async function latestOrderEvents(
  db: Db,
  scope: StatsScope,
  limit: number,
): Promise<OrderTimelineEvent[]> {
  const rows = rowsOf<{ order_id: string; number: unknown; status: string; at: unknown }>(
    await db.execute(sql`select e.order_id, o.number, e.status, (extract(epoch from e.at) * 1000)::float8 as at from (
        select ${orders.id}, ${orders.number} from ${orders} where ${ownedBy(scope)}
        order by ${orders.createdAt} desc, ${orders.id} desc limit ${TIMELINE_ORDERS}
      ) o join ${orderEvents} e on e.order_id = o.id
      order by e.at desc, e.id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    number: Number(r.number),
    status: r.status,
    at: new Date(Number(r.at)),
  }));
}
