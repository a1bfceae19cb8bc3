import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

import {
  categoriesOf,
  LOW_STOCK_MAX,
  PRODUCT_IMAGES_MAX,
  RATING_FILTER_MIN,
  type InventoryType,
  type ProductAdminSortKey,
  type ProductGender,
  type ProductSort,
  type PublishState,
  type RatingFilter,
  type ReviewSort,
} from '#shared/contract/products.ts';

import type { Db } from '../../db/client.ts';
import {
  files,
  orderItems,
  orders,
  productImages,
  productReviews,
  productReviewVotes,
  products,
  users,
  type ProductRow,
} from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/capped-count.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { prefixQuery } from '../../lib/search.ts';
import type { FileRow } from '../files/files.service.ts';

export type { ProductRow };

/** A JSON value from a raw statement: parsed already (node-postgres, PGlite) or as text. */
const fromJson = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

// ── search ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The words of name, SKU, code and tags match the search's word prefixes: one lookup in the GIN index
 * products_search_idx (the expression must stay the index's).
 */
const matchesSearch = (terms: string) =>
  sql`atrium_product_terms(${products.name}, ${products.sku}, ${products.code}, ${products.tags}) @@ to_tsquery('simple', ${terms})`;

// ── lists ───────────────────────────────────────────────────────────────────────────────────────────────

/** What a list of products is filtered by (the shop's filters and the administrators'). */
export interface ProductFilter {
  /** null: every product. */
  publish: readonly PublishState[] | null;
  search: string;
  gender?: readonly ProductGender[] | undefined;
  /** Sub-categories or groups. */
  category?: readonly string[] | undefined;
  colors?: readonly string[] | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  rating?: RatingFilter | undefined;
  stock?: readonly InventoryType[] | undefined;
}

const STOCK: Record<InventoryType, SQL> = {
  'out of stock': sql`${products.quantity} = 0`,
  'low stock': sql`${products.quantity} between 1 and ${sql.raw(String(LOW_STOCK_MAX))}`,
  'in stock': sql`${products.quantity} > ${sql.raw(String(LOW_STOCK_MAX))}`,
};

function whereOf(f: ProductFilter): SQL | undefined {
  const terms = prefixQuery(f.search);
  const categories = [...new Set((f.category ?? []).flatMap(categoriesOf))];
  return and(
    f.publish === null
      ? undefined
      : f.publish.length === 1
        ? eq(products.publish, f.publish[0]!)
        : inArray(products.publish, [...f.publish]),
    terms ? matchesSearch(terms) : undefined,
    f.gender?.length ? sql`${products.gender} && ${textArray(f.gender)}` : undefined,
    categories.length ? inArray(products.category, categories) : undefined,
    f.colors?.length ? sql`${products.colors} && ${textArray(f.colors)}` : undefined,
    f.priceMin !== undefined ? gte(products.price, f.priceMin) : undefined,
    f.priceMax !== undefined ? lte(products.price, f.priceMax) : undefined,
    f.rating ? gte(products.ratingAvg, RATING_FILTER_MIN[f.rating]) : undefined,
    f.stock?.length ? or(...f.stock.map((s) => STOCK[s])) : undefined,
  );
}

/** Sort keys come from these maps only; the query never holds text from the request. */
const SHOP_ORDER: Record<ProductSort, SQL[]> = {
  featured: [desc(products.totalSold), desc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  priceAsc: [asc(products.price), asc(products.id)],
  priceDesc: [desc(products.price), desc(products.id)],
};

const ADMIN_SORT: Record<ProductAdminSortKey, SQLWrapper> = {
  name: sql`lower(${products.name})`,
  createdAt: products.createdAt,
  price: products.price,
  quantity: products.quantity,
  publish: products.publish,
};

/** The columns a card shows (never the description). */
const cardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  price: products.price,
  priceSale: products.priceSale,
  colors: products.colors,
  category: products.category,
  quantity: products.quantity,
  newLabel: products.newLabel,
  saleLabel: products.saleLabel,
  ratingSum: products.ratingSum,
  totalReviews: products.totalReviews,
  publish: products.publish,
  createdAt: products.createdAt,
};
export type CardRow = {
  [K in keyof typeof cardColumns]: ProductRow[K];
} & { coverKey: string | null };

export interface CardPage {
  items: CardRow[];
  /** Exact up to COUNT_CAP; COUNT_CAP when `totalCapped` (lib/capped-count.ts, ADR 025). */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
}

/**
 * One page of products in `order` (which ends in the id, so pages never overlap), with their covers, and
 * the count of the filter (capped). The page walks the order's index and stops after a page's worth of
 * matches, or fetches the few matches of a narrow filter through the filters' indexes and sorts them.
 */
async function cardPage(db: Db, where: SQL | undefined, order: SQL[], page: PageRequest): Promise<CardPage> {
  let totalCapped = false;
  const result = await pagedList(
    page,
    ({ limit, offset }) =>
      db
        .select(cardColumns)
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => {
      const counted = await cappedCount(db, products, where);
      totalCapped = counted.capped;
      return counted.n;
    },
  );
  const covers = await coversOf(
    db,
    result.items.map((r) => r.id),
  );
  return {
    ...result,
    items: result.items.map((r) => ({ ...r, coverKey: covers.get(r.id) ?? null })),
    totalCapped,
  };
}

/** The shop: `filter` (published products unless an administrator asked for others), sorted. */
export function listProducts(db: Db, filter: ProductFilter, sort: ProductSort, page: PageRequest) {
  return cardPage(db, whereOf(filter), SHOP_ORDER[sort], page);
}

/** The administrators' list: every product, sorted by any column of the grid. */
export function listAdminProducts(
  db: Db,
  filter: ProductFilter,
  sort: ProductAdminSortKey,
  order: 'asc' | 'desc',
  page: PageRequest,
) {
  const direction = order === 'asc' ? asc : desc;
  // By publish state: then by creation, in the same direction (one index serves both).
  const by =
    sort === 'publish'
      ? [direction(products.publish), direction(products.createdAt), direction(products.id)]
      : [direction(ADMIN_SORT[sort]), direction(products.id)];
  return cardPage(db, whereOf(filter), by, page);
}

/** The storage key of each product's first image. */
export async function coversOf(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      key: files.storageKey,
    })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(inArray(productImages.productId, [...productIds]))
    .orderBy(productImages.productId, productImages.position, productImages.fileId);
  return new Map(rows.map((r) => [r.productId, r.key]));
}

