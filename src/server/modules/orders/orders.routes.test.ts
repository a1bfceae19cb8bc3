import { randomUUID } from 'node:crypto';

import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  AdminOrderPage,
  Order,
  OrderPage,
  OrderQuote,
  PaymentMethodInfo,
} from '#shared/contract/orders.ts';
import type { ReviewPage } from '#shared/contract/products.ts';

import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  discountCodes,
  notifications,
  orderEvents,
  orderItems,
  orders,
  products,
} from '../../db/schema/index.ts';
import { apiCalls, type Method } from '../../testing/http.ts';
import { quickMembers, threeMembers, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { insertProduct, orderBody, shipTo } from '../../testing/shop.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { CardPaymentProvider } from './payments.ts';

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;

const { call, ok } = apiCalls(() => t.app);

/** Counts the products made, so each test's discount codes are its own. */
let serial = 0;
/** A published product straight in the database (price 10.00, 10 % taxes, black or white, M or L, 100 in stock). */
function product(overrides: Partial<typeof products.$inferInsert> = {}) {
  serial++;
  return insertProduct(t.database.db, {
    taxes: 10,
    colors: ['#000000', '#FFFFFF'],
    sizes: ['M', 'L'],
    ...overrides,
  });
}

const productRow = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;

async function discount(overrides: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await t.database.db
    .insert(discountCodes)
    .values({ kind: 'percent', value: 10, ...overrides })
    .returning();
  return row!;
}

const place = (who: Member, body: object) => call(who, 'POST', '/orders', body);

const placed = async (who: Member, body: object) =>
  (await ok<{ order: Order }>(who, 'POST', '/orders', body, 201)).order;

const move = (who: Member, order: Pick<Order, 'id' | 'version'>, status: string, note?: string) =>
  call(who, 'POST', `/orders/${order.id}/status`, { status, version: order.version, ...(note && { note }) });

async function moved(order: Pick<Order, 'id' | 'version'>, status: string, note?: string): Promise<Order> {
  const res = await move(admin, order, status, note);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: Order }>().order;
}

/** Fresh customers (the per-person order limit is 10 a minute). */
let batch = 0;
const customers = (count: number) => quickMembers(t.app, t.database.db, count, `Buyer${++batch}x`);

