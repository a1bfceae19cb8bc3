import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreateOrderInput, Order } from '#shared/contract/orders.ts';
import type { Product } from '#shared/contract/products.ts';

import { orderItems, orders, products } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { quickMembers, type Member } from '../../testing/members.ts';
import { insertProduct, orderBody } from '../../testing/shop.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The maximum per customer of a product (issue 24 C, ADR 032). */

let t: TestApp;
let admin: Member;

const { call, ok } = apiCalls(() => t.app);

const product = (overrides: Partial<typeof products.$inferInsert> = {}) =>
  insertProduct(t.database.db, overrides);

const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.quantity;

const place = (who: Member, items: CreateOrderInput['items']) =>
  call(who, 'POST', '/orders', orderBody(items, { paymentMethod: 'bankTransfer' }));

const placed = async (who: Member, items: CreateOrderInput['items']) =>
  (
    await ok<{ order: Order }>(
      who,
      'POST',
      '/orders',
      orderBody(items, { paymentMethod: 'bankTransfer' }),
      201,
    )
  ).order;

let batch = 0;
const customers = (count: number) => quickMembers(t.app, t.database.db, count, `Limit${++batch}x`);

/** Units of the product in the customer's orders, by status. */
async function unitsOf(userId: string, productId: string) {
  const rows = await t.database.db
    .select({ status: orders.status, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId)))
    .groupBy(orders.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.units)]));
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = (await quickMembers(t.app, t.database.db, 1, 'LimitAdmin', 'admin'))[0]!;
});
afterAll(async () => {
  await t?.close();
});