/** Up to `limit` published products whose words start with the search's, best-selling first. */
export async function suggestions(
  db: Db,
  search: string,
  limit: number,
): Promise<Array<{ id: string; name: string; price: number; coverKey: string | null }>> {
  const terms = prefixQuery(search);
  if (!terms) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(and(eq(products.publish, 'published'), matchesSearch(terms)))
    .orderBy(desc(products.totalSold), desc(products.id))
    .limit(limit);
  const covers = await coversOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, coverKey: covers.get(r.id) ?? null }));
}

// ── one product ─────────────────────────────────────────────────────────────────────────────────────────

export async function findProductById(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** By its exact name in any letter case (the unique index), else by its URL name. */
export async function findProductByName(db: Db, name: string): Promise<ProductRow | undefined> {
  const [byName] = await db
    .select()
    .from(products)
    .where(sql`lower(${products.name}) = lower(${name})`);
  if (byName) return byName;
  const [bySlug] = await db.select().from(products).where(eq(products.slug, name.toLowerCase()));
  return bySlug;
}

/** A product's images as files, in order. */
export async function imagesOf(db: Db, productId: string): Promise<FileRow[]> {
  const rows = await db
    .select({ file: files })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.fileId));
  return rows.map((r) => r.file);
}

export type ProductInsert = typeof products.$inferInsert;
export type ProductUpdate = Partial<
  Omit<ProductInsert, 'id' | 'version' | 'createdAt' | 'totalReviews' | 'ratingSum' | 'starCounts'>
>;

export async function insertProduct(db: Db, values: ProductInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('Product insert returned nothing');
  return row;
}

/**
 * Writes `patch` if the product is still at `version` (ADR 017; the trigger raises it): undefined when it
 * changed meanwhile or is gone.
 */
export async function updateProduct(
  db: Db,
  id: string,
  patch: ProductUpdate,
  version: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning();
  return row;
}

/**
 * Deletes products with their reviews, images and the images' files, in one statement; the ids deleted and
 * the storage keys to remove.
 */
