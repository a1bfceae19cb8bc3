/**
 * The administrators' shop figures read rollups the orders' triggers keep (ADR 036, "Rollups, measured"):
 * whatever the orders went through (placed, paid, completed, cancelled, refunded, moved in time, their
 * product re-filed or deleted, their customer deleted), the e-commerce overview answers what the orders
 * themselves add up to, recomputed here from the tables in plain SQL, in zones whose days start on the
 * half hour, the quarter hour, or change with daylight saving.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '#shared/contract/orders.ts';
import type { EcommerceOverview } from '#shared/contract/overview.ts';
import { productGenders } from '#shared/contract/products-limits.ts';

import { discountCodes } from '../../db/schema/index.ts';
import { daysOf, previousPeriod, rowsOf, type DateRange } from '../../lib/date-range.ts';
import { apiCalls } from '../../testing/http.ts';
import { quickMembers, threeMembers, type Member } from '../../testing/members.ts';
import { insertProduct, orderBody } from '../../testing/shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { monthsOf } from '../overview/overview.service.ts';

let t: TestApp;
let admin: Member;
const { call, ok } = apiCalls(() => t.app);

const QUARTER = 15 * 60_000;
/** Now, to the quarter hour below (the orders are spread backwards from it). */
const NOW = Math.floor(Date.now() / QUARTER) * QUARTER;

/** The day `days` before today in `timeZone`. */
const dayBefore = (timeZone: string, days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(NOW));
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
};

const q = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(statement));

/** The range's bounds in SQL, as date-range.ts writes them. */
const within = (range: DateRange) =>
  sql`o.created_at >= (${range.from}::date::timestamp at time zone ${range.timeZone}::text)
    and o.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone}::text)`;
const SOLD = sql`o.status in ('paid', 'completed')`;

/** A trend figure recomputed from the orders: `value` per sale, by the viewer's day. */
async function rawTrend(range: DateRange, value: ReturnType<typeof sql>, lines = false) {
  const from = lines ? sql`orders o join order_items i on i.order_id = o.id` : sql`orders o`;
  const total = async (r: DateRange) =>
    Number(
      (
        await q<{ v: unknown }>(
          sql`select coalesce(sum(${value}), 0)::text as v from ${from} where ${SOLD} and ${within(r)}`,
        )
      )[0]?.v,
    );
  const days = await q<{
    day: string;
    v: unknown;
  }>(sql`select (o.created_at at time zone ${range.timeZone}::text)::date::text as day,
      sum(${value})::text as v from ${from} where ${SOLD} and ${within(range)} group by 1`);
  const byDay = new Map(days.map((row) => [row.day, Number(row.v)]));
  return {
    value: await total(range),
    previous: await total(previousPeriod(range)),
    series: daysOf(range).map((day) => ({ day, value: byDay.get(day) ?? 0 })),
  };
}