describe('products: the maximum per customer', () => {
  it('is set by administrators on create and edit, empty (null) by default, and cleared with null', async () => {
    const created = await call(admin, 'POST', '/products', {
      name: 'Console X',
      sku: 'CONSOLE-X',
      price: 49_900,
      category: 'Shirts',
      gender: ['Men'],
      colors: ['#000000'],
      quantity: 50,
      maxPerCustomer: 2,
      publish: 'published',
    });
    expect(created.statusCode, created.body).toBe(201);
    const console = created.json<{ product: Product }>().product;
    expect(console.maxPerCustomer).toBe(2);

    const edited = await call(admin, 'PATCH', `/products/${console.id}`, {
      maxPerCustomer: 5,
      version: console.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const five = edited.json<{ product: Product }>().product;
    expect(five.maxPerCustomer).toBe(5);
    const read = await call(admin, 'GET', `/products/product?name=${console.slug}`);
    expect(read.json<{ product: Product }>().product.maxPerCustomer).toBe(5);

    const cleared = await call(admin, 'PATCH', `/products/${console.id}`, {
      maxPerCustomer: null,
      version: five.version,
    });
    expect(cleared.json<{ product: Product }>().product.maxPerCustomer).toBeNull();

    const plain = await call(admin, 'POST', '/products', {
      name: 'Plain tee',
      sku: 'PLAIN-TEE',
      price: 1_000,
      category: 'Shirts',
      gender: ['Men'],
      colors: ['#000000'],
    });
    expect(plain.json<{ product: Product }>().product.maxPerCustomer).toBeNull();
  });

  it('refuses a maximum that is not a whole number from 1 to 1,000,000 (400 with the message)', async () => {
    const row = await product();
    for (const bad of [0, -1, 1.5, 1_000_001, '3']) {
      const res = await call(admin, 'PATCH', `/products/${row.id}`, { maxPerCustomer: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/maximum per customer/i);
    }
    expect(
      (await t.database.db.select().from(products).where(eq(products.id, row.id)))[0]!.maxPerCustomer,
    ).toBeNull();
  });

  it('is not the customers to set: a member gets 403 and the product is unchanged', async () => {
    const row = await product();
    const [carol] = await customers(1);
    const res = await call(carol!, 'PATCH', `/products/${row.id}`, { maxPerCustomer: 1 });
    expect(res.statusCode).toBe(403);
  });
});

describe('orders: the maximum per customer', () => {
  it('counts the earlier orders that still hold stock, refuses past the maximum (409 naming it), takes nothing', async () => {
    const row = await product({ name: 'Limited sneaker', maxPerCustomer: 3 });
    const [carol] = await customers(1);
    await placed(carol!, [{ productId: row.id, quantity: 2 }]);
    const refused = await place(carol!, [{ productId: row.id, quantity: 2 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PER_CUSTOMER_LIMIT',
      overLimit: [{ productId: row.id, name: 'Limited sneaker', max: 3, ordered: 2 }],
    });
    expect(refused.json<{ message: string }>().message).toContain('at most 3 per customer');
    expect(await stockOf(row.id)).toBe(98);
    // Up to the maximum still passes; one more does not.
    await placed(carol!, [{ productId: row.id, quantity: 1 }]);
    expect((await place(carol!, [{ productId: row.id, quantity: 1 }])).statusCode).toBe(409);
    expect(await unitsOf(carol!.id, row.id)).toEqual({ pending: 3 });
    expect(await stockOf(row.id)).toBe(97);
  });

  it('adds up the lines of one order, and refuses a first order above the maximum', async () => {
    const row = await product({ name: 'Limited cap', maxPerCustomer: 2, sizes: ['M', 'L'] });
    const [dave] = await customers(1);
    const res = await place(dave!, [
      { productId: row.id, quantity: 2, size: 'M' },
      { productId: row.id, quantity: 1, size: 'L' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PER_CUSTOMER_LIMIT', overLimit: [{ max: 2, ordered: 0 }] });
    expect(res.json<{ message: string }>().message).toMatch(/Limited cap \(at most 2 per customer\)/);
    expect(await stockOf(row.id)).toBe(100);
  });

  it('is per customer and per product: others, and products without a maximum, are not limited', async () => {
    const limited = await product({ maxPerCustomer: 1 });
    const free = await product();
    const [erin, frank] = await customers(2);
    await placed(erin!, [
      { productId: limited.id, quantity: 1 },
      { productId: free.id, quantity: 50 },
    ]);
    await placed(frank!, [{ productId: limited.id, quantity: 1 }]);
    await placed(erin!, [{ productId: free.id, quantity: 50 }]);
    expect((await place(erin!, [{ productId: limited.id, quantity: 1 }])).statusCode).toBe(409);
  });

  it('no longer counts an order once it is cancelled or refunded', async () => {
    const row = await product({ maxPerCustomer: 2 });
    const [gina] = await customers(1);
    const first = await placed(gina!, [{ productId: row.id, quantity: 2 }]);
    expect((await place(gina!, [{ productId: row.id, quantity: 1 }])).statusCode).toBe(409);
    const cancel = await call(admin, 'POST', `/orders/${first.id}/status`, {
      status: 'cancelled',
      version: first.version,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const second = await placed(gina!, [{ productId: row.id, quantity: 2 }]);
    // Paid and completed orders still count; a refunded one does not.
    let current = second;
    for (const status of ['paid', 'completed']) {
      const res = await call(admin, 'POST', `/orders/${current.id}/status`, {
        status,
        version: current.version,
      });
      current = res.json<{ order: Order }>().order;
      expect((await place(gina!, [{ productId: row.id, quantity: 1 }])).statusCode, status).toBe(409);
    }
    await call(admin, 'POST', `/orders/${current.id}/status`, {
      status: 'refunded',
      version: current.version,
    });
    await placed(gina!, [{ productId: row.id, quantity: 2 }]);
  });

  it('lets only the maximum through when one customer sends many orders at once', async () => {
    const row = await product({ name: 'Hot drop', maxPerCustomer: 3 });
    const [hal] = await customers(1);
    // 8 at once (the per-person order limit is 10 a minute), each for one unit.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => place(hal!, [{ productId: row.id, quantity: 1 }])),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'PER_CUSTOMER_LIMIT', overLimit: [{ max: 3 }] });
    }
    expect(await unitsOf(hal!.id, row.id)).toEqual({ pending: 3 });
    expect(await stockOf(row.id)).toBe(97);
  }, 60_000);
});
