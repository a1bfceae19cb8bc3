import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';

import {
  formatInvoiceNumber,
  invoiceStatusOn,
  invoiceTotalsOf,
  lineTotalOf,
  type Invoice,
  type InvoiceItem,
  type InvoiceLanguage,
  type InvoiceSortKey,
  type InvoiceStats,
  type InvoiceTab,
  type PartySnapshot,
  type StoredInvoiceStatus,
} from '#shared/contract/invoices.ts';

import type { Db } from '../../db/client.ts';
import { invoiceCustomers, invoiceItems, invoices, users, type InvoiceRow } from '../../db/schema/index.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { customerMatches } from './parties.repo.ts';

/** Today in UTC (`YYYY-MM-DD`): the day overdue is judged on. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** A JSON value from a raw statement: parsed already (node-postgres, PGlite) or as text. */
const fromJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

const ownerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The invoice's lines as one JSON array, in order (one statement reads a page of invoices with theirs). */
const itemsJson = sql<unknown>`(select coalesce(json_agg(json_build_object(
    'title', i.title, 'description', i.description, 'serviceId', i.service_id, 'service', i.service,
    'quantity', i.quantity, 'price', i.price, 'total', i.total) order by i.position), '[]'::json)
  from ${invoiceItems} i where i.invoice_id = ${invoices.id})`;

const invoiceColumns = {
  ...getTableColumns(invoices),
  // Empty once the owner deleted their account (ADR 058).
  ownerName: sql<string>`coalesce(${ownerName}, '')`,
  ownerEmail: sql<string>`coalesce(${users.email}, '')`,
  ownerAvatarUrl: users.avatarUrl,
  itemsJson,
};

export type InvoiceListRow = InvoiceRow & {
  ownerName: string;
  ownerEmail: string;
  ownerAvatarUrl: string | null;
  itemsJson: unknown;
};

const invoicesQuery = (db: Db) =>
  db.select(invoiceColumns).from(invoices).leftJoin(users, eq(users.id, invoices.ownerId));