export async function deleteProducts(
  db: Db,
  ids: readonly string[],
): Promise<{ deleted: string[]; storageKeys: string[] }> {
  if (!ids.length) return { deleted: [], storageKeys: [] };
  const result = (await db.execute(sql`
    with gone as (
      delete from ${products} where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) returning id
    ),
    doomed as (select i.file_id from ${productImages} i where i.product_id in (select id from gone)),
    removed as (
      delete from ${files} f where f.id in (select file_id from doomed) returning f.storage_key
    )
    select (select coalesce(json_agg(id), '[]'::json) from gone) as ids,
      (select coalesce(json_agg(storage_key), '[]'::json) from removed) as keys`)) as unknown as {
    rows: Array<{ ids: unknown; keys: unknown }>;
  };
  const row = result.rows[0];
  return { deleted: fromJson<string[]>(row?.ids ?? []), storageKeys: fromJson<string[]>(row?.keys ?? []) };
}

// ── images ──────────────────────────────────────────────────────────────────────────────────────────────

/** Locks the product's row for a change of its images; false when it is gone. */
async function lockProduct(tx: Db, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  return row !== undefined;
}

export const imageCount = (db: Db, productId: string) =>
  db.$count(productImages, eq(productImages.productId, productId));

/**
 * Appends a stored file to the product's images (under the product's row lock, so two uploads never take
 * the same place). 'gone' when the product was deleted meanwhile, 'full' at PRODUCT_IMAGES_MAX: the caller
 * deletes the file then.
 */
export async function appendImage(
  db: Db,
  productId: string,
  fileId: string,
): Promise<'added' | 'gone' | 'full'> {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) return 'gone';
    if ((await imageCount(tx, productId)) >= PRODUCT_IMAGES_MAX) return 'full';
    await tx.execute(sql`
      insert into ${productImages} (product_id, file_id, position)
      select ${productId}::uuid, ${fileId}::uuid, coalesce(max(position) + 1, 0)
      from ${productImages} where product_id = ${productId}::uuid`);
    return 'added';
  });
}

/**
 * Puts the product's images in the order of `fileIds` and removes those left out (rows and files): the
 * storage keys to remove, 'mismatch' when an id is not one of the product's images, 'gone' without the
 * product.
 */
export async function setImages(
  db: Db,
  productId: string,
  fileIds: readonly string[],
): Promise<string[] | 'mismatch' | 'gone'> {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) return 'gone';
    const current = await tx
      .select({ fileId: productImages.fileId })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    const ids = new Set(current.map((c) => c.fileId));
    if (fileIds.some((id) => !ids.has(id))) return 'mismatch';
    const dropped = [...ids].filter((id) => !fileIds.includes(id));
    const removed = dropped.length
      ? await tx.delete(files).where(inArray(files.id, dropped)).returning({ key: files.storageKey })
      : [];
    if (fileIds.length) {
      await tx.execute(sql`
        update ${productImages} i set position = o.position
        from (select * from unnest(${sql`array[${sql.join(
          fileIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`}) with ordinality as u(file_id, position)) o
        where i.product_id = ${productId}::uuid and i.file_id = o.file_id`);
    }
    return removed.map((r) => r.key);
  });
}

/** Which of these files are a product's images (the others are left-overs of an upload whose link failed). */
export async function linkedProductFileIds(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .select({ id: productImages.fileId })
    .from(productImages)
    .where(inArray(productImages.fileId, [...fileIds]));
  return rows.map((r) => r.id);
}

// ── reviews ─────────────────────────────────────────────────────────────────────────────────────────────

export interface ReviewRow {
  id: string;
  userId: string;
  name: string;
  avatarUrl: string | null;
  rating: number;
  comment: string;
  helpful: number;
  postedAt: Date;
  markedHelpful: boolean;
}

const authorName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

function reviewsWhere(db: Db, viewerId: string, where: SQL | undefined) {
  return db
    .select({
      id: productReviews.id,
      userId: productReviews.userId,
      name: authorName,
      avatarUrl: users.avatarUrl,
      rating: productReviews.rating,
      comment: productReviews.comment,
      helpful: productReviews.helpful,
      postedAt: productReviews.postedAt,
      markedHelpful: sql<boolean>`exists (select 1 from ${productReviewVotes} v
        where v.review_id = ${productReviews.id} and v.user_id = ${viewerId}::uuid)`,
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(where);
}

const REVIEW_ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(productReviews.postedAt), desc(productReviews.id)],
  helpful: [desc(productReviews.helpful), desc(productReviews.postedAt), desc(productReviews.id)],
};

