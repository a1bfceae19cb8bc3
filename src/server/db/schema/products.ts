import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { productCategories, publishStates, type ProductGender } from '#shared/contract/products-limits.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/** A "new" or "sale" badge as stored. */
export interface ProductLabelColumn {
  enabled: boolean;
  content: string;
}

/**
 * A product of the catalog (issue #13, ADR 025). Money in integer cents (`price` is what a customer pays,
 * `priceSale` the price before the sale). Stock is `quantity`; orders will take it with one conditional
 * `UPDATE … SET quantity = quantity - n, total_sold = total_sold + n WHERE quantity >= n` (never read, then
 * write). The review figures (`total_reviews`, `rating_sum`, `star_counts`) are kept by the
 * `product_reviews_counts` trigger (drizzle/0016_products.sql) in the statement that writes a review, so
 * concurrent reviews never lose a count; `rating_avg` follows from them.
 */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull(),
    sku: text().notNull(),
    code: text().notNull().default(''),
    /** Sanitised HTML. */
    description: text().notNull().default(''),
    subDescription: text().notNull().default(''),
    price: bigint({ mode: 'number' }).notNull(),
    priceSale: bigint({ mode: 'number' }),
    /** A percentage. */
    taxes: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    category: text({ enum: productCategories }).notNull(),
    gender: text()
      .array()
      .$type<ProductGender[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quantity: integer().notNull().default(0),
    totalSold: integer().notNull().default(0),
    /**
     * At most this many units per customer over their orders that are not cancelled or refunded (null: no
     * maximum). Checked in the order's transaction after its stock UPDATE locked this row (ADR 032).
     */
    maxPerCustomer: integer(),
    publish: text({ enum: publishStates }).notNull().default('draft'),
    newLabel: jsonb().$type<ProductLabelColumn>().notNull().default({ enabled: false, content: 'NEW' }),
    saleLabel: jsonb().$type<ProductLabelColumn>().notNull().default({ enabled: false, content: 'SALE' }),
    totalReviews: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    /** Reviews with 1, 2, 3, 4 and 5 stars. */
    starCounts: integer()
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'::integer[]`),
    /** The average rating (0 without reviews), for the rating filter. */
    ratingAvg: doublePrecision()
      .notNull()
      .generatedAlwaysAs(
        sql`case when total_reviews > 0 then rating_sum::double precision / total_reviews else 0 end`,
      ),
    /** Raised by edits of the fields and the stock (`products_bump_version`), not by reviews. */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Looked up by name (any letter case), by URL name and by SKU; each is unique.
    uniqueIndex('products_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('products_slug_unique').on(t.slug),
    uniqueIndex('products_sku_unique').on(t.sku),
    // The shop's sorts (and the administrators'): each page walks one of these, forwards or backwards (an
    // order is ascending or descending in both of its columns, so one index serves both directions).
    index('products_sold_idx').on(t.totalSold, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_quantity_idx').on(t.quantity, t.id),
    index('products_publish_idx').on(t.publish, t.createdAt, t.id),
    // The shop's filters: a narrow combination is fetched through these (a bitmap of each, combined), and
    // counted without reading the catalog.
    index('products_category_idx').on(t.category),
    index('products_gender_idx').using('gin', t.gender),
    index('products_colors_idx').using('gin', t.colors),
    index('products_rating_idx').on(t.ratingAvg),
    // Word prefixes of name, SKU, code and tags (atrium_product_terms(), drizzle/0016_products.sql):
    // full text with core functions only, so it works on PGlite as on PostgreSQL.
    index('products_search_idx').using('gin', sql`atrium_product_terms(name, sku, code, tags)`),
    check('products_price_range', sql`price >= 0 and (price_sale is null or price_sale > price)`),
    check('products_stock', sql`quantity >= 0 and total_sold >= 0`),
    check('products_taxes', sql`taxes >= 0 and taxes <= 100`),
    check('products_max_per_customer', sql`max_per_customer is null or max_per_customer >= 1`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

/** A product's pictures (files of the public `product` use), in order: the first is the cover. */
export const productImages = pgTable(
  'product_images',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.fileId] }),
    uniqueIndex('product_images_file_unique').on(t.fileId),
    index('product_images_order_idx').on(t.productId, t.position),
  ],
);

/**
 * One review per person and product (posting again replaces it). `helpful` is kept by the
 * `product_review_votes_count` trigger.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text().notNull(),
    helpful: integer().notNull().default(0),
    postedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_one_per_user').on(t.productId, t.userId),
    // Read backwards: newest first, most helpful first.
    index('product_reviews_newest_idx').on(t.productId, t.postedAt, t.id),
    index('product_reviews_helpful_idx').on(t.productId, t.helpful, t.postedAt, t.id),
    index('product_reviews_user_idx').on(t.userId),
    check('product_reviews_rating', sql`rating between 1 and 5`),
  ],
);

/** Who found a review helpful (once each). */
export const productReviewVotes = pgTable(
  'product_review_votes',
  {
    reviewId: uuid()
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('product_review_votes_user_idx').on(t.userId),
  ],
);