/** The contract's invoice from a row read with its lines and owner, its status as shown on `today`. */
export function toInvoice(row: InvoiceListRow, today = todayUtc()): Invoice {
  return {
    id: row.id,
    invoiceNumber: formatInvoiceNumber(row.number),
    status: invoiceStatusOn(row.status, row.dueDate, today),
    fromAddressId: row.fromAddressId,
    invoiceFrom: row.invoiceFrom,
    customerId: row.customerId,
    invoiceTo: row.invoiceTo,
    createDate: row.createDate,
    dueDate: row.dueDate,
    items: fromJson<InvoiceItem[]>(row.itemsJson).map((item) => ({
      ...item,
      quantity: Number(item.quantity),
      price: Number(item.price),
      total: Number(item.total),
    })),
    subtotal: row.subtotal,
    shipping: row.shipping,
    discount: row.discount,
    taxes: Number(row.taxes),
    taxAmount: row.taxAmount,
    totalAmount: row.total,
    currency: row.currency,
    language: row.language,
    notes: row.notes,
    sent: row.sent,
    paidAt: row.paidAt?.toISOString() ?? null,
    owner: {
      id: row.ownerId,
      name: row.ownerName,
      email: row.ownerEmail,
      avatarUrl: row.ownerAvatarUrl,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The invoice, if `ownerId` may see it (undefined: any invoice, for administrators). */
export async function findInvoice(db: Db, id: string, ownerId?: string): Promise<InvoiceListRow | undefined> {
  const [row] = await invoicesQuery(db).where(
    and(eq(invoices.id, id), ownerId === undefined ? undefined : eq(invoices.ownerId, ownerId)),
  );
  return row;
}

// ── the list ────────────────────────────────────────────────────────────────────────────────────────────

export interface InvoiceFilter {
  /** Only this person's invoices (undefined: everyone's, for administrators). */
  ownerId: string | undefined;
  status: InvoiceTab;
  search: string;
  serviceIds: string[];
  /** Days, both included, on the create date. */
  startDate: string | undefined;
  endDate: string | undefined;
  today: string;
}

const INVOICE_NUMBER = /^(?:inv-?)?(\d{1,9})$/i;

/** The filter without the tab (the tabs count and sum each status under it). */
function baseWhere(f: InvoiceFilter): SQL | undefined {
  const term = f.search.trim();
  const number = INVOICE_NUMBER.exec(term)?.[1];
  return and(
    f.ownerId === undefined ? undefined : eq(invoices.ownerId, f.ownerId),
    f.startDate ? gte(invoices.createDate, f.startDate) : undefined,
    f.endDate ? lte(invoices.createDate, f.endDate) : undefined,
    f.serviceIds.length
      ? sql`${invoices.serviceIds} && array[${sql.join(
          f.serviceIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]::uuid[]`
      : undefined,
    !term
      ? undefined
      : number !== undefined
        ? eq(invoices.number, Number(number))
        : // The customer's name, company or email, through the (small) address book.
          sql`${invoices.customerId} in (select ${invoiceCustomers.id} from ${invoiceCustomers} where ${customerMatches(term)})`,
  );
}

/** The rows of a tab on `today`: overdue is pending with a due date before today. */
function tabWhere(tab: InvoiceTab, today: string): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'overdue':
      return sql`${invoices.status} = 'pending' and ${invoices.dueDate} < ${today}::date`;
    case 'pending':
      return sql`${invoices.status} = 'pending' and ${invoices.dueDate} >= ${today}::date`;
    default:
      return eq(invoices.status, tab);
  }
}

/** Sort keys come from this map only; the query never holds text from the request. */
const INVOICE_SORTS: Record<InvoiceSortKey, (d: typeof asc) => SQL[]> = {
  createDate: (d) => [d(invoices.createDate), d(invoices.id)],
  dueDate: (d) => [d(invoices.dueDate), d(invoices.id)],
  number: (d) => [d(invoices.number)],
  customer: (d) => [d(invoices.customerSort), d(invoices.id)],
  total: (d) => [d(invoices.total), d(invoices.id)],
  sent: (d) => [d(invoices.sent), d(invoices.createDate), d(invoices.id)],
  status: (d) => [d(invoices.status), d(invoices.dueDate), d(invoices.id)],
};

type StatsRow = { status: string; late: boolean | string; n: number | string; amount: string | number };

/** The workspace's rows in invoice_totals (drizzle/0018_invoices.sql); a person's are under their id. */
const EVERYONE = '00000000-0000-0000-0000-000000000000';

/**
 * Each tab's count and amount under the filter, by stored status and whether the due day is past. Without a
 * search, and with at most one service, they come from invoice_totals or invoice_service_totals (kept by
 * triggers: a row per owner, [service,] status, create day and due day), so the list does not read every
 * invoice; with a search or several services (an invoice may name more than one), from one grouped pass
 * over the matching invoices.
 */
async function tabStats(db: Db, f: InvoiceFilter, where: SQL | undefined): Promise<InvoiceStats> {
  const summary = !f.search.trim() && f.serviceIds.length <= 1;
  const [service] = f.serviceIds;
  const query = summary
    ? sql`select status, due_date < ${f.today}::date as late, sum(n)::int as n, sum(amount)::text as amount
        from ${service ? sql`invoice_service_totals` : sql`invoice_totals`}
        where owner_id = ${f.ownerId ?? EVERYONE}::uuid
        ${service ? sql`and service_id = ${service}::uuid` : sql``}
        ${f.startDate ? sql`and create_date >= ${f.startDate}::date` : sql``}
        ${f.endDate ? sql`and create_date <= ${f.endDate}::date` : sql``}
        group by 1, 2`
    : sql`select ${invoices.status} as status, ${invoices.dueDate} < ${f.today}::date as late,
        count(*)::int as n, coalesce(sum(${invoices.total}), 0)::text as amount
        from ${invoices} where ${where ?? sql`true`} group by 1, 2`;
  const result = (await db.execute(query)) as unknown as { rows: StatsRow[] };
  const stats: InvoiceStats = {
    all: { count: 0, amount: 0 },
    draft: { count: 0, amount: 0 },
    pending: { count: 0, amount: 0 },
    paid: { count: 0, amount: 0 },
    overdue: { count: 0, amount: 0 },
  };
  for (const row of result.rows) {
    const late = row.late === true || row.late === 't';
    const tab = row.status === 'pending' && late ? 'overdue' : (row.status as keyof InvoiceStats);
    const count = Number(row.n);
    const amount = Number(row.amount);
    for (const key of [tab, 'all'] as const) {
      stats[key].count += count;
      stats[key].amount += amount;
    }
  }
  return stats;
}

/** A page of invoices under the filter and tab, in the sort, with every tab's count and amount. */
export async function listInvoices(
  db: Db,
  filter: InvoiceFilter,
  sort: InvoiceSortKey,
  direction: 'asc' | 'desc',
  page: PageRequest,
) {
  const base = baseWhere(filter);
  const where = and(base, tabWhere(filter.status, filter.today));
  const [result, stats] = await Promise.all([
    pagedList(
      page,
      async ({ limit, offset }) => {
        // The page's ids first (an index range, no lines read for the rows skipped), then those invoices.
        const ids = await db
          .select({ id: invoices.id })
          .from(invoices)
          .where(where)
          .orderBy(...INVOICE_SORTS[sort](direction === 'asc' ? asc : desc))
          .limit(limit)
          .offset(offset);
        if (!ids.length) return [];
        const rows = await invoicesQuery(db).where(
          inArray(
            invoices.id,
            ids.map((r) => r.id),
          ),
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.flatMap((r) => byId.get(r.id) ?? []);
      },
      async () => 0,
    ),
    tabStats(db, filter, base),
  ]);
  return { ...result, total: stats[filter.status].count, stats };
}

// ── writing ─────────────────────────────────────────────────────────────────────────────────────────────

export interface InvoiceLine {
  title: string;
  description: string;
  serviceId: string | null;
  /** The service's name as it is now ('' without one). */
  service: string;
  quantity: number;
  price: number;
}

export interface InvoiceValues {
  status: StoredInvoiceStatus;
  /** null when the address was deleted since (a duplicate keeps the copy). */
  fromAddressId: string | null;
  invoiceFrom: PartySnapshot;
  customerId: string;
  invoiceTo: PartySnapshot;
  createDate: string;
  dueDate: string;
  items: InvoiceLine[];
  shipping: number;
  discount: number;
  taxes: number;
  notes: string;
  language: InvoiceLanguage;
}

/** The columns of an invoice from what was asked, with the server's own figures. */
function columnsOf(values: InvoiceValues) {
  const totals = invoiceTotalsOf(values);
  return {
    status: values.status,
    fromAddressId: values.fromAddressId,
    invoiceFrom: values.invoiceFrom,
    customerId: values.customerId,
    invoiceTo: values.invoiceTo,
    customerSort: values.invoiceTo.name.toLowerCase(),
    serviceIds: [...new Set(values.items.flatMap((item) => (item.serviceId ? [item.serviceId] : [])))],
    createDate: values.createDate,
    dueDate: values.dueDate,
    subtotal: totals.subtotal,
    shipping: values.shipping,
    discount: values.discount,
    taxes: values.taxes,
    taxAmount: totals.taxAmount,
    total: totals.total,
    notes: values.notes,
    language: values.language,
  };
}

const itemRows = (invoiceId: string, items: InvoiceLine[]) =>
  items.map((item, position) => ({
    invoiceId,
    position,
    title: item.title,
    description: item.description,
    serviceId: item.serviceId,
    service: item.service,
    quantity: item.quantity,
    price: item.price,
    total: lineTotalOf(item.quantity, item.price),
  }));

/** Creates an invoice and its lines in one transaction; its number comes from the sequence. */
export async function insertInvoice(
  db: Db,
  ownerId: string,
  currency: string,
  values: InvoiceValues,
  idempotencyKey: string | null = null,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({
        ...columnsOf(values),
        ownerId,
        currency,
        idempotencyKey,
        paidAt: values.status === 'paid' ? sql`now()` : null,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('Invoice insert returned nothing');
    await tx.insert(invoiceItems).values(itemRows(row.id, values.items));
    return row.id;
  });
}

/** The invoice `ownerId` made with `idempotencyKey`, if any. */
export async function invoiceIdByKey(
  db: Db,
  ownerId: string,
  idempotencyKey: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.ownerId, ownerId), eq(invoices.idempotencyKey, idempotencyKey)));
  return row?.id;
}

