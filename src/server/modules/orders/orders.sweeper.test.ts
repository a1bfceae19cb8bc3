import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreateOrderInput, Order, PaymentMethod } from '#shared/contract/orders.ts';

import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { discountCodes, notifications, orderEvents, orders, products } from '../../db/schema/index.ts';
import { envSchema } from '../../env.ts';
import type { Mail } from '../../lib/mailer.ts';
import { apiCalls } from '../../testing/http.ts';
import { quickMembers, type Member } from '../../testing/members.ts';
import { insertProduct, orderBody } from '../../testing/shop.ts';
import { createTestDbs } from '../../testing/test-db.ts';
import { sweepUnpaidOrders } from './orders.sweeper.ts';

/** The unpaid-order sweeper (issue 24 C, ADR 032): two app instances on one database, as in production. */

let databases: Database[];
let app: FastifyInstance;
let peer: FastifyInstance;
const mails: Mail[] = [];
const peerMails: Mail[] = [];
let admin: Member;

async function instance(database: Database, sent: Mail[]): Promise<FastifyInstance> {
  const built = await buildApp({
    database,
    logger: false,
    config: { rateLimitMax: 1_000_000, publicUrl: 'https://shop.example' },
    mailer: { send: async (mail) => void sent.push(mail) },
  });
  await built.ready();
  return built;
}

const db = () => databases[0]!.db;
const { ok } = apiCalls(() => app);

const product = (quantity = 10) => insertProduct(db(), { quantity });

const stockOf = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0]!;

let batch = 0;
const customer = async () => (await quickMembers(app, db(), 1, `Sweep${++batch}x`))[0]!;