/** One page of a product's reviews with their authors, as `viewerId` sees them (what they marked). */
export function reviewsOf(db: Db, productId: string, viewerId: string, sort: ReviewSort, page: PageRequest) {
  const where = eq(productReviews.productId, productId);
  return pagedList(
    page,
    ({ limit, offset }) =>
      reviewsWhere(db, viewerId, where)
        .orderBy(...REVIEW_ORDER[sort])
        .limit(limit)
        .offset(offset),
    () => db.$count(productReviews, where),
  );
}

/** `userId`'s review of the product. */
export async function reviewBy(db: Db, productId: string, userId: string): Promise<ReviewRow | undefined> {
  const [row] = await reviewsWhere(
    db,
    userId,
    and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)),
  );
  return row;
}

export async function reviewById(db: Db, reviewId: string, viewerId: string): Promise<ReviewRow | undefined> {
  const [row] = await reviewsWhere(db, viewerId, eq(productReviews.id, reviewId));
  return row;
}

/**
 * The person's review of the product, made or replaced (one per person and product; the unique index
 * settles two posts racing). The product's figures follow in the same statement (the
 * `product_reviews_counts` trigger adds and takes away counts atomically, so concurrent reviews never lose
 * one).
 */
export async function upsertReview(
  db: Db,
  input: { productId: string; userId: string; rating: number; comment: string },
): Promise<void> {
  await db
    .insert(productReviews)
    .values(input)
    .onConflictDoUpdate({
      target: [productReviews.productId, productReviews.userId],
      set: { rating: input.rating, comment: input.comment, postedAt: sql`now()` },
    });
}

/** Deletes the person's review of the product; false when they had none. */
export async function deleteReview(db: Db, productId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)))
    .returning({ id: productReviews.id });
  return rows.length > 0;
}

/** The product's review figures as stored now. */
export async function reviewFigures(
  db: Db,
  productId: string,
): Promise<{ totalReviews: number; ratingSum: number; starCounts: number[] } | undefined> {
  const [row] = await db
    .select({
      totalReviews: products.totalReviews,
      ratingSum: products.ratingSum,
      starCounts: products.starCounts,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/**
 * Marks a review of the product helpful for `userId`, or takes the mark back (each person counts once; the
 * `product_review_votes_count` trigger keeps the count): the count after, 'own' for the person's own
 * review, undefined when the review is not the product's.
 */
export async function markHelpful(
  db: Db,
  productId: string,
  reviewId: string,
  userId: string,
  helpful: boolean,
): Promise<number | 'own' | undefined> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: productReviews.userId })
      .from(productReviews)
      .where(and(eq(productReviews.id, reviewId), eq(productReviews.productId, productId)));
    if (!review) return undefined;
    if (review.userId === userId) return 'own';
    if (helpful) {
      await tx.insert(productReviewVotes).values({ reviewId, userId }).onConflictDoNothing();
    } else {
      await tx
        .delete(productReviewVotes)
        .where(and(eq(productReviewVotes.reviewId, reviewId), eq(productReviewVotes.userId, userId)));
    }
    const [after] = await tx
      .select({ helpful: productReviews.helpful })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId));
    return after?.helpful ?? 0;
  });
}

// ── purchases ───────────────────────────────────────────────────────────────────────────────────────────

/** Orders of the person that are completed and hold a line of the product (the orders area, ADR 026). */
const completedOrdersWith = (productId: string, userIds: readonly string[]) =>
  and(
    eq(orderItems.productId, productId),
    eq(orders.status, 'completed'),
    userIds.length === 1 ? eq(orders.userId, userIds[0]!) : inArray(orders.userId, [...userIds]),
  );

/**
 * Whether `userId` has a completed order with the product: a review's "verified purchase" (one index
 * lookup of the product's order lines, order_items_product_idx, joined to their orders).
 */
export async function hasCompletedOrderWith(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(completedOrdersWith(productId, [userId]))
    .limit(1);
  return row !== undefined;
}

/** Which of `userIds` have a completed order with the product (see hasCompletedOrderWith), in one query. */
export async function buyersAmong(
  db: Db,
  productId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(completedOrdersWith(productId, unique));
  return new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
}
