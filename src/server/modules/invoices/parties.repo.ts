import { and, asc, eq, ne, sql, type SQLWrapper } from 'drizzle-orm';

import type { Customer, FromAddress, PartySnapshot, Service } from '#shared/contract/invoices.ts';

import type { Db } from '../../db/client.ts';
import {
  invoiceCustomers,
  invoiceFromAddresses,
  invoices,
  invoiceServices,
  type InvoiceCustomerRow,
  type InvoiceFromAddressRow,
  type InvoiceServiceRow,
} from '../../db/schema/index.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { escapeLike } from '../../lib/search.ts';

/** The part of a customer or a workspace address an invoice copies. */
export const snapshotOf = (row: PartySnapshot): PartySnapshot => ({
  name: row.name,
  company: row.company,
  email: row.email,
  phoneNumber: row.phoneNumber,
  fullAddress: row.fullAddress,
});

// ── customers ───────────────────────────────────────────────────────────────────────────────────────────

export const toCustomer = (row: InvoiceCustomerRow): Customer => ({
  id: row.id,
  ...snapshotOf(row),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const containsLower = (column: SQLWrapper, term: string) =>
  sql`lower(${column}) like lower(${`%${escapeLike(term)}%`}) escape '\\'`;

/** Customers whose name, company or email holds `term` (a condition on invoice_customers). */
export const customerMatches = (term: string) =>
  sql`(${containsLower(invoiceCustomers.name, term)} or ${containsLower(invoiceCustomers.company, term)} or ${containsLower(invoiceCustomers.email, term)})`;

/** The address book by name; `search` matches the name, company or email. */
export function listCustomers(db: Db, search: string, page: PageRequest) {
  const where = search ? customerMatches(search) : undefined;
  return pagedList(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(invoiceCustomers)
        .where(where)
        .orderBy(sql`lower(${invoiceCustomers.name})`, asc(invoiceCustomers.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(invoiceCustomers, where),
  );
}

export async function findCustomer(db: Db, id: string): Promise<InvoiceCustomerRow | undefined> {
  const [row] = await db.select().from(invoiceCustomers).where(eq(invoiceCustomers.id, id));
  return row;
}

export type CustomerValues = Omit<typeof invoiceCustomers.$inferInsert, 'id' | 'version'>;

export async function insertCustomer(db: Db, values: CustomerValues): Promise<InvoiceCustomerRow> {
  const [row] = await db.insert(invoiceCustomers).values(values).returning();
  if (!row) throw new Error('Customer insert returned nothing');
  return row;
}

/** Writes `patch` if the customer is still at `version`: undefined when it changed (or is gone). */
export async function updateCustomer(
  db: Db,
  id: string,
  patch: Partial<CustomerValues>,
  version: number,
): Promise<InvoiceCustomerRow | undefined> {
  const [row] = await db
    .update(invoiceCustomers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(invoiceCustomers.id, id), eq(invoiceCustomers.version, version)))
    .returning();
  return row;
}

export type DeleteCustomerResult = 'deleted' | 'missing' | 'inUse';

/** Deletes a customer no invoice names (the foreign key refuses the others). */
export async function deleteCustomer(db: Db, id: string): Promise<DeleteCustomerResult> {
  const [used] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.customerId, id))
    .limit(1);
  if (used) return 'inUse';
  const rows = await db
    .delete(invoiceCustomers)
    .where(eq(invoiceCustomers.id, id))
    .returning({ id: invoiceCustomers.id });
  return rows.length ? 'deleted' : 'missing';
}

// ── the workspace's addresses ───────────────────────────────────────────────────────────────────────────

export const toFromAddress = (row: InvoiceFromAddressRow): FromAddress => ({
  id: row.id,
  ...snapshotOf(row),
  primary: row.isPrimary,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The default first, then oldest first. */
export function listFromAddresses(db: Db): Promise<InvoiceFromAddressRow[]> {
  return db
    .select()
    .from(invoiceFromAddresses)
    .orderBy(sql`${invoiceFromAddresses.isPrimary} desc`, asc(invoiceFromAddresses.createdAt));
}

export async function findFromAddress(db: Db, id: string): Promise<InvoiceFromAddressRow | undefined> {
  const [row] = await db.select().from(invoiceFromAddresses).where(eq(invoiceFromAddresses.id, id));
  return row;
}

export const countFromAddresses = (db: Db) => db.$count(invoiceFromAddresses);

export type FromAddressValues = Omit<typeof invoiceFromAddresses.$inferInsert, 'id'>;

/**
 * Adds an address; `isPrimary` (or being the first) makes it the default and the others stop being it, in
 * one transaction.
 */
export async function insertFromAddress(db: Db, values: FromAddressValues): Promise<InvoiceFromAddressRow> {
  return db.transaction(async (tx) => {
    const [first] = await tx.select({ id: invoiceFromAddresses.id }).from(invoiceFromAddresses).limit(1);
    const isPrimary = values.isPrimary === true || !first;
    if (isPrimary)
      await tx
        .update(invoiceFromAddresses)
        .set({ isPrimary: false })
        .where(sql`is_primary`);
    const [row] = await tx
      .insert(invoiceFromAddresses)
      .values({ ...values, isPrimary })
      .returning();
    if (!row) throw new Error('Address insert returned nothing');
    return row;
  });
}

/** Edits an address; `isPrimary: true` makes it the default (a default is unset by choosing another). */
export async function updateFromAddress(
  db: Db,
  id: string,
  patch: Partial<FromAddressValues>,
): Promise<InvoiceFromAddressRow | undefined> {
  return db.transaction(async (tx) => {
    const { isPrimary, ...rest } = patch;
    if (isPrimary === true) {
      await tx
        .update(invoiceFromAddresses)
        .set({ isPrimary: false })
        .where(and(sql`is_primary`, ne(invoiceFromAddresses.id, id)));
    }
    const [row] = await tx
      .update(invoiceFromAddresses)
      .set({ ...rest, ...(isPrimary === true && { isPrimary: true }), updatedAt: sql`now()` })
      .where(eq(invoiceFromAddresses.id, id))
      .returning();
    return row;
  });
}

/** Deletes an address (invoices keep their copy); the oldest remaining one becomes the default if needed. */
export async function deleteFromAddress(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(invoiceFromAddresses)
      .where(eq(invoiceFromAddresses.id, id))
      .returning({ isPrimary: invoiceFromAddresses.isPrimary });
    if (!gone) return false;
    if (gone.isPrimary) {
      const [next] = await tx
        .select({ id: invoiceFromAddresses.id })
        .from(invoiceFromAddresses)
        .orderBy(asc(invoiceFromAddresses.createdAt), asc(invoiceFromAddresses.id))
        .limit(1);
      if (next) {
        await tx
          .update(invoiceFromAddresses)
          .set({ isPrimary: true })
          .where(eq(invoiceFromAddresses.id, next.id));
      }
    }
    return true;
  });
}

// ── services ────────────────────────────────────────────────────────────────────────────────────────────

export const toService = (row: InvoiceServiceRow): Service => ({
  id: row.id,
  name: row.name,
  price: row.price,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function listServices(db: Db): Promise<InvoiceServiceRow[]> {
  return db
    .select()
    .from(invoiceServices)
    .orderBy(sql`lower(${invoiceServices.name})`, asc(invoiceServices.id));
}

export const countServices = (db: Db) => db.$count(invoiceServices);

export async function findService(db: Db, id: string): Promise<InvoiceServiceRow | undefined> {
  const [row] = await db.select().from(invoiceServices).where(eq(invoiceServices.id, id));
  return row;
}

export async function insertService(db: Db, values: { name: string; price: number }) {
  const [row] = await db.insert(invoiceServices).values(values).returning();
  if (!row) throw new Error('Service insert returned nothing');
  return row;
}

export async function updateService(db: Db, id: string, patch: { name?: string; price?: number }) {
  const [row] = await db
    .update(invoiceServices)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(invoiceServices.id, id))
    .returning();
  return row;
}

/** Deletes a service; invoice lines keep its name (their link to it is cleared). */
export async function deleteService(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(invoiceServices)
    .where(eq(invoiceServices.id, id))
    .returning({ id: invoiceServices.id });
  return rows.length > 0;
}
