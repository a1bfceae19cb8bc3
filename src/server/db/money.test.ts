/**
 * Money columns hold amounts past 2^31 cents (issue 24 C: `min_subtotal` was int4), and read back as numbers
 * on PGlite and on PostgreSQL (node-postgres hands int8 over as a string; Drizzle's `bigint({ mode: 'number' })`
 * maps it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Customer, FromAddress, Invoice, Service } from '#shared/contract/invoices.ts';
import type { Discount, Order } from '#shared/contract/orders.ts';

import { apiCalls } from '../testing/http.ts';
import { member, type Member } from '../testing/members.ts';
import { insertProduct, orderBody } from '../testing/shop.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { discountCodes, invoices, invoiceServices, orderItems, orders } from './schema/index.ts';

const BIG = 5_000_000_000; // cents: past 2^31 (2,147,483,648)

let t: TestApp;
let admin: Member;
let alice: Member;

const { ok } = apiCalls(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
  alice = await member(t.app, 'Alice', 'Liddell');
});
afterAll(async () => {
  await t?.close();
});

describe('money past 2^31 cents', () => {
  it("keeps a discount's minimum subtotal of 50,000,000.00", async () => {
    const { discount } = await ok<{ discount: Discount }>(
      admin,
      'POST',
      '/discounts',
      {
        code: 'BIGSPENDER',
        kind: 'amount',
        value: 100_000,
        minSubtotal: BIG,
        expiresAt: null,
        usageLimit: null,
        active: true,
      },
      201,
    );
    expect(discount.minSubtotal).toBe(BIG);
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, discount.id));
    expect(row?.minSubtotal).toBe(BIG);
    expect(typeof row?.minSubtotal).toBe('number');
    const read = await ok<{ discounts: Discount[] }>(admin, 'GET', '/discounts?search=BIGSPENDER');
    expect(read.discounts.map((d) => d.minSubtotal)).toEqual([BIG]);
  });

  it('prices an order of 50,000,000.00 and keeps its figures', async () => {
    const product = await insertProduct(t.database.db, {
      name: 'A very dear watch',
      price: 100_000_000,
      category: 'Bracelets',
    });
    const { order } = await ok<{ order: Order }>(
      alice,
      'POST',
      '/orders',
      orderBody([{ productId: product.id, quantity: 50 }]),
      201,
    );
    expect(order.subtotal).toBe(BIG);
    expect(order.total).toBeGreaterThanOrEqual(BIG);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotal: BIG, total: order.total });
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ price: 100_000_000, lineTotal: BIG });
    expect((await ok<{ order: Order }>(alice, 'GET', `/orders/${order.id}`)).order.total).toBe(order.total);
  });

  it('keeps an invoice of 50,000,000.00', async () => {
    const { address: from } = await ok<{ address: FromAddress }>(
      admin,
      'POST',
      '/invoices/from-addresses',
      { name: 'Atrium Ltd', company: 'Atrium', email: 'billing@atrium.test', fullAddress: '1 Main St' },
      201,
    );
    const { service } = await ok<{ service: Service }>(
      admin,
      'POST',
      '/invoices/services',
      { name: 'Consulting year', price: 100_000_000 },
      201,
    );
    const [serviceRow] = await t.database.db
      .select()
      .from(invoiceServices)
      .where(eq(invoiceServices.id, service.id));
    expect(serviceRow?.price).toBe(100_000_000);
    const { customer } = await ok<{ customer: Customer }>(
      alice,
      'POST',
      '/invoices/customers',
      { name: 'Megacorp', email: 'ap@megacorp.test', fullAddress: '1 Tower' },
      201,
    );
    const { invoice } = await ok<{ invoice: Invoice }>(
      alice,
      'POST',
      '/invoices',
      {
        fromAddressId: from.id,
        customerId: customer.id,
        createDate: '2026-06-01',
        dueDate: '2026-07-01',
        items: [{ title: 'Consulting', serviceId: service.id, quantity: 50, price: 100_000_000 }],
      },
      201,
    );
    expect(invoice).toMatchObject({ subtotal: BIG, totalAmount: BIG });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ subtotal: BIG, total: BIG });
    expect(
      (await ok<{ invoice: Invoice }>(alice, 'GET', `/invoices/${invoice.id}`)).invoice.totalAmount,
    ).toBe(BIG);
  });
});
