import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { orderItems, orders } from '../../db/schema/index.ts';
import { inRange, rowsOf, type DateRange } from '../../lib/date-range.ts';
import { insertProduct } from '../../testing/shop.ts';
import {
  TOKYO_RANGE,
  adminScope,
  at,
  memberScope,
  person,
  statsDb,
  tokyoFigure,
} from '../../testing/stats.ts';
import {
  bestCustomers,
  type BestCustomer,
  currentBalance,
  productsSold,
  sales,
  salesMix,
  salesProfit,
  salesTotal,
  yearlySales,
} from './orders.stats.ts';

describe('orders stats', () => {
  const s = statsDb();
  let n = 0;

  beforeAll(async () => {
    const { db, alice, bob } = s;
    const address = {
      name: 'A',
      phoneNumber: '1',
      fullAddress: 'x',
      street: '',
      city: '',
      state: '',
      zipCode: '',
      country: 'FR',
      addressType: 'home' as const,
    };
    const order = (
      userId: string,
      status: 'pending' | 'paid' | 'completed' | 'refunded',
      createdAt: string,
      total: number,
    ) =>
      db.insert(orders).values({
        userId,
        status,
        subtotal: total,
        total,
        itemCount: 1,
        currency: 'USD',
        delivery: 'free',
        paymentMethod: 'card',
        address,
        idempotencyKey: `key-${++n}`,
        createdAt: at(createdAt),
      });
    await order(alice, 'paid', '2024-03-09T16:00:00Z', 1000); // 10 March in Tokyo
    await order(bob, 'completed', '2024-03-11T14:59:00Z', 500); // 11 March
    await order(bob, 'refunded', '2024-03-10T02:00:00Z', 9000); // refunded: not a sale
    await order(bob, 'pending', '2024-03-10T02:00:00Z', 8000); // unpaid: not a sale
    await order(alice, 'paid', '2024-03-08T02:00:00Z', 250); // the previous period
    await order(bob, 'paid', '2024-03-11T15:00:00Z', 7000); // 12 March in Tokyo: out
  });

  it("sums the shop's sales for administrators, by the viewer's day", async () => {
    const { revenue, orders: count } = await sales(s.db, adminScope(s.admin), TOKYO_RANGE);
    expect(revenue).toEqual(tokyoFigure(1500, 250, [1000, 500]));
    expect(count).toEqual(tokyoFigure(2, 1, [1, 1]));
  });

  it("counts a member's own purchases only", async () => {
    const { revenue, orders: count } = await sales(s.db, memberScope(s.alice), TOKYO_RANGE);
    expect(revenue).toEqual(tokyoFigure(1000, 250, [1000, 0]));
    expect(count).toEqual(tokyoFigure(1, 1, [1, 0]));
  });
});