/** An order placed through the API, then dated `hoursAgo` back. */
async function order(
  who: Member,
  productId: string,
  paymentMethod: PaymentMethod,
  hoursAgo: number,
  extra: Partial<CreateOrderInput> = {},
): Promise<Order> {
  const body = orderBody([{ productId, quantity: 2 }], { paymentMethod, ...extra });
  const { order: placed } = await ok<{ order: Order }>(who, 'POST', '/orders', body, 201);
  await db()
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(secs => ${hoursAgo * 3600})` })
    .where(eq(orders.id, placed.id));
  return placed;
}

const statusOf = async (id: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

const cancelEvents = async (ids: string[]) =>
  db()
    .select({ orderId: orderEvents.orderId, note: orderEvents.note, by: orderEvents.byUserId })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.status, 'cancelled')));

const notificationsOf = async (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  databases = await createTestDbs(2);
  app = await instance(databases[0]!, mails);
  peer = await instance(databases[1]!, peerMails);
  admin = (await quickMembers(app, db(), 1, 'SweepAdmin', 'admin'))[0]!;
});
afterAll(async () => {
  await peer?.close();
  await app?.close();
  await databases?.[0]?.close();
});

describe('ORDER_PAYMENT_TIMEOUT_HOURS', () => {
  it('is 72 hours unless set, a whole number of hours from 1', () => {
    expect(envSchema.parse({}).ORDER_PAYMENT_TIMEOUT_HOURS).toBe(72);
    expect(envSchema.parse({ ORDER_PAYMENT_TIMEOUT_HOURS: '24' }).ORDER_PAYMENT_TIMEOUT_HOURS).toBe(24);
    for (const bad of ['0', '-3', '1.5', 'soon']) {
      expect(envSchema.safeParse({ ORDER_PAYMENT_TIMEOUT_HOURS: bad }).success, bad).toBe(false);
    }
  });
});

describe('the unpaid-order sweeper', () => {
  it('cancels unpaid bank-transfer and cash orders older than the timeout: stock and code back, customer told', async () => {
    const shirt = await product(10);
    await db().insert(discountCodes).values({ code: 'SWEEP10', kind: 'percent', value: 10 });
    const [carol, dave] = [await customer(), await customer()];
    const transfer = await order(carol, shirt.id, 'bankTransfer', 73, { discountCode: 'SWEEP10' });
    const cash = await order(dave, shirt.id, 'cash', 100);
    expect((await stockOf(shirt.id)).quantity).toBe(6);

    expect(await sweepUnpaidOrders(app, 72)).toBe(2);

    expect(await statusOf(transfer.id)).toBe('cancelled');
    expect(await statusOf(cash.id)).toBe('cancelled');
    expect(await stockOf(shirt.id)).toMatchObject({ quantity: 10, totalSold: 0 });
    const [code] = await db().select().from(discountCodes).where(eq(discountCodes.code, 'SWEEP10'));
    expect(code!.usedCount).toBe(0);
    const events = await cancelEvents([transfer.id, cash.id]);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ by: null, note: expect.stringContaining('Not paid within 72 hours') });
    // A notification and a mail for each customer.
    const [notice] = await notificationsOf(carol.id).then((rows) => rows.filter((n) => n.type === 'order'));
    expect(notice).toMatchObject({
      title: `Order ${transfer.number} was cancelled`,
      link: `/dashboard/order/${transfer.id}`,
    });
    const mail = mails.find((m) => m.to === carol.email && m.subject.includes(transfer.number));
    expect(mail?.subject).toBe(`Your order ${transfer.number} was cancelled: not paid within 72 hours`);
    expect(mail?.text).toContain('bank transfer');
    expect(mail?.text).toContain(`https://shop.example/dashboard/order/${transfer.id}`);
    expect(mails.some((m) => m.to === dave.email && m.text.includes(cash.number))).toBe(true);
    // The same order is not swept twice.
    expect(await sweepUnpaidOrders(app, 72)).toBe(0);
  });

  it('leaves younger orders, paid ones and card orders alone; the timeout is the one it is given', async () => {
    const shirt = await product(20);
    const erin = await customer();
    const young = await order(erin, shirt.id, 'bankTransfer', 71);
    const paid = await order(erin, shirt.id, 'bankTransfer', 200);
    await ok(admin, 'POST', `/orders/${paid.id}/status`, { status: 'paid', version: paid.version });
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '200 hours'` })
      .where(eq(orders.id, paid.id));
    // A card order left pending (the provider did not answer) is for an administrator to check, not swept.
    const card = await order(erin, shirt.id, 'cash', 200);
    await db().update(orders).set({ paymentMethod: 'card' }).where(eq(orders.id, card.id));
    const before = (await notificationsOf(erin.id)).length;

    await sweepUnpaidOrders(app, 72);

    expect(await statusOf(young.id)).toBe('pending');
    expect(await statusOf(paid.id)).toBe('paid');
    expect(await statusOf(card.id)).toBe('pending');
    expect((await stockOf(shirt.id)).quantity).toBe(14);
    expect(await notificationsOf(erin.id)).toHaveLength(before);
    expect(mails.some((m) => m.to === erin.email)).toBe(false);

    // With a shorter timeout the young order is due.
    expect(await sweepUnpaidOrders(app, 24)).toBe(1);
    expect(await statusOf(young.id)).toBe('cancelled');
    expect((await stockOf(shirt.id)).quantity).toBe(16);
  });

  it('cancels each order once when two instances sweep at the same time', async () => {
    const shirt = await product(50);
    const people = await Promise.all(Array.from({ length: 5 }, () => customer()));
    const due: Order[] = [];
    for (const [i, who] of people.entries()) {
      due.push(await order(who, shirt.id, i % 2 ? 'cash' : 'bankTransfer', 80 + i));
    }
    expect((await stockOf(shirt.id)).quantity).toBe(40);
    const mailsBefore = mails.length + peerMails.length;

    const counts = await Promise.all([
      sweepUnpaidOrders(app, 72),
      sweepUnpaidOrders(peer, 72),
      sweepUnpaidOrders(app, 72),
    ]);

    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    const ids = due.map((o) => o.id);
    const events = await cancelEvents(ids);
    expect(events.map((e) => e.orderId).sort()).toEqual([...ids].sort());
    expect(await stockOf(shirt.id)).toMatchObject({ quantity: 50, totalSold: 0 });
    for (const who of people) {
      expect((await notificationsOf(who.id)).filter((n) => n.type === 'order')).toHaveLength(1);
    }
    expect(mails.length + peerMails.length - mailsBefore).toBe(5);
  }, 60_000);
});
