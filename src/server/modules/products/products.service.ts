import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import {
  inventoryTypeOf,
  PRODUCT_SLUG_MAX,
  type Product,
  type ProductCard,
  type ProductRating,
  type Review,
} from '#shared/contract/products.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { activeAdminIds } from '../../lib/admins.ts';
import { notFound } from '../../lib/http-error.ts';
import { publicUploadUrl, type FileRow } from '../files/files.service.ts';
import { findProductById, imagesOf, type CardRow, type ProductRow, type ReviewRow } from './products.repo.ts';

// The products module's surface (ADR 035): product covers, as orders show them.
export { coversOf } from './products.repo.ts';

export const productNotFound = () => notFound('Product not found');

/** The product with its images, as the API answers it (the shop's and the administrators' routes). */
export async function productAnswer(app: FastifyInstance, row: ProductRow): Promise<Product> {
  return toProduct(row, await imagesOf(app.db, row.id), (file) => app.files.toFile(file));
}

/** The product as it is now; 404 when it is gone. */
export async function currentProduct(app: FastifyInstance, id: string): Promise<Product> {
  const row = await findProductById(app.db, id);
  if (!row) throw productNotFound();
  return productAnswer(app, row);
}

/**
 * Tells open pages a product changed (`products.changed`, issue 26's live overview): everyone when it is (or
 * was) published, or was deleted (`product` null: it, or several, may have been), else the administrators.
 * A failed push is logged, never the request's failure.
 */
export async function announceProduct(
  app: FastifyInstance,
  productId: string | null,
  product: { publish: ProductRow['publish'] } | null,
  wasPublished = false,
): Promise<void> {
  try {
    const event = { type: 'products.changed' as const, productId };
    if (!product || product.publish === 'published' || wasPublished) await app.realtime.broadcast(event);
    else await app.realtime.publish(await activeAdminIds(app.db), event);
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push a product change');
  }
}

/** The average of `totalReviews` ratings summing to `ratingSum`, to one decimal; 0 without reviews. */
export const averageRating = (ratingSum: number, totalReviews: number) =>
  totalReviews > 0 ? Math.round((ratingSum / totalReviews) * 10) / 10 : 0;

/** `1 Star` … `5 Star` with how many reviews gave each. */
export const ratingsOf = (starCounts: readonly number[]): ProductRating[] =>
  [1, 2, 3, 4, 5].map((stars) => {
    const count = starCounts[stars - 1] ?? 0;
    return { name: `${stars} Star`, starCount: count, reviewCount: count };
  });

/** The figures a product page shows next to its reviews. */
export const reviewFiguresOf = (row: { ratingSum: number; totalReviews: number; starCounts: number[] }) => ({
  totalRatings: averageRating(row.ratingSum, row.totalReviews),
  totalReviews: row.totalReviews,
  ratings: ratingsOf(row.starCounts),
});

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    coverUrl: row.coverKey ? publicUploadUrl(row.coverKey) : null,
    price: row.price,
    priceSale: row.priceSale,
    colors: row.colors,
    category: row.category,
    inventoryType: inventoryTypeOf(row.quantity),
    quantity: row.quantity,
    available: row.quantity,
    newLabel: row.newLabel,
    saleLabel: row.saleLabel,
    totalRatings: averageRating(row.ratingSum, row.totalReviews),
    totalReviews: row.totalReviews,
    publish: row.publish,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The whole product, its images (files of the public `product` use) in order. */
export function toProduct(
  row: ProductRow,
  images: FileRow[],
  toFile: (file: FileRow) => StoredFile,
): Product {
  const imageFiles = images.map(toFile);
  return {
    ...toCard({ ...row, coverKey: images[0]?.storageKey ?? null }),
    sku: row.sku,
    code: row.code,
    description: row.description,
    subDescription: row.subDescription,
    taxes: row.taxes,
    gender: row.gender,
    sizes: row.sizes,
    tags: row.tags,
    images: imageFiles.map((f) => f.url),
    imageFiles,
    totalSold: row.totalSold,
    maxPerCustomer: row.maxPerCustomer,
    ratings: ratingsOf(row.starCounts),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toReview(row: ReviewRow, viewerId: string, buyers: ReadonlySet<string>): Review {
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatarUrl,
    rating: row.rating,
    comment: row.comment,
    postedAt: row.postedAt.toISOString(),
    isPurchased: buyers.has(row.userId),
    helpful: row.helpful,
    markedHelpful: row.markedHelpful,
    mine: row.userId === viewerId,
  };
}

/**
 * A URL name made from a product's name: lower-case ASCII letters and digits in words joined by hyphens
 * ("Men's Oxford Shirt" → "men-s-oxford-shirt"); a name with none of those (in another script) gets
 * `product-` and random hex digits.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, PRODUCT_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || `product-${randomBytes(4).toString('hex')}`;
}