/** What the e-commerce overview should answer an administrator, from the orders themselves. */
async function rawShop(range: DateRange, year: number) {
  const mix = await q<{ category: string | null; gender: string[] | null; units: unknown; revenue: unknown }>(
    sql`select p.category, p.gender, sum(i.quantity)::int as units, sum(i.line_total - i.discount)::text as revenue
      from orders o join order_items i on i.order_id = o.id left join products p on p.id = i.product_id
      where ${SOLD} and ${within(range)} group by 1, 2`,
  );
  const categories = new Map<string | null, { units: number; revenue: number }>();
  const genders = new Map(productGenders.map((g) => [g as string, { units: 0, revenue: 0 }]));
  const total = { units: 0, revenue: 0 };
  for (const row of mix) {
    const units = Number(row.units);
    const revenue = Number(row.revenue);
    total.units += units;
    total.revenue += revenue;
    const share = categories.get(row.category) ?? { units: 0, revenue: 0 };
    share.units += units;
    share.revenue += revenue;
    categories.set(row.category, share);
    for (const gender of new Set(row.gender ?? [])) {
      genders.get(gender)!.units += units;
      genders.get(gender)!.revenue += revenue;
    }
  }
  const months = await q<{ month: number; refunded: boolean; v: unknown }>(
    sql`select extract(month from (o.created_at at time zone ${range.timeZone}::text))::int as month,
        o.status = 'refunded' as refunded, sum(o.total)::text as v
      from orders o where (${SOLD} or o.status = 'refunded')
        and ${within({ from: `${year}-01-01`, to: `${year}-12-31`, timeZone: range.timeZone })}
      group by 1, 2`,
  );
  const monthly = (refunded: boolean) =>
    Array.from({ length: 12 }, (_, i) =>
      months
        .filter((row) => row.refunded === refunded && row.month === i + 1)
        .reduce((n, row) => n + Number(row.v), 0),
    );
  const [balance] = await q<Record<'earnings' | 'refunded' | 'pending', unknown>>(
    sql`select coalesce(sum(o.total) filter (where ${SOLD}), 0)::text as earnings,
        coalesce(sum(o.total) filter (where o.status = 'refunded'), 0)::text as refunded,
        coalesce(sum(o.total) filter (where o.status = 'pending'), 0)::text as pending
      from orders o where ${within(range)}`,
  );
  const best = await q<{ user_id: string; spent: unknown; n: number }>(
    // A customer who deleted their account (user_id null, ADR 058) is no best customer.
    sql`select o.user_id, sum(o.total)::text as spent, count(*)::int as n from orders o
      where ${SOLD} and ${within(range)} and o.user_id is not null group by 1 order by sum(o.total) desc, 1 limit 5`,
  );
  const months2 = monthsOf(range.timeZone);
  const salesIn = async (r: DateRange) =>
    Number(
      (
        await q<{ v: unknown }>(
          sql`select coalesce(sum(o.total), 0)::text as v from orders o where ${SOLD} and ${within(r)}`,
        )
      )[0]?.v,
    );
  const earnings = Number(balance?.earnings);
  const refunded = Number(balance?.refunded);
  const pending = Number(balance?.pending);
  return {
    welcome: {
      month: months2.month,
      thisMonth: await salesIn(months2.thisMonth),
      lastMonth: await salesIn(months2.lastMonth),
    },
    // The lines' quantities: the orders' item counts must say the same.
    productsSold: await rawTrend(range, sql`i.quantity`, true),
    totalBalance: await rawTrend(range, sql`o.total`),
    salesProfit: await rawTrend(range, sql`o.subtotal - o.discount`),
    salesByGender: { total, byGender: productGenders.map((gender) => ({ gender, ...genders.get(gender)! })) },
    salesByCategory: [...categories]
      .map(([category, share]) => ({ category, ...share }))
      .sort((a, b) => b.revenue - a.revenue || String(a.category).localeCompare(String(b.category))),
    yearlySales: { year, income: monthly(false), refunds: monthly(true) },
    currentBalance: { orderTotal: earnings + refunded + pending, earnings, refunded, pending },
    bestCustomers: best.map((row) => ({ id: row.user_id, spent: Number(row.spent), orders: row.n })),
  };
}

/** Compares the administrator's e-commerce overview with the orders, for each zone and range. */
async function expectOverviewToMatchOrders() {
  for (const timeZone of ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York']) {
    for (const days of [29, 364, 730]) {
      const range = { from: dayBefore(timeZone, days), to: dayBefore(timeZone, 0), timeZone };
      for (const year of [Number(range.to.slice(0, 4)), Number(range.to.slice(0, 4)) - 1]) {
        const answer = await ok<EcommerceOverview>(
          admin,
          'GET',
          `/overview/ecommerce?from=${range.from}&to=${range.to}&tz=${encodeURIComponent(timeZone)}&year=${year}`,
        );
        const raw = await rawShop(range, year);
        const where = `${timeZone}, ${range.from} to ${range.to}, year ${year}`;
        // Not an empty shop: two years hold sales, refunds and several categories.
        if (days === 730) {
          expect(raw.totalBalance.value, where).toBeGreaterThan(0);
          expect(raw.currentBalance.refunded, where).toBeGreaterThan(0);
          expect(raw.salesByCategory.length, where).toBeGreaterThan(1);
        }
        expect(answer.welcome, where).toEqual(raw.welcome);
        expect(answer.productsSold, where).toEqual(raw.productsSold);
        expect(answer.totalBalance, where).toEqual(raw.totalBalance);
        expect(answer.salesProfit, where).toEqual(raw.salesProfit);
        expect(answer.salesByGender, where).toEqual(raw.salesByGender);
        // Same shares; ties in revenue may list in either order.
        expect(new Set(answer.salesByCategory.map((c) => JSON.stringify(c))), where).toEqual(
          new Set(raw.salesByCategory.map((c) => JSON.stringify(c))),
        );
        expect(answer.yearlySales, where).toEqual(raw.yearlySales);
        expect(answer.currentBalance, where).toEqual(raw.currentBalance);
        expect(
          answer.bestCustomers?.map((c) => ({ id: c.customer.id, spent: c.spent, orders: c.orders })),
          where,
        ).toEqual(raw.bestCustomers);
      }
    }
  }
  // Every change was folded when its transaction committed.
  expect((await q<{ n: number }>(sql`select count(*)::int as n from rollup_deltas`))[0]?.n).toBe(0);
}

