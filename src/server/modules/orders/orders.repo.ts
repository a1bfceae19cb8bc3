import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';

import {
  orderStatuses,
  stockReturningStatuses,
  type AddressSnapshot,
  type DeliveryOption,
  type OrderCounts,
  type OrderEvent,
  type OrderItem,
  type OrderSortKey,
  type OrderStatus,
  type OrderStatusKey,
  type PaymentMethod,
} from '#shared/contract/orders.ts';

import type { Db } from '../../db/client.ts';
import {
  discountCodes,
  orderEvents,
  orderItems,
  orders,
  products,
  users,
  type DiscountRow,
  type OrderRow,
} from '../../db/schema/index.ts';
import { cappedCountsBy } from '../../lib/capped-count.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { matches, nameKey } from '../../lib/search.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import { coversOf } from '../products/products.service.ts';
import {
  optionProblem,
  priceOrder,
  subtotalOf,
  unitsPerProduct,
  type LineRequest,
  type OrderListRow,
  type PricedOrder,
  type TakenProduct,
} from './orders.service.ts';

/** A JSON value from a raw statement: parsed already (node-postgres, PGlite) or as text. */
const fromJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

// ── reading orders ──────────────────────────────────────────────────────────────────────────────────────

/** The order's lines as one JSON array, in order (one statement reads a page of orders with theirs). */
const itemsJson = sql<unknown>`(select coalesce(json_agg(json_build_object(
    'productId', i.product_id, 'name', i.name, 'sku', i.sku, 'coverUrl', i.cover_url, 'price', i.price,
    'quantity', i.quantity, 'colors', i.colors, 'size', i.size, 'lineTotal', i.line_total,
    'discount', i.discount, 'taxRate', i.tax_rate, 'taxes', i.taxes) order by i.position), '[]'::json)
  from ${orderItems} i where i.order_id = ${orders.id})`;

const orderColumns = {
  ...getTableColumns(orders),
  // Empty once the customer deleted their account (ADR 058).
  customerName: sql<string>`coalesce(${personName}, '')`,
  customerEmail: sql<string>`coalesce(${users.email}, '')`,
  customerAvatarUrl: users.avatarUrl,
  itemsJson,
};

type RawOrderRow = OrderRow & {
  customerName: string;
  customerEmail: string;
  customerAvatarUrl: string | null;
  itemsJson: unknown;
};

const withItems = ({ itemsJson: json, ...row }: RawOrderRow): OrderListRow => ({
  ...row,
  items: fromJson<OrderItem[]>(json).map((item) => ({
    ...item,
    price: Number(item.price),
    lineTotal: Number(item.lineTotal),
    discount: Number(item.discount),
    taxRate: Number(item.taxRate),
    taxes: Number(item.taxes),
  })),
});

const ordersQuery = (db: Db) =>
  db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.userId));

/** The order, if `userId` may see it (undefined: any order, for administrators). */
export async function findOrder(db: Db, id: string, userId?: string): Promise<OrderListRow | undefined> {
  const [row] = await ordersQuery(db).where(
    and(eq(orders.id, id), userId === undefined ? undefined : eq(orders.userId, userId)),
  );
  return row ? withItems(row) : undefined;
}

/** The order placed with this idempotency key by this person. */
export async function orderIdByKey(db: Db, userId: string, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row?.id;
}