/**
 * Rewrites the invoice and its lines if it is still at `version` (the trigger raises it); false when it
 * changed meanwhile (or is gone).
 */
export async function updateInvoice(
  db: Db,
  id: string,
  version: number,
  values: InvoiceValues,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({
        ...columnsOf(values),
        paidAt: values.status === 'paid' ? sql`coalesce(${invoices.paidAt}, now())` : sql`null::timestamptz`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(invoices.id, id), eq(invoices.version, version)))
      .returning({ id: invoices.id });
    if (!row) return false;
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    await tx.insert(invoiceItems).values(itemRows(id, values.items));
    return true;
  });
}

/** Sets the stored status (paid records when), from `version` when given; false when it changed or is gone. */
export async function setInvoiceStatus(
  db: Db,
  id: string,
  status: StoredInvoiceStatus,
  version: number,
): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({
      status,
      paidAt: status === 'paid' ? sql`coalesce(${invoices.paidAt}, now())` : sql`null::timestamptz`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(invoices.id, id), eq(invoices.version, version)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** Counts a sending (one atomic UPDATE): a draft becomes pending. False when the invoice is gone. */
export async function markSent(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({
      sent: sql`${invoices.sent} + 1`,
      status: sql`case when ${invoices.status} = 'draft' then 'pending' else ${invoices.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, id))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** Deletes invoices among `ids` that `ownerId` owns (undefined: any); the ids and owners deleted. */
export async function deleteInvoices(
  db: Db,
  ids: string[],
  ownerId: string | undefined,
): Promise<Array<{ id: string; ownerId: string | null }>> {
  if (!ids.length) return [];
  return db
    .delete(invoices)
    .where(and(inArray(invoices.id, ids), ownerId === undefined ? undefined : eq(invoices.ownerId, ownerId)))
    .returning({ id: invoices.id, ownerId: invoices.ownerId });
}