describe('shop figures from the rollups', () => {
  const placedOrders: Order[] = [];
  let buyers: Member[];
  let shirtId: string;
  let bagId: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 1_000_000 });
    ({ admin } = await threeMembers(t.app));
    buyers = await quickMembers(t.app, t.database.db, 6, 'Rollup');
    const db = t.database.db;
    await db.insert(discountCodes).values({ code: 'ROLL10', kind: 'percent', value: 10 });
    const shirt = await insertProduct(db, {
      category: 'Shirts',
      gender: ['Men', 'Women'],
      price: 2490,
      taxes: 10,
    });
    const shoes = await insertProduct(db, { category: 'Shoes', gender: ['Kids'], price: 5900 });
    const bag = await insertProduct(db, { category: 'Backpacks and bags', gender: [], price: 12_000 });
    const jacket = await insertProduct(db, { category: 'Leather', gender: ['Men'], price: 31_000 });
    shirtId = shirt.id;
    bagId = bag.id;
    const baskets = [
      [{ productId: shirt.id, quantity: 2 }],
      [
        { productId: shoes.id, quantity: 1 },
        { productId: bag.id, quantity: 1 },
      ],
      [{ productId: jacket.id, quantity: 1 }],
      [
        { productId: shirt.id, quantity: 1 },
        { productId: jacket.id, quantity: 2 },
        { productId: shoes.id, quantity: 3 },
      ],
    ];
    for (let i = 0; i < 24; i++) {
      const { order } = await ok<{ order: Order }>(
        buyers[i % buyers.length]!,
        'POST',
        '/orders',
        orderBody(baskets[i % baskets.length]!, {
          delivery: i % 3 === 0 ? 'express' : 'standard',
          ...(i % 4 === 1 && { discountCode: 'ROLL10' }),
        }),
        201,
      );
      placedOrders.push(order);
    }
  });
  afterAll(() => t?.close());

  it('adds up the orders as they are placed, paid, completed, cancelled and refunded', async () => {
    // Spread over two years, many on a day's edge in one of the zones: 18:30 UTC starts a day in Kolkata,
    // 18:15 in Kathmandu, 04:00 or 05:00 in New York; one a minute either side.
    const db = t.database.db;
    for (const [i, order] of placedOrders.entries()) {
      const edge = [0, -60_000, 60_000][i % 3]!;
      const day = Math.floor((NOW - i * 31 * 86_400_000 - (i % 5) * 86_400_000) / 86_400_000) * 86_400_000;
      const at = i < 3 ? NOW - i * 3_600_000 : day + [18.5, 18.25, 5, 4, 0, 12.75][i % 6]! * 3_600_000 + edge;
      await db.execute(
        sql`update orders set created_at = ${new Date(at).toISOString()}::timestamptz where id = ${order.id}`,
      );
    }
    const move = (order: Order, status: string) =>
      ok<{ order: Order }>(admin, 'POST', `/orders/${order.id}/status`, { status, version: order.version });
    for (const [i, order] of placedOrders.entries()) {
      if (i % 6 === 5) continue; // still pending
      if (i % 6 === 4) {
        await move(order, 'cancelled');
        continue;
      }
      const paid = (await move(order, 'paid')).order;
      if (i % 6 === 1 || i % 6 === 2) {
        const completed = (await move(paid, 'completed')).order;
        if (i % 6 === 2) await move(completed, 'refunded');
      } else if (i % 6 === 3) await move(paid, 'refunded');
    }
    await expectOverviewToMatchOrders();
  });

  it('follows a product re-filed or deleted, and a customer deleted (their orders stay, for no one)', async () => {
    await ok(admin, 'PATCH', `/products/${shirtId}`, { category: 'T-shirts', gender: ['Kids'] });
    expect((await call(admin, 'DELETE', `/products/${bagId}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/users/${buyers[1]!.id}`)).statusCode).toBe(204);
    await expectOverviewToMatchOrders();
  });
});