/** The order's timeline, oldest first, with who made each change. */
export async function historyOf(db: Db, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .select({
      status: orderEvents.status,
      note: orderEvents.note,
      at: orderEvents.at,
      byId: orderEvents.byUserId,
      byName: personName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.byUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((r) => ({
    status: r.status,
    note: r.note,
    at: r.at.toISOString(),
    by: r.byId && r.byName !== null ? { id: r.byId, name: r.byName } : null,
  }));
}

/** Orders of any of `statuses` (none: every order). */
const statusWhere = (statuses: readonly OrderStatus[]) =>
  statuses.length === 0
    ? undefined
    : statuses.length === 1
      ? eq(orders.status, statuses[0]!)
      : inArray(orders.status, [...statuses]);

export interface AdminOrderFilter {
  /** One customer's orders (their own list, or the administrators' `customer` filter); every order when absent. */
  userId?: string | undefined;
  /** The orders of any of these statuses; none: every order. */
  statuses: readonly OrderStatus[];
  search: string;
  /** ISO instants: placed at or after `from`, before `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

const ORDER_NUMBER = /^#?(\d{1,9})$/;

/** The filter without the status (the tabs count each status under it). */
function baseWhere(f: AdminOrderFilter): SQL | undefined {
  const term = f.search.trim();
  const number = ORDER_NUMBER.exec(term)?.[1];
  return and(
    f.userId ? eq(orders.userId, f.userId) : undefined,
    f.from ? gte(orders.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(orders.createdAt, new Date(f.to)) : undefined,
    !term
      ? undefined
      : number !== undefined
        ? eq(orders.number, Number(number))
        : // The customer's name or email (the users' search index, as the users list searches).
          sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.searchText, term)})`,
  );
}

/** Sort keys come from this map only; the query never holds text from the request. */
const ORDER_SORTS: Record<OrderSortKey, (dir: typeof asc) => SQL[]> = {
  createdAt: (d) => [d(orders.createdAt), d(orders.id)],
  number: (d) => [d(orders.number)],
  total: (d) => [d(orders.total), d(orders.id)],
  status: (d) => [d(orders.status), d(orders.createdAt), d(orders.id)],
  // The users' name index (users_name_sort_idx) in order, each person's orders from theirs: a page reads
  // the first few customers' orders, not every order.
  customer: (d) => [d(nameKey), d(users.id), d(orders.createdAt), d(orders.id)],
};

/**
 * Per-status counts under the filter, each counted up to COUNT_CAP + 1 (an index range each): exact
 * below the cap, a lower bound listed in `capped` above it.
 */
async function statusCounts(
  db: Db,
  where: SQL | undefined,
): Promise<{ counts: OrderCounts; capped: OrderStatusKey[] }> {
  return cappedCountsBy(db, orders, orderStatuses, (status) => and(eq(orders.status, status), where));
}

/** A page of orders under the filter, in the sort, and the tabs' counts (administrators' and customers' lists). */
export async function listOrders(
  db: Db,
  filter: AdminOrderFilter,
  sort: OrderSortKey,
  direction: 'asc' | 'desc',
  page: PageRequest,
) {
  const base = baseWhere(filter);
  const where = and(base, statusWhere(filter.statuses));
  const [result, tabs] = await Promise.all([
    pagedList(
      page,
      ({ limit, offset }) =>
        ordersQuery(db)
          .where(where)
          .orderBy(...ORDER_SORTS[sort](direction === 'asc' ? asc : desc))
          .limit(limit)
          .offset(offset),
      async () => 0,
    ),
    statusCounts(db, base),
  ]);
  return {
    ...result,
    items: result.items.map(withItems),
    total:
      filter.statuses.length === 0
        ? tabs.counts.all
        : filter.statuses.reduce((sum, status) => sum + tabs.counts[status], 0),
    ...tabs,
  };
}

/** The person an administrators' `customer` filter names, as an order shows its customer (undefined: none). */
export async function orderCustomer(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: personName, email: users.email, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// ── placing an order ────────────────────────────────────────────────────────────────────────────────────

export interface Unavailable {
  productId: string;
  name: string;
  available: number;
}

/** A product whose maximum per customer the order would pass. */
export interface OverLimit {
  productId: string;
  name: string;
  max: number;
  /** Units in the customer's earlier orders that still hold stock (not cancelled or refunded). */
  ordered: number;
}

export type PlaceResult =
  | { kind: 'placed'; orderId: string }
  /** The idempotency key was used before: the order it placed. */
  | { kind: 'duplicate'; orderId: string }
  | { kind: 'unavailable'; unavailable: Unavailable[] }
  /** The customer would pass a product's maximum per customer (ADR 032). */
  | { kind: 'overLimit'; overLimit: OverLimit[] }
  /** A colour or size the product does not come in. */
  | { kind: 'option'; message: string }
  /** The code did not apply (the row as it is now, to say why). */
  | { kind: 'discount'; discount: DiscountRow | undefined; subtotal: number };

/** Thrown inside the transaction to roll it back with an answer. */
class Abort {
  readonly result: PlaceResult;
  constructor(result: PlaceResult) {
    this.result = result;
  }
}

export interface PlaceOrderInput {
  userId: string;
  lines: LineRequest[];
  delivery: DeliveryOption;
  discountCode: string | undefined;
  paymentMethod: PaymentMethod;
  address: AddressSnapshot;
  idempotencyKey: string;
  /** The request's hash (`requestHash`), kept to refuse the key reused with another request. */
  requestHash?: string;
  currency: string;
}

/**
 * A line that cannot be served. A product that is not on sale (a draft, or gone) is named and counted the
 * same whatever the reason, so a quote or an order never reveals an unpublished product's name or stock.
 */
function unavailableLine(
  productId: string,
  row: { name: string; publish: string } | undefined,
  available: number,
): Unavailable {
  const onSale = row?.publish === 'published';
  return {
    productId,
    name: onSale ? row.name : 'A product no longer sold',
    available: onSale ? available : 0,
  };
}

const takenColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  price: products.price,
  taxes: products.taxes,
  colors: products.colors,
  sizes: products.sizes,
};

/** The products of `units` that cannot be had, as they are now (the first one failed its update). */
async function shortOf(
  tx: Db,
  units: ReadonlyArray<[string, number]>,
  taken: ReadonlyMap<string, unknown>,
  failedId: string,
): Promise<Unavailable[]> {
  const rest = units.filter(([id]) => !taken.has(id));
  const rows = await tx
    .select({ id: products.id, name: products.name, quantity: products.quantity, publish: products.publish })
    .from(products)
    .where(
      inArray(
        products.id,
        rest.map(([id]) => id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rest.flatMap(([id, n]) => {
    const row = byId.get(id);
    const available = row && row.publish === 'published' ? row.quantity : 0;
    return id === failedId || available < n ? [unavailableLine(id, row, available)] : [];
  });
}

/**
 * Units of each product in `userId`'s orders that still hold stock (every status but cancelled and
 * refunded), for the products given. Run after the order's stock UPDATEs locked these products' rows, so
 * in READ COMMITTED it sees every order of them that committed before (ADR 032).
 */
export async function unitsOrderedBy(
  db: Db,
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.productId, [...productIds]),
        eq(orders.userId, userId),
        notInArray(orders.status, [...stockReturningStatuses]),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId!, Number(r.units)]));
}

/** Public cover URLs of the products. */
async function coverUrls(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  const covers = await coversOf(db, productIds);
  return new Map([...covers].map(([id, key]) => [id, publicUploadUrl(key)]));
}

/** Takes one use of the code if it applies to `subtotal` now (active, not expired, not used up). */
async function claimDiscount(tx: Db, code: string, subtotal: number) {
  const [claimed] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        sql`upper(${discountCodes.code}) = upper(${code})`,
        eq(discountCodes.active, true),
        sql`(${discountCodes.expiresAt} is null or ${discountCodes.expiresAt} > now())`,
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
        lte(discountCodes.minSubtotal, subtotal),
      ),
    )
    .returning({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
    });
  return claimed;
}

export async function findDiscountByCode(db: Db, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${code})`);
  return row;
}

/**
 * Places an order in one transaction (ADR 026): for each product, in id order (so two orders never wait on
 * each other's rows the other way round), one conditional UPDATE takes the units if that many are in stock
 * and the product is published, and returns the product as it is (its price now is the price paid); then
 * the products with a maximum per customer are checked against the customer's earlier orders (counted
 * after the UPDATEs, which hold the products' row locks: two orders of one customer cannot both pass,
 * ADR 032); then the colours and sizes are checked, the discount code's use is taken by a conditional
 * UPDATE too (never past its limit), and the order, its lines and its first timeline entry are written.
 * Anything that does not apply rolls all of it back. A second order with the same idempotency key runs into
 * the unique index (or finds the first one committed) and answers the first order.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceResult> {
  const units = unitsPerProduct(input.lines);
  try {
    return await db.transaction(async (tx) => {
      const taken = new Map<string, TakenProduct>();
      const limited: Array<{ productId: string; name: string; max: number; units: number }> = [];
      for (const [productId, n] of units) {
        const [row] = await tx
          .update(products)
          .set({
            quantity: sql`${products.quantity} - ${n}`,
            totalSold: sql`${products.totalSold} + ${n}`,
          })
          .where(
            and(eq(products.id, productId), gte(products.quantity, n), eq(products.publish, 'published')),
          )
          .returning({ ...takenColumns, maxPerCustomer: products.maxPerCustomer });
        if (!row) {
          throw new Abort({ kind: 'unavailable', unavailable: await shortOf(tx, units, taken, productId) });
        }
        const { maxPerCustomer, ...product } = row;
        taken.set(productId, { ...product, coverUrl: null });
        if (maxPerCustomer !== null)
          limited.push({ productId, name: row.name, max: maxPerCustomer, units: n });
      }
      if (limited.length) {
        const ordered = await unitsOrderedBy(
          tx,
          input.userId,
          limited.map((l) => l.productId),
        );
        const overLimit = limited.flatMap(({ productId, name, max, units: n }) => {
          const before = ordered.get(productId) ?? 0;
          return before + n > max ? [{ productId, name, max, ordered: before }] : [];
        });
        if (overLimit.length) throw new Abort({ kind: 'overLimit', overLimit });
      }
      for (const line of input.lines) {
        const problem = optionProblem(line, taken.get(line.productId)!);
        if (problem) throw new Abort({ kind: 'option', message: problem });
      }
      let discount: { id: string; code: string; kind: DiscountRow['kind']; value: number } | undefined;
      if (input.discountCode) {
        const subtotal = subtotalOf(input.lines, taken);
        discount = await claimDiscount(tx, input.discountCode, subtotal);
        if (!discount) {
          throw new Abort({
            kind: 'discount',
            discount: await findDiscountByCode(tx, input.discountCode),
            subtotal,
          });
        }
      }
      const covers = await coverUrls(tx, [...taken.keys()]);
      for (const [id, product] of taken) product.coverUrl = covers.get(id) ?? null;
      const priced = priceOrder(input.lines, taken, input.delivery, discount ?? null);
      const [order] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          subtotal: priced.subtotal,
          discount: priced.discount,
          shipping: priced.shipping,
          taxes: priced.taxes,
          total: priced.total,
          itemCount: priced.itemCount,
          currency: input.currency,
          discountId: discount?.id ?? null,
          discountCode: discount?.code ?? null,
          delivery: input.delivery,
          paymentMethod: input.paymentMethod,
          address: input.address,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash ?? null,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('Order insert returned nothing');
      await tx
        .insert(orderItems)
        .values(priced.items.map((item, position) => ({ ...item, orderId: order.id, position })));
      await tx.insert(orderEvents).values({ orderId: order.id, status: 'pending', byUserId: input.userId });
      return { kind: 'placed' as const, orderId: order.id };
    });
  } catch (error) {
    if (error instanceof Abort) return error.result;
    // The same key placed an order meanwhile (a double submit): that order is the answer.
    if (isUniqueViolation(error, 'orders_idempotency_unique')) {
      const existing = await orderIdByKey(db, input.userId, input.idempotencyKey);
      if (existing) return { kind: 'duplicate', orderId: existing };
    }
    throw error;
  }
}

export type QuoteResult =
  | { kind: 'priced'; priced: PricedOrder; discountCode: string | null }
  | Exclude<PlaceResult, { kind: 'placed' } | { kind: 'duplicate' }>;

/** What `placeOrder` would charge now, taking nothing (the checkout's summary). */
export async function quoteOrder(
  db: Db,
  lines: LineRequest[],
  delivery: DeliveryOption,
  discountCode: string | undefined,
): Promise<QuoteResult> {
  const units = unitsPerProduct(lines);
  const rows = await db
    .select({ ...takenColumns, quantity: products.quantity, publish: products.publish })
    .from(products)
    .where(
      inArray(
        products.id,
        units.map(([id]) => id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unavailable = units.flatMap(([id, n]) => {
    const row = byId.get(id);
    const available = row && row.publish === 'published' ? row.quantity : 0;
    return available < n ? [unavailableLine(id, row, available)] : [];
  });
  if (unavailable.length) return { kind: 'unavailable', unavailable };
  const covers = await coverUrls(db, [...byId.keys()]);
  const taken = new Map<string, TakenProduct>(
    rows.map(({ quantity: _q, publish: _p, ...r }) => [r.id, { ...r, coverUrl: covers.get(r.id) ?? null }]),
  );
  for (const line of lines) {
    const problem = optionProblem(line, taken.get(line.productId)!);
    if (problem) return { kind: 'option', message: problem };
  }
  let discount: DiscountRow | undefined;
  if (discountCode) {
    const subtotal = subtotalOf(lines, taken);
    discount = await findDiscountByCode(db, discountCode);
    if (!discount || !discountApplies(discount, subtotal, new Date())) {
      return { kind: 'discount', discount, subtotal };
    }
  }
  return {
    kind: 'priced',
    priced: priceOrder(lines, taken, delivery, discount ?? null),
    discountCode: discount?.code ?? null,
  };
}

/** Whether a code applies to a subtotal at `now` (the conditions claimDiscount checks in SQL). */
export const discountApplies = (d: DiscountRow, subtotal: number, now: Date) =>
  d.active &&
  (d.expiresAt === null || d.expiresAt > now) &&
  (d.usageLimit === null || d.usedCount < d.usageLimit) &&
  subtotal >= d.minSubtotal;

// ── status ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Moves the order from the status and version it was read at to `to` (false when it changed meanwhile:
 * stale), and, when `to` is cancelled or refunded and its stock is still out, puts every unit back
 * (products in id order, total_sold down by as much) and gives the discount code's use back, in the same
 * transaction. Only one transition can reach cancelled or refunded (both are final), and `stock_returned`
 * records it, so this happens once per order.
 */
export async function changeOrderStatus(
  db: Db,
  before: OrderListRow,
  to: OrderStatus,
  by: { userId: string | null; note: string },
): Promise<boolean> {
  const returning = stockReturningStatuses.includes(to) && !before.stockReturned;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()`, ...(returning && { stockReturned: true }) })
      .where(
        and(
          eq(orders.id, before.id),
          eq(orders.version, before.version),
          eq(orders.status, before.status),
          eq(orders.stockReturned, before.stockReturned),
        ),
      )
      .returning({ id: orders.id });
    if (!updated) return false;
    if (returning) {
      const lines = before.items.flatMap((item) =>
        item.productId
          ? [{ productId: item.productId, quantity: item.quantity, colors: [], size: null }]
          : [],
      );
      for (const [productId, n] of unitsPerProduct(lines)) {
        await tx
          .update(products)
          .set({
            quantity: sql`${products.quantity} + ${n}`,
            totalSold: sql`greatest(${products.totalSold} - ${n}, 0)`,
          })
          .where(eq(products.id, productId));
      }
      if (before.discountId) {
        await tx
          .update(discountCodes)
          .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
          .where(eq(discountCodes.id, before.discountId));
      }
    }
    await tx
      .insert(orderEvents)
      .values({ orderId: before.id, status: to, byUserId: by.userId, note: by.note });
    return true;
  });
}

// ── unpaid orders ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Pending orders paid by these methods and placed more than `hours` ago, oldest first (at most `limit`):
 * what the unpaid-order sweeper cancels (orders_status_created_idx).
 */
export async function unpaidOrdersOlderThan(
  db: Db,
  methods: readonly PaymentMethod[],
  hours: number,
  limit: number,
): Promise<OrderListRow[]> {
  const rows = await ordersQuery(db)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.paymentMethod, [...methods]),
        lt(orders.createdAt, sql`now() - make_interval(secs => ${hours * 3600})`),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  return rows.map(withItems);
}
