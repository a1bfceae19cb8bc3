/** An order's idempotency key answers the same request with the same order, and another request with 422. */
import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreateOrderInput, Order } from '#shared/contract/orders.ts';

import { orders, products, type ProductRow } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { insertProduct, orderBody } from '../../testing/shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { requestHash } from './idempotency.ts';

let t: TestApp;
let alice: Member;
let shirt: ProductRow;
let socks: ProductRow;

const { call } = apiCalls(() => t.app);
const place = (body: object) => call(alice, 'POST', '/orders', body);

/** One shirt, in the shared order body. */
const shirtOrder = () => orderBody([{ productId: shirt.id, quantity: 1 }]);

const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.quantity;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
  alice = await member(t.app, 'Alice', 'Liddell');
  shirt = await insertProduct(t.database.db, { name: 'Shirt' });
  socks = await insertProduct(t.database.db, { name: 'Socks' });
});
afterAll(async () => {
  await t?.close();
});

describe('orders: the idempotency key', () => {
  it('answers the same request again with the same order, taking nothing again', async () => {
    const body = shirtOrder();
    const first = await place(body);
    expect(first.statusCode).toBe(201);
    const again = await place({ ...body });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ order: Order }>().order.id).toBe(first.json<{ order: Order }>().order.id);
  });

  it('answers the key reused with a different body with 422 and a message, placing nothing', async () => {
    const body = shirtOrder();
    expect((await place(body)).statusCode).toBe(201);
    const stock = [await stockOf(shirt.id), await stockOf(socks.id)];
    for (const other of [
      { ...body, items: [{ productId: shirt.id, quantity: 2 }] },
      { ...body, items: [{ productId: socks.id, quantity: 1 }] },
      { ...body, delivery: 'express' },
      { ...body, address: { ...body.address!, street: '2 Looking Glass Lane' } },
    ]) {
      const res = await place(other);
      expect(res.statusCode, JSON.stringify(other)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) });
    }
    expect([await stockOf(shirt.id), await stockOf(socks.id)]).toEqual(stock);
    const mine = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, body.idempotencyKey));
    expect(mine).toHaveLength(1);
  });

  it('refuses the other of two different requests sent at once with one key', async () => {
    const body = shirtOrder();
    const answers = await Promise.all([
      place(body),
      place({ ...body, items: [{ productId: socks.id, quantity: 3 }] }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422]);
  });

  it('reads the same request the same whatever the order of its fields', () => {
    const body = shirtOrder();
    const reordered = Object.fromEntries(Object.entries(body).reverse()) as CreateOrderInput;
    expect(requestHash(reordered)).toBe(requestHash(body));
    expect(requestHash({ ...body, idempotencyKey: randomUUID() })).toBe(requestHash(body));
    expect(requestHash({ ...body, delivery: 'express' })).not.toBe(requestHash(body));
  });

  it('still answers an order placed before requests were hashed, whatever the body', async () => {
    const body = shirtOrder();
    const first = await place(body);
    await t.database.db
      .update(orders)
      .set({ requestHash: null })
      .where(eq(orders.id, first.json<{ order: Order }>().order.id));
    const again = await place({ ...body, delivery: 'express' });
    expect(again.statusCode).toBe(200);
  });
});
