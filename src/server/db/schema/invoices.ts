import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
  INVOICE_NUMBER_START,
  invoiceLanguages,
  storedInvoiceStatuses,
} from '#shared/contract/invoices-limits.ts';

import { users } from './users.ts';

/** Who an invoice is from or to, as the invoice copied it (contract/invoices.ts `PartySnapshot`). */
export interface PartySnapshotColumn {
  name: string;
  company: string;
  email: string;
  phoneNumber: string;
  fullAddress: string;
}

/** An invoice's money can pass 2^31 cents (100 lines × 100,000 units × 1,000,000.00): 64-bit, read as numbers. */
const money = () => bigint({ mode: 'number' });

/** The invoice address book: customers, shared by the workspace (issue #14, ADR 027). */
export const invoiceCustomers = pgTable(
  'invoice_customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    company: text().notNull().default(''),
    email: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    fullAddress: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_customers_name_idx').on(sql`lower(${t.name})`, t.id)],
);
export type InvoiceCustomerRow = typeof invoiceCustomers.$inferSelect;

/** The workspace's own addresses an invoice comes from; at most one `is_primary` (the default). */
export const invoiceFromAddresses = pgTable(
  'invoice_from_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    company: text().notNull().default(''),
    email: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    fullAddress: text().notNull(),
    isPrimary: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_from_addresses_one_primary')
      .on(t.isPrimary)
      .where(sql`is_primary`),
  ],
);
export type InvoiceFromAddressRow = typeof invoiceFromAddresses.$inferSelect;

/** Services an invoice line can name, with their default price (cents). Administrators manage them. */
export const invoiceServices = pgTable(
  'invoice_services',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    price: money().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_services_name_unique').on(sql`lower(${t.name})`),
    check('invoice_services_price', sql`price >= 0`),
  ],
);
export type InvoiceServiceRow = typeof invoiceServices.$inferSelect;

/** Invoice numbers: sequential from INVOICE_NUMBER_START (a rolled-back creation leaves a gap). */
export const invoiceNumberSeq = pgSequence('invoices_number_seq', {
  startWith: INVOICE_NUMBER_START,
  minValue: 1,
  maxValue: 2_147_483_647,
});

/**
 * An invoice (issue #14, ADR 027). Its figures are the server's (`invoiceTotalsOf`); the sender and the
 * customer are copied when it is saved (the ids say where from). `status` is draft, pending or paid: overdue
 * is derived (pending with `due_date` before today). A customer with invoices cannot be deleted.
 * drizzle/0018_invoices.sql adds in SQL what Drizzle does not describe: the version trigger, the tabs'
 * `invoice_totals` table and its trigger, and the covering index `invoices_stats_idx`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    number: integer()
      .notNull()
      .default(sql`nextval('invoices_number_seq')`),
    /** null once the owner deleted their account: the invoice stays in the books, anonymised (ADR 058). */
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: storedInvoiceStatuses }).notNull().default('draft'),
    fromAddressId: uuid().references(() => invoiceFromAddresses.id, { onDelete: 'set null' }),
    invoiceFrom: jsonb().$type<PartySnapshotColumn>().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => invoiceCustomers.id, { onDelete: 'restrict' }),
    invoiceTo: jsonb().$type<PartySnapshotColumn>().notNull(),
    /** The customer's name in lower case, for sorting by customer. */
    customerSort: text().notNull(),
    createDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    subtotal: money().notNull(),
    shipping: money().notNull().default(0),
    discount: money().notNull().default(0),
    taxes: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxAmount: money().notNull().default(0),
    total: money().notNull(),
    currency: text().notNull(),
    language: text({ enum: invoiceLanguages }).notNull().default('en'),
    notes: text().notNull().default(''),
    sent: integer().notNull().default(0),
    /** The services its lines name (each once): the list's service filter and its per-service tabs. */
    serviceIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    paidAt: timestamp({ withTimezone: true }),
    /** The key its creating request sent (issue 32: a retry after a lost answer makes no second invoice). */
    idempotencyKey: text(),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_owner_key_unique').on(t.ownerId, t.idempotencyKey),
    // The owner's list and everyone's (administrators), in the sorts; the tabs' counts and amounts.
    index('invoices_owner_create_idx').on(t.ownerId, t.createDate, t.id),
    index('invoices_create_idx').on(t.createDate, t.id),
    index('invoices_due_idx').on(t.dueDate, t.id),
    index('invoices_total_idx').on(t.total, t.id),
    index('invoices_customer_sort_idx').on(t.customerSort, t.id),
    index('invoices_customer_idx').on(t.customerId, t.createDate),
    index('invoices_status_idx').on(t.status, t.dueDate, t.createDate, t.total),
    index('invoices_service_ids_idx').using('gin', t.serviceIds),
    check(
      'invoices_money',
      sql`subtotal >= 0 and shipping >= 0 and discount >= 0 and discount <= subtotal and tax_amount >= 0 and total >= 0 and taxes >= 0 and taxes <= 100 and sent >= 0`,
    ),
    check('invoices_dates', sql`due_date >= create_date`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice's lines, in order: the service's name as it was, the unit price and the server's total. */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    serviceId: uuid().references(() => invoiceServices.id, { onDelete: 'set null' }),
    service: text().notNull().default(''),
    quantity: integer().notNull(),
    price: bigint({ mode: 'number' }).notNull(),
    total: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.position] }),
    // The service filter: invoices with a line of a service.
    index('invoice_items_service_idx').on(t.serviceId, t.invoiceId),
    check('invoice_items_quantity', sql`quantity >= 1 and price >= 0 and total >= 0`),
  ],
);
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