describe('shop overview figures', () => {
  const s = statsDb();
  let n = 0;
  type Status = 'pending' | 'paid' | 'completed' | 'cancelled' | 'refunded';
  type Line = { productId: string | null; quantity: number; price: number; discount?: number };

  /** An order of `lines` (each `price` × `quantity`, less its discount), with 500 shipping and 100 taxes. */
  async function order(userId: string, status: Status, createdAt: string, lines: Line[]) {
    const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const discount = lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
    const [row] = await s.db
      .insert(orders)
      .values({
        userId,
        status,
        subtotal,
        discount,
        shipping: 500,
        taxes: 100,
        total: subtotal - discount + 600,
        itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
        currency: 'USD',
        delivery: 'standard',
        paymentMethod: 'cash',
        address: {
          name: 'A',
          phoneNumber: '1',
          fullAddress: 'x',
          street: '',
          city: '',
          state: '',
          zipCode: '',
          country: 'FR',
          addressType: 'home',
        },
        idempotencyKey: `mix-${++n}`,
        createdAt: at(createdAt),
      })
      .returning({ id: orders.id });
    await s.db.insert(orderItems).values(
      lines.map((line, position) => ({
        orderId: row!.id,
        position,
        productId: line.productId,
        name: 'p',
        sku: 'p',
        price: line.price,
        quantity: line.quantity,
        lineTotal: line.price * line.quantity,
        discount: line.discount ?? 0,
      })),
    );
  }

  beforeAll(async () => {
    const { alice, bob } = s;
    const shirt = await insertProduct(s.db, { category: 'Shirts', gender: ['Men', 'Women'] });
    const shoes = await insertProduct(s.db, { category: 'Shoes', gender: ['Kids'] });
    const bag = await insertProduct(s.db, { category: 'Backpacks and bags', gender: [] });
    // 10 March in Tokyo (9 March in UTC): Alice pays 2 shirts and a bag, with 300 off the shirts.
    await order(alice, 'paid', '2024-03-09T15:00:00Z', [
      { productId: shirt.id, quantity: 2, price: 1000, discount: 300 },
      { productId: bag.id, quantity: 1, price: 4000 },
    ]);
    // 11 March: Bob's shoes, completed; and a line of a product deleted since.
    await order(bob, 'completed', '2024-03-11T14:59:59Z', [
      { productId: shoes.id, quantity: 3, price: 2000 },
      { productId: null, quantity: 1, price: 700 },
    ]);
    // Not sales: refunded, pending, cancelled (in the range); out of the range (12 March in Tokyo).
    await order(bob, 'refunded', '2024-03-10T01:00:00Z', [{ productId: shirt.id, quantity: 5, price: 1000 }]);
    await order(alice, 'pending', '2024-03-10T02:00:00Z', [{ productId: bag.id, quantity: 1, price: 4000 }]);
    await order(alice, 'cancelled', '2024-03-10T03:00:00Z', [
      { productId: bag.id, quantity: 9, price: 4000 },
    ]);
    await order(bob, 'paid', '2024-03-11T15:00:00Z', [{ productId: shoes.id, quantity: 1, price: 2000 }]);
    // The previous period (9 March in Tokyo).
    await order(alice, 'paid', '2024-03-09T14:59:59Z', [{ productId: shirt.id, quantity: 1, price: 1000 }]);
    // Other months of 2024 in Tokyo: New Year's Day there (still 2023 in UTC), and a refund in July.
    await order(bob, 'paid', '2023-12-31T15:30:00Z', [{ productId: shirt.id, quantity: 1, price: 1000 }]);
    await order(alice, 'refunded', '2024-07-01T00:00:00Z', [{ productId: bag.id, quantity: 1, price: 4000 }]);
  });

  it('counts units sold and the net profit per viewer day, against the previous period', async () => {
    expect(await productsSold(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(7, 1, [3, 4]));
    expect(await productsSold(s.db, memberScope(s.alice), TOKYO_RANGE)).toEqual(tokyoFigure(3, 1, [3, 0]));
    // Goods after discounts, without shipping and taxes: 2000 − 300 + 4000, then 6000 + 700.
    expect(await salesProfit(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(
      tokyoFigure(12_400, 1000, [5700, 6700]),
    );
    expect(await salesProfit(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });

  it('totals the sales of a period', async () => {
    // 5700 + 600 and 6700 + 600.
    expect(await salesTotal(s.db, adminScope(s.admin), TOKYO_RANGE)).toBe(13_600);
    expect(await salesTotal(s.db, memberScope(s.bob), TOKYO_RANGE)).toBe(7300);
  });

  it('splits the sales by gender (a product in each of its genders) and by category', async () => {
    const mix = await salesMix(s.db, adminScope(s.admin), TOKYO_RANGE);
    expect(mix.total).toEqual({ units: 7, revenue: 12_400 });
    expect(mix.byGender).toEqual([
      { gender: 'Men', units: 2, revenue: 1700 },
      { gender: 'Women', units: 2, revenue: 1700 },
      { gender: 'Kids', units: 3, revenue: 6000 },
    ]);
    expect(mix.byCategory).toEqual([
      { category: 'Shoes', units: 3, revenue: 6000 },
      { category: 'Backpacks and bags', units: 1, revenue: 4000 },
      { category: 'Shirts', units: 2, revenue: 1700 },
      { category: null, units: 1, revenue: 700 },
    ]);
    const alices = await salesMix(s.db, memberScope(s.alice), TOKYO_RANGE);
    expect(alices.total).toEqual({ units: 3, revenue: 5700 });
    expect(alices.byGender.find((g) => g.gender === 'Kids')).toEqual({
      gender: 'Kids',
      units: 0,
      revenue: 0,
    });
  });

  it("puts income and refunds in the month of the order, in the viewer's year", async () => {
    const months = (entries: Record<number, number>) =>
      Array.from({ length: 12 }, (_, i) => entries[i + 1] ?? 0);
    expect(await yearlySales(s.db, adminScope(s.admin), 2024, 'Asia/Tokyo')).toEqual({
      year: 2024,
      // January: New Year's order; March: the range's sales, the previous period's and 12 March's.
      income: months({ 1: 1600, 3: 13_600 + 1600 + 2600 }),
      refunds: months({ 3: 5600, 7: 4600 }),
    });
    expect(await yearlySales(s.db, memberScope(s.alice), 2024, 'UTC')).toEqual({
      year: 2024,
      income: months({ 3: 6300 + 1600 }),
      refunds: months({ 7: 4600 }),
    });
  });

  it('balances the orders of the period, for administrators', async () => {
    // Sales 13,600, refunded 5,600, pending 4,600; the cancelled order left out.
    expect(await currentBalance(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual({
      orderTotal: 23_800,
      earnings: 13_600,
      refunded: 5600,
      pending: 4600,
    });
    expect(await currentBalance(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });

  it('ranks the customers by what they spent, for administrators', async () => {
    expect(await bestCustomers(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual([
      { userId: s.bob, spent: 7300, orders: 1 },
      { userId: s.alice, spent: 6300, orders: 1 },
    ]);
    expect(await bestCustomers(s.db, adminScope(s.admin), TOKYO_RANGE, 1)).toHaveLength(1);
    expect(await bestCustomers(s.db, memberScope(s.alice), TOKYO_RANGE)).toBeUndefined();
  });
});

describe('best customers over many customers', () => {
  const s = statsDb();
  let raw: (range: DateRange) => Promise<BestCustomer[]>;

  beforeAll(async () => {
    // 40 customers: the first ones spent most long ago, the last ones most in March 2024; one in ten with
    // the same spend as another (ties go by id).
    const people = await Promise.all(Array.from({ length: 40 }, () => person(s.db)));
    let n = 0;
    const rows = people.flatMap((userId, i) => [
      { userId, at: '2023-06-01T12:00:00Z', total: 100_000 - i * 2000 },
      { userId, at: '2024-03-10T03:00:00Z', total: 1000 + (i % 10 === 9 ? (i - 1) * 300 : i * 300) },
      { userId, at: '2024-03-11T10:00:00Z', total: i % 7 === 0 ? 5000 : 0 },
    ]);
    await s.db.insert(orders).values(
      rows
        .filter((row) => row.total > 0)
        .map((row) => ({
          userId: row.userId,
          status: 'completed' as const,
          subtotal: row.total,
          total: row.total,
          itemCount: 1,
          currency: 'USD',
          delivery: 'free' as const,
          paymentMethod: 'cash' as const,
          address: {
            name: 'A',
            phoneNumber: '1',
            fullAddress: 'x',
            street: '',
            city: '',
            state: '',
            zipCode: '',
            country: 'FR',
            addressType: 'home' as const,
          },
          idempotencyKey: `best-${++n}`,
          createdAt: at(row.at),
        })),
    );
    raw = async (range) =>
      rowsOf<{ user_id: string; spent: string; n: number }>(
        await s.db.execute(sql`select user_id, sum(total)::text as spent, count(*)::int as n from orders
          where status in ('paid', 'completed') and ${inRange(orders.createdAt, range)}
          group by 1 order by sum(total) desc, 1 limit 5`),
      ).map((row) => ({ userId: row.user_id, spent: Number(row.spent), orders: row.n }));
  });

  it('finds the best of the period among the best of all time, as summing every sale does', async () => {
    for (const range of [
      TOKYO_RANGE,
      { from: '2023-01-01', to: '2024-12-31', timeZone: 'UTC' },
      { from: '2024-01-01', to: '2024-12-31', timeZone: 'UTC' },
    ]) {
      const expected = await raw(range);
      expect(expected).toHaveLength(5);
      // Few candidates at a time (the bounds decide, or all of them are read batch after batch), or one (it
      // falls back to summing every sale).
      for (const rounds of [[3, 6, 12, 24], [8, 16, 32, 64], [40], [1]]) {
        expect(
          await bestCustomers(s.db, adminScope(s.admin), range, 5, rounds),
          JSON.stringify(rounds),
        ).toEqual(expected);
      }
    }
  });
});
