import { eq, inArray, sql } from 'drizzle-orm';

import {
  DEMO_DISCOUNT_CODE,
  deliveryValues,
  type AddressSnapshot,
  type OrderStatus,
  type PaymentMethod,
} from '#shared/contract/orders.ts';

import type { Db } from '../../db/client.ts';
import {
  addresses,
  discountCodes,
  orderEvents,
  orderItems,
  orders,
  productReviews,
  products,
  users,
} from '../../db/schema/index.ts';
import { createRandom, type Random } from '../../db/seed/random.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import { coversOf } from '../products/products.service.ts';
import { lineRequests, priceOrder, snapshotOf, type TakenProduct } from './orders.service.ts';

export interface OrdersSeedOptions {
  /** The demo admin: a few orders of their own, and the one who moves the others along. */
  adminId: string;
  /** Active demo users: the customers. */
  customerIds: string[];
  currency?: string | undefined;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The orders' own seed: the same orders whatever the other demo data drew before them. */
const SEED = 20_260_420;
/** Orders over the last year besides those behind verified reviews. */
const ORDER_COUNT = 420;

/**
 * The demo discount codes: WELCOME10 (10 % off, no minimum, no limit: the one the README names), SAVE5
 * (5.00 off from 50.00) and SPRING20 (expired).
 */
function demoCodes(now: number) {
  return [
    { code: DEMO_DISCOUNT_CODE, kind: 'percent' as const, value: 10, minSubtotal: 0 },
    { code: 'SAVE5', kind: 'amount' as const, value: 500, minSubtotal: 5000 },
    {
      code: 'SPRING20',
      kind: 'percent' as const,
      value: 20,
      minSubtotal: 0,
      expiresAt: new Date(now - 40 * DAY),
      usageLimit: 200,
    },
  ];
}

/** Where an order goes (and a demo address book): the customer's profile address. */
function profileAddress(
  u: { firstName: string; lastName: string; phone: string; address: string; city: string; state: string },
  more: { zipCode: string; country: string },
  addressType: 'home' | 'office' = 'home',
): AddressSnapshot {
  return snapshotOf({
    name: `${u.firstName} ${u.lastName}`,
    phoneNumber: u.phone || '+1 555-0100',
    street: u.address || '1 Main Street',
    city: u.city,
    state: u.state,
    zipCode: more.zipCode,
    country: more.country,
    addressType,
  });
}

/** The status an order of this age has reached, and its timeline. */
function historyFor(
  random: Random,
  createdAt: number,
  now: number,
  paymentMethod: PaymentMethod,
): Array<{ status: OrderStatus; at: number; note: string }> {
  const age = now - createdAt;
  const steps: Array<{ status: OrderStatus; at: number; note: string }> = [
    { status: 'pending', at: createdAt, note: '' },
  ];
  const r = random.next();
  const push = (status: OrderStatus, after: number, note = '') => {
    const at = Math.min(steps.at(-1)!.at + after, now - 60_000);
    steps.push({ status, at, note });
  };
  // Recent orders are still on their way; older ones mostly completed, some cancelled or refunded.
  if (age < 2 * DAY) {
    if (r < 0.5) return steps;
    push('paid', random.int(1, 20) * HOUR, paymentMethod === 'bankTransfer' ? 'Transfer received' : '');
    return steps;
  }
  if (r < 0.08) {
    push('cancelled', random.int(2, 30) * HOUR, random.pick(['Ordered by mistake', 'Out of stock', '']));
    return steps;
  }
  push('paid', random.int(1, 30) * HOUR, paymentMethod === 'bankTransfer' ? 'Transfer received' : '');
  if (age < 6 * DAY && r < 0.6) return steps;
  if (r < 0.12) {
    push('cancelled', random.int(5, 40) * HOUR, 'Customer asked to cancel; payment returned');
    return steps;
  }
  push('completed', random.int(2, 6) * DAY, 'Delivered');
  if (r > 0.95 && age > 20 * DAY) push('refunded', random.int(3, 14) * DAY, 'Returned within 30 days');
  return steps;
}

/**
 * Demo orders (issue #13): address books for the demo users, the demo discount codes, and about a year of
 * orders across every status (written in bulk, not through the API), priced by the same rules as the API.
 * Some completed orders are behind seeded reviews, which then show "verified purchase". Stock stays as the
 * catalog seeded it (what is left now); each product's `total_sold` covers at least the units its orders
 * kept, and the demo code's use count is its orders'.
 */
export async function seedOrders(db: Db, options: OrdersSeedOptions): Promise<void> {
  const { adminId, customerIds } = options;
  const currency = options.currency ?? 'USD';
  if (!customerIds.length) return;
  const random = createRandom(SEED);
  const now = Date.now();

  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      address: users.address,
      city: users.city,
      state: users.state,
      zipCode: users.zipCode,
      country: users.country,
    })
    .from(users)
    .where(inArray(users.id, [adminId, ...customerIds]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const shelf = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      taxes: products.taxes,
      colors: products.colors,
      sizes: products.sizes,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.publish, 'published'))
    .orderBy(products.sku);
  if (!shelf.length) return;
  const covers = await coversOf(
    db,
    shelf.map((p) => p.id),
  );
  const catalog = new Map<string, TakenProduct & { createdAt: Date }>(
    shelf.map((p) => {
      const key = covers.get(p.id);
      return [p.id, { ...p, coverUrl: key ? publicUploadUrl(key) : null }];
    }),
  );
  // In an order that does not depend on the random ids: when, which product, whose.
  const reviews = await db
    .select({
      userId: productReviews.userId,
      productId: productReviews.productId,
      postedAt: productReviews.postedAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(inArray(productReviews.userId, customerIds))
    .orderBy(productReviews.postedAt, products.sku, users.email);

  // Address books: the profile address for each customer (and the admin), an office for some.
  const books = [adminId, ...customerIds].flatMap((id, i) => {
    const p = byId.get(id);
    if (!p) return [];
    const home = {
      ...profileAddress(p, p),
      userId: id,
      isPrimary: true,
      createdAt: new Date(now - 300 * DAY),
    };
    if (i % 3 !== 0) return [home];
    const office = {
      ...profileAddress(p, p, 'office'),
      street: `${10 + (i % 80)} Commerce Plaza`,
      userId: id,
      isPrimary: false,
      createdAt: new Date(now - 200 * DAY),
    };
    return [home, { ...office, fullAddress: snapshotOf({ ...office, fullAddress: '' }).fullAddress }];
  });

  const codes = await db
    .insert(discountCodes)
    .values(demoCodes(now).map((c, i) => ({ ...c, createdAt: new Date(now - (330 - i * 60) * DAY) })))
    .returning({ id: discountCodes.id, code: discountCodes.code });
  const welcome = codes.find((c) => c.code === DEMO_DISCOUNT_CODE);

  // The orders to write: first the purchases behind about half of the reviews (completed before the
  // review was posted), then orders spread over the year from everyone, the admin included.
  type Plan = { userId: string; createdAt: number; productIds: string[]; completed: boolean };
  const plans: Plan[] = [];
  reviews.forEach((review, i) => {
    if (i % 2 !== 0 || !catalog.has(review.productId)) return;
    const product = catalog.get(review.productId)!;
    const at = Math.max(
      product.createdAt.getTime() + HOUR,
      review.postedAt.getTime() - random.int(3, 10) * DAY,
    );
    plans.push({ userId: review.userId, createdAt: at, productIds: [review.productId], completed: true });
  });
  const shoppers = [adminId, ...customerIds];
  for (let i = 0; i < ORDER_COUNT; i++) {
    // Busier towards now, and every customer some time.
    const daysAgo = Math.floor(365 * Math.pow(random.next(), 1.3));
    const createdAt = now - daysAgo * DAY - random.int(0, 23) * HOUR - random.int(0, 59) * 60_000;
    const userId = i < 8 ? adminId : shoppers[random.int(0, shoppers.length - 1)]!;
    const lines = random.next() < 0.6 ? 1 : random.int(2, 4);
    const productIds = new Set<string>();
    while (productIds.size < lines) productIds.add(random.pick(shelf).id);
    const fresh = [...productIds].filter((id) => catalog.get(id)!.createdAt.getTime() < createdAt);
    if (!fresh.length) continue;
    plans.push({ userId, createdAt, productIds: fresh, completed: false });
  }
  plans.sort((a, b) => a.createdAt - b.createdAt);

  const orderRows: Array<typeof orders.$inferInsert> = [];
  const itemRows: Array<Omit<typeof orderItems.$inferInsert, 'orderId'> & { order: number }> = [];
  const eventRows: Array<Omit<typeof orderEvents.$inferInsert, 'orderId'> & { order: number }> = [];
  const sold = new Map<string, number>();
  let welcomeUses = 0;
  plans.forEach((plan, index) => {
    const person = byId.get(plan.userId);
    if (!person) return;
    const items = plan.productIds.map((productId) => {
      const product = catalog.get(productId)!;
      return {
        productId,
        quantity: random.next() < 0.75 ? 1 : random.int(2, 3),
        color: product.colors.length ? random.pick(product.colors) : undefined,
        size: product.sizes.length ? random.pick(product.sizes) : undefined,
      };
    });
    const lines = lineRequests(items);
    const delivery = random.pick(deliveryValues);
    const paymentMethod: PaymentMethod = random.next() < 0.55 ? 'cash' : 'bankTransfer';
    const useCode = welcome !== undefined && random.next() < 0.15;
    const priced = priceOrder(lines, catalog, delivery, useCode ? { kind: 'percent', value: 10 } : null);
    const history = plan.completed
      ? [
          { status: 'pending' as const, at: plan.createdAt, note: '' },
          { status: 'paid' as const, at: plan.createdAt + random.int(1, 20) * HOUR, note: '' },
          { status: 'completed' as const, at: plan.createdAt + random.int(2, 3) * DAY, note: 'Delivered' },
        ]
      : historyFor(random, plan.createdAt, now, paymentMethod);
    const last = history.at(-1)!;
    const returned = last.status === 'cancelled' || last.status === 'refunded';
    if (!returned) {
      for (const line of lines) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
      if (useCode) welcomeUses++;
    }
    orderRows.push({
      userId: plan.userId,
      status: last.status,
      subtotal: priced.subtotal,
      discount: priced.discount,
      shipping: priced.shipping,
      taxes: priced.taxes,
      total: priced.total,
      itemCount: priced.itemCount,
      currency,
      discountId: useCode ? welcome.id : null,
      discountCode: useCode ? welcome.code : null,
      delivery,
      paymentMethod,
      address: profileAddress(person, person),
      idempotencyKey: `seed-${String(index).padStart(5, '0')}`,
      stockReturned: returned,
      version: history.length,
      createdAt: new Date(plan.createdAt),
      updatedAt: new Date(last.at),
    });
    priced.items.forEach((item, position) => itemRows.push({ ...item, order: index, position }));
    for (const step of history) {
      eventRows.push({
        order: index,
        status: step.status,
        note: step.note,
        // The customer placed it; the demo admin moved it along.
        byUserId: step.status === 'pending' ? plan.userId : adminId,
        at: new Date(step.at),
      });
    }
  });

  await db.transaction(async (tx) => {
    await tx.insert(addresses).values(books);
    // Oldest first, so the numbers follow the dates.
    const inserted = await tx.insert(orders).values(orderRows).returning({ id: orders.id });
    const idOf = (i: number) => inserted[i]!.id;
    for (let start = 0; start < itemRows.length; start += 1000) {
      await tx
        .insert(orderItems)
        .values(
          itemRows.slice(start, start + 1000).map(({ order, ...row }) => ({ ...row, orderId: idOf(order) })),
        );
    }
    for (let start = 0; start < eventRows.length; start += 1000) {
      await tx
        .insert(orderEvents)
        .values(
          eventRows.slice(start, start + 1000).map(({ order, ...row }) => ({ ...row, orderId: idOf(order) })),
        );
    }
    if (welcome && welcomeUses) {
      await tx.update(discountCodes).set({ usedCount: welcomeUses }).where(eq(discountCodes.id, welcome.id));
    }
    // What the orders kept is part of what each product sold (stock is what is left now: unchanged).
    if (sold.size) {
      await tx.execute(sql`
        update ${products} p set total_sold = greatest(p.total_sold, s.n)
        from (select * from unnest(${sql`array[${sql.join(
          [...sold.keys()].map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`}, ${sql`array[${sql.join(
          [...sold.values()].map((n) => sql`${n}::int`),
          sql`, `,
        )}]`}) as u(id, n)) s
        where p.id = s.id`);
    }
  });
}
