import { beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema/index.ts';
import { TOKYO_RANGE, adminScope, at, memberScope, statsDb, tokyoFigure } from '../../testing/stats.ts';
import { sales } from './orders.stats.ts';

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
