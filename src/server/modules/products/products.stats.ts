/** Catalog figures for the overview dashboards (ADR 036): read-only. */
import { desc, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { StatsScope } from '../../lib/date-range.ts';

export interface TopProduct {
  id: string;
  name: string;
  slug: string;
  /** Cents. */
  price: number;
  /** Units sold since the product was listed (kept by the orders' stock updates). */
  totalSold: number;
  ratingAvg: number;
  totalReviews: number;
}

/** The catalog is public: everyone sees the published products, administrators drafts too. */
const visibleTo = (scope: StatsScope) => (scope.isAdmin ? undefined : eq(products.publish, 'published'));

/**
 * The best-selling products (units sold since they were listed; `products_sold_idx` read backwards). The
 * catalog is public, so everyone sees the published ones; administrators see drafts too.
 */
export async function topProducts(db: Db, scope: StatsScope, limit = 5): Promise<TopProduct[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      price: products.price,
      totalSold: products.totalSold,
      ratingAvg: products.ratingAvg,
      totalReviews: products.totalReviews,
    })
    .from(products)
    .where(visibleTo(scope))
    .orderBy(desc(products.totalSold), desc(products.id))
    .limit(limit);
}

export interface LatestProduct {
  id: string;
  name: string;
  slug: string;
  /** Cents; `priceSale` is the price before the sale, when there is one. */
  price: number;
  priceSale: number | null;
  createdAt: Date;
}

/**
 * The newest products (the e-commerce overview's carousel and list): published ones for everyone, drafts
 * too for administrators, newest first (`products_publish_idx`, `products_created_idx` read backwards).
 */
export async function latestProducts(db: Db, scope: StatsScope, limit = 5): Promise<LatestProduct[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      price: products.price,
      priceSale: products.priceSale,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(visibleTo(scope))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}
