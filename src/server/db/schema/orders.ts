import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  addressTypes,
  deliveryValues,
  discountKinds,
  ORDER_NUMBER_START,
  orderStatuses,
  paymentMethods,
  type AddressType,
} from '#shared/contract/orders-limits.ts';

import { products } from './products.ts';
import { users } from './users.ts';

/** An order's address as it was copied when the order was placed (contract/orders.ts `AddressSnapshot`). */
export interface AddressSnapshotColumn {
  name: string;
  phoneNumber: string;
  fullAddress: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  addressType: AddressType;
}

/** Money in an order can pass 2^31 cents (50 lines × 100 units × 1,000,000.00): 64-bit, read as numbers. */
const money = () => bigint({ mode: 'number' });

/**
 * A person's address book (issue #13, ADR 026). At most one `is_primary` per person (a partial unique
 * index); the repository keeps exactly one once the book has any.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phoneNumber: text().notNull(),
    fullAddress: text().notNull(),
    street: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    country: text().notNull().default(''),
    addressType: text({ enum: addressTypes }).notNull().default('home'),
    isPrimary: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_primary')
      .on(t.userId)
      .where(sql`is_primary`),
  ],
);
export type AddressRow = typeof addresses.$inferSelect;

/**
 * Discount codes administrators manage. `used_count` is raised by a conditional UPDATE in the order's
 * transaction (never past `usage_limit`) and lowered when an order using it is cancelled or refunded; the
 * version follows edits of the other fields only (drizzle/0017_orders.sql).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Upper case. */
    code: text().notNull(),
    kind: text({ enum: discountKinds }).notNull(),
    /** A percentage (1–100) or cents. */
    value: money().notNull(),
    minSubtotal: money().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    usedCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(sql`upper(${t.code})`),
    index('discount_codes_created_idx').on(t.createdAt, t.id),
    check(
      'discount_codes_value',
      sql`value >= 1 and (kind <> 'percent' or value <= 100) and min_subtotal >= 0 and used_count >= 0 and (usage_limit is null or usage_limit >= 1)`,
    ),
  ],
);
export type DiscountRow = typeof discountCodes.$inferSelect;

/** Order numbers: sequential from ORDER_NUMBER_START (a rolled-back order leaves a gap). */
export const orderNumberSeq = pgSequence('orders_number_seq', {
  startWith: ORDER_NUMBER_START,
  minValue: 1,
  maxValue: 2_147_483_647,
});

/**
 * An order (issue #13, ADR 026): priced by the server, its address copied, its status changed by
 * administrators along `orderTransitions`. `stock_returned` records that a cancellation or refund put the
 * stock back, so it happens once. One order per (customer, idempotency key).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer()
      .notNull()
      .default(sql`nextval('orders_number_seq')`),
    /** null once the customer deleted their account: the order stays in the books, anonymised (ADR 058). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: orderStatuses }).notNull().default('pending'),
    subtotal: money().notNull(),
    discount: money().notNull().default(0),
    shipping: money().notNull().default(0),
    taxes: money().notNull().default(0),
    total: money().notNull(),
    itemCount: integer().notNull(),
    currency: text().notNull(),
    discountId: uuid().references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text(),
    delivery: text({ enum: deliveryValues }).notNull(),
    paymentMethod: text({ enum: paymentMethods }).notNull(),
    address: jsonb().$type<AddressSnapshotColumn>().notNull(),
    idempotencyKey: text().notNull(),
    /** SHA-256 of the request that placed the order: the key reused with another request is a 422. */
    requestHash: text(),
    stockReturned: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_idempotency_unique').on(t.userId, t.idempotencyKey),
    // The customer's list, the administrators' list and its tabs, and the sorts.
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_discount_idx').on(t.discountId),
    check(
      'orders_money',
      sql`subtotal >= 0 and discount >= 0 and discount <= subtotal and shipping >= 0 and taxes >= 0 and total >= 0`,
    ),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** An order's lines: the product as it was (name, SKU, cover) and what was paid for it. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** null once the product is deleted (the line keeps its copy). */
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    name: text().notNull(),
    sku: text().notNull(),
    coverUrl: text(),
    price: money().notNull(),
    quantity: integer().notNull(),
    colors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    size: text(),
    lineTotal: money().notNull(),
    discount: money().notNull().default(0),
    taxRate: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxes: money().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    // "Verified purchase": the orders with a product.
    index('order_items_product_idx').on(t.productId, t.orderId),
    check('order_items_quantity', sql`quantity >= 1 and price >= 0`),
  ],
);
export type OrderItemRow = typeof orderItems.$inferSelect;

/** An order's timeline: each status it reached, when, by whom, with a note. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text({ enum: orderStatuses }).notNull(),
    note: text().notNull().default(''),
    byUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);
export type OrderEventRow = typeof orderEvents.$inferSelect;