const orderCount = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n);

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice, bob } = await threeMembers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('orders: who may do what', () => {
  it('answers 401 to signed-out callers on every route', async () => {
    const id = randomUUID();
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/orders'],
      ['GET', '/orders/admin'],
      ['GET', `/orders/${id}`],
      ['GET', '/orders/payment-methods'],
      ['POST', '/orders', orderBody([{ productId: id, quantity: 1 }])],
      ['POST', '/orders/quote', { items: [{ productId: id, quantity: 1 }] }],
      ['POST', `/orders/${id}/status`, { status: 'paid', version: 1 }],
      ['GET', '/addresses'],
      ['POST', '/addresses', shipTo],
      ['PATCH', `/addresses/${id}`, { name: 'X' }],
      ['DELETE', `/addresses/${id}`],
      ['GET', '/discounts'],
      ['POST', '/discounts', { code: 'NOPE', kind: 'percent', value: 5 }],
      ['PATCH', `/discounts/${id}`, { value: 5 }],
      ['DELETE', `/discounts/${id}`],
      ['POST', '/discounts/check', { code: 'NOPE', subtotal: 100 }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses the administration to customers (403) and changes nothing', async () => {
    const shirt = await product();
    const order = await placed(alice, orderBody([{ productId: shirt.id, quantity: 1 }]));
    const before = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    for (const [method, url, payload] of [
      ['GET', '/orders/admin'],
      ['POST', `/orders/${order.id}/status`, { status: 'paid', version: order.version }],
      ['POST', `/orders/${order.id}/status`, { status: 'cancelled', version: order.version }],
    ] as Array<[Method, string, object?]>) {
      const res = await call(alice, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.id, order.id))).toEqual(before);
    expect((await productRow(shirt.id)).quantity).toBe(99);
  });

  it("answers 404 for someone else's order (BOLA), and lists only one's own", async () => {
    const shirt = await product();
    const [carol, dave] = await customers(2);
    const order = await placed(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
    const res = await call(dave!, 'GET', `/orders/${order.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('Order not found');
    expect((await call(dave!, 'GET', `/orders/${randomUUID()}`)).statusCode).toBe(404);
    expect((await ok<OrderPage>(dave!, 'GET', '/orders')).orders).toEqual([]);
    const mine = await ok<OrderPage>(carol!, 'GET', '/orders');
    expect(mine.orders.map((o) => o.id)).toEqual([order.id]);
    // Administrators read any order.
    expect((await ok<{ order: Order }>(admin, 'GET', `/orders/${order.id}`)).order.id).toBe(order.id);
  });

  it('never lets answers be cached', async () => {
    for (const url of ['/orders', '/addresses', '/orders/payment-methods']) {
      expect((await call(alice, 'GET', url)).headers['cache-control']).toBe('no-store');
    }
  });
});

describe('orders: placing one', () => {
  it('prices the order on the server: lines, discount shared out, taxes per line, shipping, total', async () => {
    const jacket = await product({ price: 1999, taxes: 10, quantity: 5, colors: ['#000000', '#FF4842'] });
    const belt = await product({ price: 500, taxes: 5.5, quantity: 8, sizes: [] });
    await discount({ code: `TEN${serial}`, kind: 'percent', value: 10 });
    const [carol] = await customers(1);
    const res = await place(
      carol!,
      orderBody(
        [
          { productId: jacket.id, quantity: 2, colors: ['#000000', 'ff4842'], size: 'L' },
          { productId: belt.id, quantity: 3 },
        ],
        { delivery: 'express', discountCode: `ten${serial}` },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json<{ order: Order }>();
    // 2 × 19.99 + 3 × 5.00 = 54.98; 10 % = 5.50 shared 4.00 / 1.50 (largest remainder);
    // taxes 10 % of 35.98 = 3.598 → 3.60, 5.5 % of 13.50 = 0.7425 → 0.74; express 20.00.
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: 5498,
      discount: 550,
      discountCode: `TEN${serial}`,
      shipping: 2000,
      taxes: 434,
      total: 5498 - 550 + 2000 + 434,
      itemCount: 5,
      currency: 'USD',
      delivery: 'express',
      paymentMethod: 'cash',
      version: 1,
      customer: { id: carol!.id, email: carol!.email, name: expect.any(String), avatarUrl: null },
      address: {
        name: 'Ada Lovelace',
        fullAddress: '12 St James Square, London, SW1Y 4JH, United Kingdom',
        addressType: 'home',
        city: 'London',
      },
    });
    expect(order.number).toMatch(/^#\d+$/);
    expect(order.items).toEqual([
      {
        productId: jacket.id,
        name: jacket.name,
        sku: jacket.sku,
        coverUrl: null,
        price: 1999,
        quantity: 2,
        colors: ['#000000', '#FF4842'],
        size: 'L',
        lineTotal: 3998,
        discount: 400,
        taxRate: 10,
        taxes: 360,
      },
      {
        productId: belt.id,
        name: belt.name,
        sku: belt.sku,
        coverUrl: null,
        price: 500,
        quantity: 3,
        colors: [],
        size: null,
        lineTotal: 1500,
        discount: 150,
        taxRate: 5.5,
        taxes: 74,
      },
    ]);
    expect(order.history).toEqual([
      {
        status: 'pending',
        at: expect.any(String),
        by: { id: carol!.id, name: expect.any(String) },
        note: '',
      },
    ]);
    // Stock taken, sold counted, the version of the product raised (an open edit of it is stale now).
    const after = await productRow(jacket.id);
    expect(after).toMatchObject({
      quantity: 3,
      totalSold: jacket.totalSold + 2,
      version: jacket.version + 1,
    });
    expect((await productRow(belt.id)).quantity).toBe(5);
    // The quote said the same before.
    const { quote } = await ok<{ quote: OrderQuote }>(carol!, 'POST', '/orders/quote', {
      items: [{ productId: belt.id, quantity: 1 }],
      delivery: 'free',
    });
    expect(quote).toMatchObject({ subtotal: 500, discount: 0, shipping: 0, taxes: 28, total: 528 });
    expect((await productRow(belt.id)).quantity).toBe(5);
  });

  it('numbers orders sequentially and keeps a copy of the address', async () => {
    const shirt = await product();
    const [carol] = await customers(1);
    const { address } = await ok<{ address: { id: string } }>(
      carol!,
      'POST',
      '/addresses',
      { ...shipTo, fullAddress: 'Flat 2, 12 St James Square, London' },
      201,
    );
    const first = await placed(
      carol!,
      orderBody([{ productId: shirt.id, quantity: 1 }], { address: undefined, addressId: address.id }),
    );
    const second = await placed(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
    expect(Number(second.number.slice(1))).toBeGreaterThan(Number(first.number.slice(1)));
    expect(first.address.fullAddress).toBe('Flat 2, 12 St James Square, London');
    // Changing or deleting the address later leaves the order as it was.
    await ok(carol!, 'PATCH', `/addresses/${address.id}`, { fullAddress: 'Somewhere else' });
    expect((await call(carol!, 'DELETE', `/addresses/${address.id}`)).statusCode).toBe(204);
    const again = await ok<{ order: Order }>(carol!, 'GET', `/orders/${first.id}`);
    expect(again.order.address.fullAddress).toBe('Flat 2, 12 St James Square, London');
  });

  it("refuses someone else's address (404) and takes nothing", async () => {
    const shirt = await product();
    const [carol, dave] = await customers(2);
    const { address } = await ok<{ address: { id: string } }>(carol!, 'POST', '/addresses', shipTo, 201);
    const res = await place(
      dave!,
      orderBody([{ productId: shirt.id, quantity: 1 }], { address: undefined, addressId: address.id }),
    );
    expect(res.statusCode).toBe(404);
    expect((await productRow(shirt.id)).quantity).toBe(100);
  });

  it('ignores no tampering: prices, totals or a status in the request are refused (400), nothing stored', async () => {
    const shirt = await product({ price: 5000 });
    const [carol] = await customers(1);
    const before = await orderCount();
    const tampered = [
      orderBody([{ productId: shirt.id, quantity: 1, price: 1 } as never]),
      orderBody([{ productId: shirt.id, quantity: 1, lineTotal: 1 } as never]),
      { ...orderBody([{ productId: shirt.id, quantity: 1 }]), total: 1 },
      { ...orderBody([{ productId: shirt.id, quantity: 1 }]), status: 'paid' },
      { ...orderBody([{ productId: shirt.id, quantity: 1 }]), userId: bob.id },
      { ...orderBody([{ productId: shirt.id, quantity: 1 }]), discount: 5000 },
    ];
    for (const body of tampered) {
      const res = await place(carol!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await orderCount()).toBe(before);
    expect((await productRow(shirt.id)).quantity).toBe(100);
    // Without the extra fields the price is the catalog's.
    const order = await placed(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
    expect(order.items[0]!.price).toBe(5000);
  });

  it('refuses bad input with a 400 and a message', async () => {
    const shirt = await product();
    const [carol] = await customers(1);
    const bad: Array<[object, RegExp]> = [
      [orderBody([]), /at least one product/],
      [orderBody([{ productId: shirt.id, quantity: 0 }]), /quantity/],
      [orderBody([{ productId: shirt.id, quantity: 1.5 }]), /quantity/],
      [orderBody([{ productId: shirt.id, quantity: 101 }]), /quantity/],
      [orderBody([{ productId: shirt.id, quantity: -5 }]), /quantity/],
      [orderBody([{ productId: shirt.id, quantity: '1' as never }]), /quantity/],
      [orderBody([{ productId: 'nope', quantity: 1 }]), /Unknown product/],
      [orderBody([{ productId: shirt.id, quantity: 1, color: 'plaid' }]), /colour/],
      [orderBody([{ productId: shirt.id, quantity: 1, size: 'XXXL' as never }]), /size/i],
      [orderBody([{ productId: shirt.id, quantity: 1 }], { delivery: 'teleport' as never }), /Delivery/],
      [orderBody([{ productId: shirt.id, quantity: 1 }], { paymentMethod: 'iou' as never }), /Payment/],
      [orderBody([{ productId: shirt.id, quantity: 1 }], { idempotencyKey: 'short' }), /request key/],
      [orderBody([{ productId: shirt.id, quantity: 1 }], { address: undefined }), /saved address or enter/],
      [
        orderBody([{ productId: shirt.id, quantity: 1 }], { addressId: randomUUID() }),
        /saved address or enter/,
      ],
      [
        orderBody([{ productId: shirt.id, quantity: 1 }], {
          address: { name: 'A', phoneNumber: '1' } as never,
        }),
        /address/,
      ],
      [orderBody([{ productId: shirt.id, quantity: 1 }], { discountCode: 'no spaces!' }), /code/],
      [orderBody(Array.from({ length: 51 }, () => ({ productId: shirt.id, quantity: 1 }))), /50 lines/],
    ];
    for (const [body, message] of bad) {
      const res = await place(carol!, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await productRow(shirt.id)).quantity).toBe(100);
  });

  it('refuses a colour or size the product does not come in, and rolls the stock back', async () => {
    const shirt = await product({ quantity: 4 });
    const bag = await product({ quantity: 4, sizes: [] });
    const [carol] = await customers(1);
    for (const [item, message] of [
      [{ productId: shirt.id, quantity: 1, size: 'XL' }, /does not come in size XL/],
      [{ productId: shirt.id, quantity: 1, color: '#FF4842' }, /colour #FF4842/],
      [{ productId: bag.id, quantity: 1, size: 'M' }, /has no sizes/],
    ] as const) {
      const res = await place(carol!, orderBody([{ productId: bag.id, quantity: 2 }, item]));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'OPTION_UNAVAILABLE',
        message: expect.stringMatching(message),
      });
    }
    expect((await productRow(shirt.id)).quantity).toBe(4);
    expect((await productRow(bag.id)).quantity).toBe(4);
  });

  it('answers 409 naming every product short of stock, with what is left; takes nothing', async () => {
    const scarce = await product({ name: 'Scarce scarf', quantity: 2 });
    const plenty = await product({ quantity: 50 });
    const soldOut = await product({ name: 'Sold-out socks', quantity: 0 });
    const draft = await product({ name: 'Draft denim', publish: 'draft' });
    const [carol] = await customers(1);
    const res = await place(
      carol!,
      orderBody([
        { productId: plenty.id, quantity: 3 },
        { productId: scarce.id, quantity: 3 },
        { productId: soldOut.id, quantity: 1 },
        { productId: draft.id, quantity: 1 },
        { productId: randomUUID(), quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    const body = res.json<{
      code: string;
      message: string;
      unavailable: Array<{ name: string; available: number }>;
    }>();
    expect(body.code).toBe('OUT_OF_STOCK');
    expect(body.message).toMatch(/Scarce scarf \(2 left\)/);
    expect(body.message).toMatch(/Sold-out socks \(none left\)/);
    expect(body.unavailable).toEqual(
      expect.arrayContaining([
        { productId: scarce.id, name: 'Scarce scarf', available: 2 },
        { productId: soldOut.id, name: 'Sold-out socks', available: 0 },
        // A draft is named like a product that does not exist: its name is not revealed.
        { productId: draft.id, name: 'A product no longer sold', available: 0 },
        expect.objectContaining({ available: 0 }),
      ]),
    );
    expect(body.unavailable).toHaveLength(4);
    expect((await productRow(plenty.id)).quantity).toBe(50);
    expect((await productRow(scarce.id)).quantity).toBe(2);
    // The same lines in a quote: the same answer.
    const quote = await call(carol!, 'POST', '/orders/quote', {
      items: [{ productId: scarce.id, quantity: 3 }],
    });
    expect(quote.statusCode).toBe(409);
  });

  it('a quote naming a draft answers exactly as for a product that does not exist (no name, no stock)', async () => {
    const draft = await product({ name: 'Secret spring collection', publish: 'draft', quantity: 40 });
    const missing = randomUUID();
    const [carol] = await customers(1);
    const quoteOf = (productId: string) =>
      call(carol!, 'POST', '/orders/quote', { items: [{ productId, quantity: 1 }] });
    const [ofDraft, ofMissing] = [await quoteOf(draft.id), await quoteOf(missing)];
    expect(ofDraft.statusCode).toBe(409);
    expect(ofDraft.body).not.toContain('Secret spring collection');
    // Byte for byte the same answer once the ids are swapped.
    expect(ofDraft.body.replaceAll(draft.id, missing)).toBe(ofMissing.body);
    expect(ofDraft.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      unavailable: [{ productId: draft.id, name: 'A product no longer sold', available: 0 }],
    });
  });

  it('sells exactly the last 10 units to 200 concurrent orders: stock 0, never negative, the others 409', async () => {
    const last = await product({ name: 'Last ten', quantity: 10 });
    const buyers = await customers(200);
    const before = await orderCount();
    let lowest = 10;
    let storming = true;
    const watcher = (async () => {
      while (storming) {
        lowest = Math.min(lowest, (await productRow(last.id)).quantity);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      buyers.map((buyer) => place(buyer, orderBody([{ productId: last.id, quantity: 1 }]))),
    );
    storming = false;
    await watcher;
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        unavailable: [{ productId: last.id, name: 'Last ten', available: 0 }],
      });
    }
    const after = await productRow(last.id);
    expect(after.quantity).toBe(0);
    expect(after.totalSold).toBe(last.totalSold + 10);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await orderCount()).toBe(before + 10);
    const lines = await t.database.db
      .select({ n: sql<number>`sum(quantity)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, last.id));
    expect(Number(lines[0]?.n)).toBe(10);
  }, 120_000);

  it('places one order per idempotency key: the same request again answers the first order (200), sequential or concurrent', async () => {
    const shirt = await product({ quantity: 20 });
    const [carol, dave] = await customers(2);
    const body = orderBody([{ productId: shirt.id, quantity: 2 }]);
    const first = await place(carol!, body);
    expect(first.statusCode).toBe(201);
    const again = await place(carol!, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // With other lines the key is refused (422, idempotency.test.ts), and nothing more is taken.
    const changed = await place(carol!, { ...body, items: [{ productId: shirt.id, quantity: 5 }] });
    expect(changed.statusCode).toBe(422);
    expect((await productRow(shirt.id)).quantity).toBe(18);

    // Ten at once with one key: one order, every answer names it.
    const key = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(dave!, orderBody([{ productId: shirt.id, quantity: 1 }], { idempotencyKey: key })),
      ),
    );
    expect(burst.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(1);
    expect(burst.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(new Set(burst.map((r) => r.json<{ order: Order }>().order.id)).size).toBe(1);
    expect((await productRow(shirt.id)).quantity).toBe(17);
    const daves = await t.database.db.select().from(orders).where(eq(orders.userId, dave!.id));
    expect(daves).toHaveLength(1);
    // The same key from someone else is their own order.
    const other = await place(
      carol!,
      orderBody([{ productId: shirt.id, quantity: 1 }], { idempotencyKey: key }),
    );
    expect(other.statusCode).toBe(201);
    expect((await productRow(shirt.id)).quantity).toBe(16);
  });

  it('limits how many orders one person places a minute (429)', async () => {
    const shirt = await product();
    const [carol] = await customers(1);
    for (let i = 0; i < 10; i++) await placed(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
    const res = await place(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
    expect((await productRow(shirt.id)).quantity).toBe(90);
  });
});

describe('orders: discount codes', () => {
  it('applies only a live code: unknown, inactive, expired, used up or below its minimum is a 400, nothing taken', async () => {
    const shirt = await product({ price: 2000 });
    await discount({ code: `OLD${serial}`, expiresAt: new Date(Date.now() - 60_000) });
    await discount({ code: `OFF${serial}`, active: false });
    await discount({ code: `GONE${serial}`, usageLimit: 1, usedCount: 1 });
    await discount({ code: `BIG${serial}`, kind: 'amount', value: 500, minSubtotal: 5000 });
    const [carol] = await customers(1);
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE', 'DISCOUNT_UNKNOWN'],
      [`OFF${serial}`, 'DISCOUNT_UNKNOWN'],
      [`OLD${serial}`, 'DISCOUNT_EXPIRED'],
      [`GONE${serial}`, 'DISCOUNT_USED_UP'],
      [`BIG${serial}`, 'DISCOUNT_BELOW_MINIMUM'],
    ];
    for (const [code, expected] of cases) {
      const res = await place(
        carol!,
        orderBody([{ productId: shirt.id, quantity: 2 }], { discountCode: code }),
      );
      expect(res.statusCode, code).toBe(400);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({
        code: expected,
        message: expect.any(String),
      });
    }
    const below = await place(
      carol!,
      orderBody([{ productId: shirt.id, quantity: 2 }], { discountCode: `BIG${serial}` }),
    );
    expect(below.json()).toMatchObject({
      minSubtotal: 5000,
      message: expect.stringMatching(/at least USD 50\.00/),
    });
    expect((await productRow(shirt.id)).quantity).toBe(100);
    // At the minimum it applies: 5.00 off 60.00.
    const order = await placed(
      carol!,
      orderBody([{ productId: shirt.id, quantity: 3 }], { discountCode: `big${serial}` }),
    );
    expect(order).toMatchObject({ subtotal: 6000, discount: 500, discountCode: `BIG${serial}` });
  });

  it('a quote naming a code spends the same tries as /discounts/check: 30 a minute between them, then 429', async () => {
    const shirt = await product();
    await discount({ code: `REAL${serial}` });
    const [guesser] = await customers(1);
    const quote = (code: string) =>
      call(guesser!, 'POST', '/orders/quote', {
        items: [{ productId: shirt.id, quantity: 1 }],
        discountCode: code,
      });
    for (let i = 0; i < 15; i++) {
      expect((await quote(`GUESS${i}`)).statusCode).toBe(400);
      const check = await call(guesser!, 'POST', '/discounts/check', { code: `TRY${i}`, subtotal: 1000 });
      expect(check.statusCode).toBe(400);
    }
    // The budget is spent: even the right code is refused, by quote and by check.
    const refused = await quote(`REAL${serial}`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json<{ message: string }>().message).toEqual(expect.any(String));
    expect(
      (await call(guesser!, 'POST', '/discounts/check', { code: `REAL${serial}`, subtotal: 1000 }))
        .statusCode,
    ).toBe(429);
    // A quote without a code tries nothing and is still answered.
    const plain = await call(guesser!, 'POST', '/orders/quote', {
      items: [{ productId: shirt.id, quantity: 1 }],
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('never lets a code be used past its limit, even by concurrent orders', async () => {
    const shirt = await product({ quantity: 100 });
    const code = await discount({ code: `ONLY3X${serial}`, usageLimit: 3 });
    const buyers = await customers(20);
    const answers = await Promise.all(
      buyers.map((b) =>
        place(b, orderBody([{ productId: shirt.id, quantity: 1 }], { discountCode: code.code })),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json()).toMatchObject({ code: 'DISCOUNT_USED_UP' });
    }
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.usedCount).toBe(3);
    // Refused orders took no stock.
    expect((await productRow(shirt.id)).quantity).toBe(97);
    // A cancelled order gives its use back, once.
    const first = answers.find((a) => a.statusCode === 201)!.json<{ order: Order }>().order;
    await moved(first, 'cancelled');
    const [after] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(after).toMatchObject({ usedCount: 2, version: code.version });
  });
});

describe('orders: status', () => {
  it('moves along the allowed transitions only, notifies the customer and keeps a timeline', async () => {
    const shirt = await product();
    const [carol] = await customers(1);
    const order = await placed(
      carol!,
      orderBody([{ productId: shirt.id, quantity: 1 }], { paymentMethod: 'bankTransfer' }),
    );
    for (const [to, from] of [
      ['completed', 'pending'],
      ['refunded', 'pending'],
      ['pending', 'pending'],
    ] as const) {
      const res = await move(admin, order, to);
      expect(res.statusCode, `${from} → ${to}`).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('INVALID_TRANSITION');
    }
    const paid = await moved(order, 'paid', 'Transfer received');
    expect(paid).toMatchObject({ status: 'paid', version: 2 });
    // A change made from an older version is refused with the order as it is now.
    const stale = await move(admin, order, 'cancelled');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE',
      current: { id: order.id, status: 'paid', version: 2 },
    });
    const completed = await moved(paid, 'completed');
    expect((await move(admin, completed, 'paid')).statusCode).toBe(400);
    expect((await move(admin, completed, 'cancelled')).statusCode).toBe(400);
    expect(completed.history.map((h) => [h.status, h.note, h.by?.id])).toEqual([
      ['pending', '', carol!.id],
      ['paid', 'Transfer received', admin.id],
      ['completed', '', admin.id],
    ]);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, carol!.id))
      .orderBy(asc(notifications.createdAt));
    expect(told.map((n) => [n.type, n.title, n.link])).toEqual([
      ['order', `Order ${order.number} is paid`, `/dashboard/order/${order.id}`],
      ['order', `Order ${order.number} is completed`, `/dashboard/order/${order.id}`],
    ]);
    expect(told[0]!.body).toBe('Transfer received');
    // 400 for bad input, 404 for no such order.
    expect(
      (await call(admin, 'POST', `/orders/${order.id}/status`, { status: 'shipped', version: 3 })).statusCode,
    ).toBe(400);
    expect((await call(admin, 'POST', `/orders/${order.id}/status`, { status: 'refunded' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(admin, 'POST', `/orders/${randomUUID()}/status`, { status: 'paid', version: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('puts the stock back exactly once on cancellation or refund', async () => {
    const shirt = await product({ quantity: 10 });
    const [carol] = await customers(1);
    const order = await placed(
      carol!,
      orderBody([
        { productId: shirt.id, quantity: 3, size: 'M' },
        { productId: shirt.id, quantity: 2, size: 'L' },
      ]),
    );
    const taken = await productRow(shirt.id);
    expect(taken).toMatchObject({ quantity: 5, totalSold: shirt.totalSold + 5 });
    const cancelled = await moved(order, 'cancelled', 'Customer asked');
    expect(await productRow(shirt.id)).toMatchObject({ quantity: 10, totalSold: shirt.totalSold });
    // Twice: a 400, and nothing moves again (with a stale version or the current one).
    const twice = await move(admin, cancelled, 'cancelled');
    expect(twice.statusCode).toBe(400);
    expect((await move(admin, order, 'cancelled')).statusCode).toBe(400);
    expect((await move(admin, cancelled, 'refunded')).statusCode).toBe(400);
    expect((await productRow(shirt.id)).quantity).toBe(10);

    // Refund after completion, with concurrent attempts: once.
    const second = await placed(carol!, orderBody([{ productId: shirt.id, quantity: 4 }]));
    const done = await moved(await moved(second, 'paid'), 'completed');
    expect((await productRow(shirt.id)).quantity).toBe(6);
    const refunds = await Promise.all(Array.from({ length: 5 }, () => move(admin, done, 'refunded')));
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(refunds.every((r) => [200, 400, 409].includes(r.statusCode))).toBe(true);
    expect((await productRow(shirt.id)).quantity).toBe(10);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, second.id));
    expect(row).toMatchObject({ status: 'refunded', stockReturned: true });
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, second.id), eq(orderEvents.status, 'refunded')));
    expect(events).toHaveLength(1);
  });

  it('tells the customer and the administrators live (orders.changed)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const shirt = await product();
    const [carol, dave] = await customers(2);
    const [carolTab, adminTab, daveTab] = await Promise.all([
      signedInSocket(base, carol!.token),
      signedInSocket(base, admin.token),
      signedInSocket(base, dave!.token),
    ]);
    try {
      const order = await placed(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
      await moved(order, 'paid');
      const changes = (tab: typeof carolTab) => tab.received.filter((m) => m.type === 'orders.changed');
      await expect
        .poll(() => changes(carolTab))
        .toEqual([
          { type: 'orders.changed', orderId: order.id, status: 'pending' },
          { type: 'orders.changed', orderId: order.id, status: 'paid' },
        ]);
      await expect.poll(() => changes(adminTab).length).toBe(2);
      await expect.poll(() => carolTab.received.some((m) => m.type === 'notifications.changed')).toBe(true);
      expect(changes(daveTab)).toEqual([]);
    } finally {
      for (const tab of [carolTab, adminTab, daveTab]) tab.ws.close();
    }
  });
});

describe('orders: verified purchase', () => {
  it('marks a review "verified purchase" once its author has a completed order with the product', async () => {
    const shirt = await product();
    const [carol] = await customers(1);
    await ok(carol!, 'POST', `/products/${shirt.id}/reviews`, { rating: 5, comment: 'Lovely.' });
    const mine = async () =>
      (await ok<ReviewPage>(carol!, 'GET', `/products/${shirt.id}/reviews`)).mine!.isPurchased;
    expect(await mine()).toBe(false);
    const order = await placed(carol!, orderBody([{ productId: shirt.id, quantity: 1 }]));
    const paid = await moved(order, 'paid');
    expect(await mine()).toBe(false);
    const done = await moved(paid, 'completed');
    expect(await mine()).toBe(true);
    // Someone else's review of it stays unverified.
    await ok(bob, 'POST', `/products/${shirt.id}/reviews`, { rating: 3, comment: 'Fine.' });
    const page = await ok<ReviewPage>(admin, 'GET', `/products/${shirt.id}/reviews`);
    expect(
      page.reviews.map((r) => [r.name.startsWith('Bob') ? 'bob' : 'carol', r.isPurchased]).sort(),
    ).toEqual([
      ['bob', false],
      ['carol', true],
    ]);
    // Refunded: no longer a completed order.
    await moved(done, 'refunded');
    expect(await mine()).toBe(false);
  });
});

describe('orders: the administrators’ list', () => {
  let people: Member[];
  let placedOrders: Order[];
  beforeAll(async () => {
    const shirt = await product({ quantity: 1000 });
    people = await quickMembers(t.app, t.database.db, 3, 'Zelda');
    placedOrders = [];
    for (const [i, who] of people.entries()) {
      for (let k = 0; k <= i; k++) {
        placedOrders.push(await placed(who, orderBody([{ productId: shirt.id, quantity: k + 1 }])));
      }
    }
    // Zelda1's first is paid, Zelda2's first cancelled; one order dated last year.
    await moved(placedOrders[1]!, 'paid');
    await moved(placedOrders[3]!, 'cancelled');
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date('2025-03-01T12:00:00Z') })
      .where(eq(orders.id, placedOrders[5]!.id));
  });

  const list = (query: string) => ok<AdminOrderPage>(admin, 'GET', `/orders/admin?${query}`);

  it('has tabs by status with counts, under the search and dates', async () => {
    const byZelda = await list('search=zelda&pageSize=100');
    expect(byZelda.counts).toEqual({ all: 6, pending: 4, paid: 1, completed: 0, cancelled: 1, refunded: 0 });
    expect(byZelda.capped).toEqual([]);
    expect(byZelda.total).toBe(6);
    const pending = await list('search=zelda&status=pending');
    expect(pending.total).toBe(4);
    expect(pending.orders.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.counts.all).toBe(6);
    // By email and by number (with or without #).
    const one = await list(`search=${encodeURIComponent(people[0]!.email)}`);
    expect(one.orders.map((o) => o.id)).toEqual([placedOrders[0]!.id]);
    for (const term of [placedOrders[2]!.number, placedOrders[2]!.number.slice(1)]) {
      const found = await list(`search=${encodeURIComponent(term)}`);
      expect(found.orders.map((o) => o.id)).toEqual([placedOrders[2]!.id]);
    }
    // Dates: a day in UTC, both ends included, or instants.
    const old = await list('search=zelda&startDate=2025-03-01&endDate=2025-03-01');
    expect(old.orders.map((o) => o.id)).toEqual([placedOrders[5]!.id]);
    const recent = await list(
      `search=zelda&startDate=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
    );
    expect(recent.total).toBe(5);
    expect(
      (await call(admin, 'GET', '/orders/admin?startDate=2025-03-02&endDate=2025-03-01')).statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', '/orders/admin?startDate=yesterday')).statusCode).toBe(400);
  });

  it('sorts by any column both ways and pages on the server, with the lines of each order', async () => {
    const byTotal = await list('search=zelda&sort=total&order=asc&pageSize=100');
    const totals = byTotal.orders.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const byNumber = await list('search=zelda&sort=number&order=desc&pageSize=100');
    const numbers = byNumber.orders.map((o) => Number(o.number.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const byCustomer = await list('search=zelda&sort=customer&order=asc&pageSize=100');
    expect(byCustomer.orders.map((o) => o.customer.name)).toEqual(
      [...byCustomer.orders.map((o) => o.customer.name)].sort(),
    );
    const byStatus = await list('search=zelda&sort=status&order=asc&pageSize=100');
    expect(byStatus.orders.map((o) => o.status)).toEqual([...byStatus.orders.map((o) => o.status)].sort());
    const newest = await list('search=zelda&pageSize=2&page=2');
    expect(newest).toMatchObject({ page: 2, pageSize: 2, total: 6, hasNextPage: true });
    expect(newest.orders).toHaveLength(2);
    expect(newest.orders[0]!.items[0]).toMatchObject({ quantity: expect.any(Number), price: 1000 });
    for (const bad of ['sort=price', 'order=up', 'status=shipped', 'page=0', `search=${'x'.repeat(101)}`]) {
      const res = await call(admin, 'GET', `/orders/admin?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('keeps several statuses at once, as a comma list or the parameter repeated', async () => {
    const ids = (page: AdminOrderPage) => page.orders.map((o) => o.id).sort();
    const paidOrCancelled = await list('search=zelda&status=paid,cancelled&pageSize=100');
    expect(ids(paidOrCancelled)).toEqual([placedOrders[1]!.id, placedOrders[3]!.id].sort());
    expect(paidOrCancelled.total).toBe(2);
    // The tabs still count each status under the other filters.
    expect(paidOrCancelled.counts).toMatchObject({ all: 6, pending: 4, paid: 1, cancelled: 1 });
    const repeated = await list('search=zelda&status=paid&status=cancelled&pageSize=100');
    expect(ids(repeated)).toEqual(ids(paidOrCancelled));
    const threeOfThem = await list('search=zelda&status=pending,paid,refunded&pageSize=100');
    expect(threeOfThem.total).toBe(5);
    expect(threeOfThem.orders.every((o) => ['pending', 'paid'].includes(o.status))).toBe(true);
    // `all` among them is every order; a status once is that tab.
    expect((await list('search=zelda&status=all,paid')).total).toBe(6);
    expect((await list('search=zelda&status=paid,paid')).total).toBe(1);
    // Blanks are dropped; an unknown status is a 400.
    expect((await list('search=zelda&status=paid&status=')).total).toBe(1);
    expect((await list('search=zelda&status=,')).total).toBe(6);
    const bad = await call(admin, 'GET', '/orders/admin?status=paid,shipped');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
    // The customer's own list takes them too.
    const mine = await ok<AdminOrderPage>(people[2]!, 'GET', '/orders?status=pending,cancelled');
    expect(mine.total).toBe(3);
  });

  it("keeps one customer's orders with `customer`, and says who they are", async () => {
    const who = people[1]!;
    const theirs = await list(`customer=${who.id}&pageSize=100`);
    expect(theirs.orders.map((o) => o.id).sort()).toEqual([placedOrders[1]!.id, placedOrders[2]!.id].sort());
    expect(theirs.customer).toMatchObject({ id: who.id, email: who.email });
    expect(theirs.counts).toMatchObject({ all: 2, pending: 1, paid: 1 });
    // With the other filters: their paid ones.
    const paid = await list(`customer=${who.id}&status=paid,completed`);
    expect(paid.orders.map((o) => o.id)).toEqual([placedOrders[1]!.id]);
    // Someone without orders: none, still named; an unknown id: none, null.
    expect(await list(`customer=${admin.id}`)).toMatchObject({ total: 0, customer: { id: admin.id } });
    expect(await list(`customer=${randomUUID()}`)).toMatchObject({ total: 0, customer: null });
    expect((await list('search=zelda')).customer).toBeUndefined();
    const bad = await call(admin, 'GET', '/orders/admin?customer=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
    // Customers' own list has no such filter: it stays their own.
    const own = await ok<AdminOrderPage>(people[2]!, 'GET', `/orders?customer=${who.id}`);
    expect(own.total).toBe(3);
    expect(own.orders.every((o) => o.customer.id === people[2]!.id)).toBe(true);
  });

  it("the customer's own list: only theirs, with the same tabs, counts, search, dates and sorts", async () => {
    const who = people[2]!;
    const all = await ok<AdminOrderPage>(who, 'GET', '/orders');
    expect(all.total).toBe(3);
    expect(all.orders.every((o) => o.customer.id === who.id)).toBe(true);
    expect(all.counts).toEqual({ all: 3, pending: 2, paid: 0, completed: 0, cancelled: 1, refunded: 0 });
    const cancelled = await ok<AdminOrderPage>(who, 'GET', '/orders?status=cancelled');
    expect(cancelled.orders.map((o) => o.id)).toEqual([placedOrders[3]!.id]);
    // Someone else's number finds nothing; their own does.
    const other = await ok<AdminOrderPage>(
      who,
      'GET',
      `/orders?search=${encodeURIComponent(placedOrders[0]!.number)}`,
    );
    expect(other).toMatchObject({ total: 0, orders: [] });
    expect(other.counts.all).toBe(0);
    const own = await ok<AdminOrderPage>(
      who,
      'GET',
      `/orders?search=${encodeURIComponent(placedOrders[4]!.number)}`,
    );
    expect(own.orders.map((o) => o.id)).toEqual([placedOrders[4]!.id]);
    const old = await ok<AdminOrderPage>(who, 'GET', '/orders?startDate=2025-03-01&endDate=2025-03-01');
    expect(old.orders.map((o) => o.id)).toEqual([placedOrders[5]!.id]);
    const byTotal = await ok<AdminOrderPage>(who, 'GET', '/orders?sort=total&order=asc');
    expect(byTotal.orders.map((o) => o.total)).toEqual(
      [...byTotal.orders.map((o) => o.total)].sort((a, b) => a - b),
    );
    expect((await call(who, 'GET', '/orders?sort=price')).statusCode).toBe(400);
  });
});

describe('orders: payment methods', () => {
  it('offers cash on delivery and bank transfer; card only with a provider (none ships)', async () => {
    const { methods } = await ok<{ methods: PaymentMethodInfo[] }>(alice, 'GET', '/orders/payment-methods');
    expect(methods).toEqual([
      { id: 'cash', instructions: null, provider: null },
      { id: 'bankTransfer', instructions: null, provider: null },
    ]);
    const shirt = await product();
    const [carol] = await customers(1);
    const res = await place(
      carol!,
      orderBody([{ productId: shirt.id, quantity: 1 }], { paymentMethod: 'card' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    expect((await productRow(shirt.id)).quantity).toBe(100);
  });

  it('charges through a configured provider: paid when accepted, cancelled with the stock back when declined', async () => {
    const charges: number[] = [];
    const provider: CardPaymentProvider = {
      name: 'Test cards',
      charge: async (charge) => {
        charges.push(charge.amount);
        return charge.amount > 5000
          ? { ok: false, message: 'Insufficient funds' }
          : { ok: true, reference: 'ch_1' };
      },
    };
    const database: Database = await createTestDb();
    const app = await buildApp({
      database,
      logger: false,
      cardPayments: provider,
      config: { rateLimitMax: 1_000_000, bankTransferDetails: 'IBAN FR76 0000 0000 0000' },
    });
    try {
      await app.ready();
      const [buyer] = await quickMembers(app, database.db, 1, 'Card');
      const [shirt] = await database.db
        .insert(products)
        .values({
          name: 'Card shirt',
          slug: 'card-shirt',
          sku: 'CARD-1',
          price: 1000,
          taxes: 0,
          category: 'Shirts',
          quantity: 5,
          publish: 'published',
        })
        .returning();
      const methods = await app.inject({
        method: 'GET',
        url: '/api/orders/payment-methods',
        headers: buyer!.headers,
      });
      expect(methods.json<{ methods: PaymentMethodInfo[] }>().methods).toEqual([
        { id: 'cash', instructions: null, provider: null },
        { id: 'bankTransfer', instructions: 'IBAN FR76 0000 0000 0000', provider: null },
        { id: 'card', instructions: null, provider: 'Test cards' },
      ]);
      const buy = (quantity: number, delivery: 'free' | 'express' = 'free') =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: buyer!.headers,
          payload: orderBody([{ productId: shirt!.id, quantity }], { paymentMethod: 'card', delivery }),
        });
      const accepted = await buy(1);
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json<{ order: Order }>().order).toMatchObject({ status: 'paid', total: 1000 });
      expect(accepted.json<{ order: Order }>().order.history.at(-1)).toMatchObject({
        status: 'paid',
        by: null,
        note: 'Paid by card (Test cards, reference ch_1)',
      });
      // 4 × 10.00 + express 20.00 = 60.00: over what this card may spend.
      const tooDear = await buy(4, 'express');
      expect(tooDear.statusCode).toBe(402);
      expect(tooDear.json()).toMatchObject({
        code: 'PAYMENT_DECLINED',
        message: expect.stringMatching(/Insufficient funds/),
      });
      const [after] = await database.db.select().from(products).where(eq(products.id, shirt!.id));
      expect(after!.quantity).toBe(4);
      const cancelled = await database.db.select().from(orders).where(eq(orders.status, 'cancelled'));
      expect(cancelled).toHaveLength(1);
      expect(charges).toEqual([1000, 6000]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
