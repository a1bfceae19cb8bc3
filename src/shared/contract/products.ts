/**
 * The catalog and its reviews (issue #13): `/api/products/*`. The spec's two calls keep their paths and
 * fields (`GET /api/products` → `{ products }`, `GET /api/products/product?name=` → `{ product }`); the
 * filters, paging, suggestions, administration, images and reviews are ours (ADR 025).
 *
 * **Money is integer cents** in every request and answer (`price`, `priceSale`, `priceMin`, `priceMax`), in
 * the one currency of the instance (`CURRENCY`, default USD, read from `GET /api/config`); the client
 * formats it per language. `price` is what a customer pays; `priceSale` is the price before the sale, shown
 * struck through next to it (null when the product is not on sale), as the template's shop shows them.
 */
import { z } from 'zod';

import { versionField } from './common.ts';
import { fileSchema } from './files.ts';
import { listPageSchema, listParam, orderField, pageFields, pageInfoFields, searchField } from './list.ts';
import {
  DEFAULT_NEW_LABEL,
  DEFAULT_SALE_LABEL,
  inventoryTypes,
  PRODUCT_CODE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_LABEL_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_QUANTITY_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_SLUG_MAX,
  PRODUCT_SUB_DESCRIPTION_MAX,
  PRODUCT_TAG_MAX,
  PRODUCT_TAGS_MAX,
  PRODUCT_TAXES_MAX,
  productAdminSortKeys,
  productCategories,
  productCategoryGroups,
  productColors,
  productGenders,
  PRODUCTS_ADMIN_PAGE_SIZE,
  PRODUCTS_BULK_DELETE_MAX,
  PRODUCTS_PAGE_SIZE,
  PRODUCTS_PAGE_SIZE_MAX,
  productSizes,
  productSorts,
  publishStates,
  ratingFilters,
  REVIEW_COMMENT_MAX,
  reviewSorts,
  REVIEWS_PAGE_SIZE,
  REVIEWS_PAGE_SIZE_MAX,
} from './products-limits.ts';

export * from './products-limits.ts';

const isoTime = z.iso.datetime({ offset: true });

// ── answers ─────────────────────────────────────────────────────────────────────────────────────────────

/** The "new" and "sale" badges: shown when `enabled`, with their text. */
export const productLabelSchema = z.object({ enabled: z.boolean(), content: z.string() });
export type ProductLabel = z.infer<typeof productLabelSchema>;

/** How many reviews gave each number of stars: `1 Star` … `5 Star`, in that order. */
export const productRatingSchema = z.object({
  /** `1 Star` … `5 Star`. */
  name: z.string(),
  /** Reviews with this many stars (the bar's share). */
  starCount: z.number().int(),
  /** The same count: every review has a comment (the figure shown next to the bar). */
  reviewCount: z.number().int(),
});
export type ProductRating = z.infer<typeof productRatingSchema>;

/** A product as the shop's grid and the administrators' list show it. */
export const productCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The product's URL name (`GET /product?name=` also finds it by this). */
  slug: z.string(),
  /** The first image, a public picture; null without images. */
  coverUrl: z.string().nullable(),
  /** What a customer pays, in cents. */
  price: z.number().int(),
  /** The price before the sale, in cents, shown struck through; null when not on sale. */
  priceSale: z.number().int().nullable(),
  colors: z.array(z.string()),
  category: z.string(),
  /** Derived from `quantity`: 0 → `out of stock`, up to 10 → `low stock`, else `in stock`. */
  inventoryType: z.enum(inventoryTypes),
  /** Units in stock. */
  quantity: z.number().int(),
  /** The same as `quantity` (the template's name for what can be bought). */
  available: z.number().int(),
  newLabel: productLabelSchema,
  saleLabel: productLabelSchema,
  /** The average rating (0 to 5, one decimal); 0 without reviews. */
  totalRatings: z.number(),
  /** The number of reviews. */
  totalReviews: z.number().int(),
  publish: z.enum(publishStates),
  createdAt: isoTime,
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** A product with everything the product page and the edit form show (reviews: `GET /:id/reviews`). */
export const productSchema = productCardSchema.extend({
  sku: z.string(),
  code: z.string(),
  /** Sanitised HTML (rich text): render it as it is. */
  description: z.string(),
  subDescription: z.string(),
  /** A percentage (two decimals at most). */
  taxes: z.number(),
  gender: z.array(z.enum(productGenders)),
  sizes: z.array(z.string()),
  tags: z.array(z.string()),
  /** The images' URLs in order (the first is the cover). */
  images: z.array(z.string()),
  /** The same images as files (ids for reordering and removing them). */
  imageFiles: z.array(fileSchema),
  totalSold: z.number().int(),
  /**
   * At most this many units per customer, counted over their orders that are not cancelled or refunded;
   * null: no maximum (ADR 032).
   */
  maxPerCustomer: z.number().int().nullable(),
  ratings: z.array(productRatingSchema),
  /** Raised by every change of the fields above and of the stock (not by reviews or images): ADR 017. */
  version: z.number().int(),
  updatedAt: isoTime,
});
export type Product = z.infer<typeof productSchema>;

/**
 * `GET /api/products` and `GET /api/products/admin`: `{ products, total, totalCapped, page, pageSize,
 * hasNextPage }`. `total` is exact up to the cap (1,000); a broader filter answers 1,000 with
 * `totalCapped: true` ("1,000+"), and `hasNextPage` says whether another page follows either way.
 */
export const productPageResponse = listPageSchema('products', productCardSchema).extend({
  totalCapped: z.boolean(),
});
export type ProductPage = z.infer<typeof productPageResponse>;

export const productResponse = z.object({ product: productSchema });
export type ProductResponse = z.infer<typeof productResponse>;

export const productSuggestionSchema = z.object({
  name: z.string(),
  coverUrl: z.string().nullable(),
  price: z.number().int(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;
/** At most PRODUCT_SUGGESTIONS_MAX, best-selling first. */
export const productSuggestionsResponse = z.object({ results: z.array(productSuggestionSchema) });

export const bulkDeleteProductsResponse = z.object({ deleted: z.number().int() });

export const reviewSchema = z.object({
  id: z.uuid(),
  /** The author's display name and picture. */
  name: z.string(),
  avatarUrl: z.string().nullable(),
  rating: z.number().int(),
  /** Plain text. */
  comment: z.string(),
  /** When it was posted or last edited. */
  postedAt: isoTime,
  /** Verified purchase: the author has a completed order with this product. */
  isPurchased: z.boolean(),
  /** How many people found it helpful. */
  helpful: z.number().int(),
  /** Whether the caller marked it helpful. */
  markedHelpful: z.boolean(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `GET /api/products/:id/reviews`: a page of reviews, the per-star counts and the caller's own review. */
export const reviewPageResponse = z.object({
  reviews: z.array(reviewSchema),
  ...pageInfoFields,
  /** `1 Star` … `5 Star`. */
  ratings: z.array(productRatingSchema),
  totalRatings: z.number(),
  totalReviews: z.number().int(),
  /** The caller's review of this product (to edit it), wherever it is in the list; null when none. */
  mine: reviewSchema.nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageResponse>;

/** After a review is posted or removed: the review and the product's figures as they are now. */
export const reviewResponse = z.object({
  review: reviewSchema,
  totalRatings: z.number(),
  totalReviews: z.number().int(),
  ratings: z.array(productRatingSchema),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

export const reviewRemovedResponse = reviewResponse.omit({ review: true });

export const helpfulResponse = z.object({ helpful: z.number().int(), markedHelpful: z.boolean() });

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────

const productId = z.uuid({ error: 'validation.productIdInvalid' });

/** Upper-case hex from the palette ('#ff4842' and 'FF4842' are accepted as '#FF4842'). */
export const colorField = z
  .string({ error: 'validation.colorInvalid' })
  .transform((value) => (value.startsWith('#') ? value : `#${value}`).toUpperCase())
  .pipe(z.enum(productColors, { error: 'validation.colorInvalid' }));

/** Kept once each, in the order given. */
const unique = <T>(items: T[]) => [...new Set(items)];

const cents = z
  .number({ error: 'validation.priceInvalid' })
  .int('validation.priceInvalid')
  .min(0, 'validation.priceInvalid')
  .max(PRODUCT_PRICE_MAX, 'validation.priceInvalid');

const labelInput = (fallback: string) =>
  z.strictObject(
    {
      enabled: z.boolean({ error: 'validation.productLabelInvalid' }),
      content: z
        .string({ error: 'validation.productLabelInvalid' })
        .trim()
        .max(PRODUCT_LABEL_MAX, 'validation.productLabelInvalid')
        .default(fallback),
    },
    { error: 'validation.productLabelInvalid' },
  );

/** A URL name: lower-case letters and digits in words joined by hyphens. */
export const slugField = z
  .string({ error: 'validation.slugInvalid' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.slugInvalid')
  .max(PRODUCT_SLUG_MAX, 'validation.slugInvalid')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.slugInvalid');

const productFields = {
  name: z
    .string({ error: 'validation.productNameRequired' })
    .trim()
    .min(1, 'validation.productNameRequired')
    .max(PRODUCT_NAME_MAX, 'validation.fieldTooLong'),
  slug: slugField,
  sku: z
    .string({ error: 'validation.skuRequired' })
    .trim()
    .min(1, 'validation.skuRequired')
    .max(PRODUCT_SKU_MAX, 'validation.fieldTooLong'),
  code: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(PRODUCT_CODE_MAX, 'validation.fieldTooLong'),
  /** HTML from the editor; sanitised by the server before it is stored. */
  description: z
    .string({ error: 'validation.fieldTooLong' })
    .max(PRODUCT_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  subDescription: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(PRODUCT_SUB_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  /** What a customer pays, in cents. */
  price: cents,
  /** The price before the sale, in cents (higher than `price`); null when not on sale. */
  priceSale: cents.nullable(),
  /** A percentage from 0 to 100 with at most two decimals. */
  taxes: z
    .number({ error: 'validation.taxesInvalid' })
    .min(0, 'validation.taxesInvalid')
    .max(PRODUCT_TAXES_MAX, 'validation.taxesInvalid')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'validation.taxesInvalid'),
  category: z.enum(productCategories, { error: 'validation.categoryInvalid' }),
  /** Men, Women, Kids: at least one. */
  gender: z
    .array(z.enum(productGenders, { error: 'validation.genderRequired' }), {
      error: 'validation.genderRequired',
    })
    .min(1, 'validation.genderRequired')
    .max(productGenders.length, 'validation.genderRequired')
    .transform(unique),
  /** From the palette: at least one. */
  colors: z
    .array(colorField, { error: 'validation.colorsRequired' })
    .min(1, 'validation.colorsRequired')
    .max(productColors.length, 'validation.colorInvalid')
    .transform(unique),
  /** From the size list (none for a product without sizes); kept in the list's order. */
  sizes: z
    .array(z.enum(productSizes, { error: 'validation.sizeInvalid' }), { error: 'validation.sizeInvalid' })
    .max(productSizes.length, 'validation.sizeInvalid')
    .transform((sizes) => productSizes.filter((s) => sizes.includes(s))),
  tags: z
    .array(
      z
        .string({ error: 'validation.tagInvalid' })
        .trim()
        .min(1, 'validation.tagInvalid')
        .max(PRODUCT_TAG_MAX, 'validation.tagInvalid'),
      { error: 'validation.tagInvalid' },
    )
    .max(PRODUCT_TAGS_MAX, 'validation.tooManyTags')
    .transform(unique),
  /** Units in stock. */
  quantity: z
    .number({ error: 'validation.quantityInvalid' })
    .int('validation.quantityInvalid')
    .min(0, 'validation.quantityInvalid')
    .max(PRODUCT_QUANTITY_MAX, 'validation.quantityInvalid'),
  /** At most this many units per customer over their orders (not cancelled or refunded); null: no maximum. */
  maxPerCustomer: z
    .number({ error: 'validation.maxPerCustomerInvalid' })
    .int('validation.maxPerCustomerInvalid')
    .min(1, 'validation.maxPerCustomerInvalid')
    .max(PRODUCT_QUANTITY_MAX, 'validation.maxPerCustomerInvalid')
    .nullable(),
  publish: z.enum(publishStates, { error: 'validation.publishInvalid' }),
  newLabel: labelInput(DEFAULT_NEW_LABEL),
  saleLabel: labelInput(DEFAULT_SALE_LABEL),
};

/** `priceSale`, when given, is above `price` (it is the price before the sale). */
export const saleAbovePrice = (price: number, priceSale: number | null) =>
  priceSale === null || priceSale > price;

export const createProductInput = z
  .strictObject({
    name: productFields.name,
    /** Made from the name when absent. */
    slug: productFields.slug.optional(),
    sku: productFields.sku,
    code: productFields.code.default(''),
    description: productFields.description.default(''),
    subDescription: productFields.subDescription.default(''),
    price: productFields.price,
    priceSale: productFields.priceSale.default(null),
    taxes: productFields.taxes.default(0),
    category: productFields.category,
    gender: productFields.gender,
    colors: productFields.colors,
    sizes: productFields.sizes.default([]),
    tags: productFields.tags.default([]),
    quantity: productFields.quantity.default(0),
    maxPerCustomer: productFields.maxPerCustomer.default(null),
    publish: productFields.publish.default('draft'),
    newLabel: productFields.newLabel.default({ enabled: false, content: DEFAULT_NEW_LABEL }),
    saleLabel: productFields.saleLabel.default({ enabled: false, content: DEFAULT_SALE_LABEL }),
  })
  .refine((p) => saleAbovePrice(p.price, p.priceSale), {
    message: 'validation.priceSaleNotAbove',
    path: ['priceSale'],
  });
export type CreateProductInput = z.input<typeof createProductInput>;

/** Only the fields sent change; `version` is the one the edit was based on (409 `STALE` when older). */
export const updateProductInput = z
  .strictObject({ ...productFields, version: versionField.optional() })
  .partial()
  .refine((p) => p.price === undefined || p.priceSale === undefined || saleAbovePrice(p.price, p.priceSale), {
    message: 'validation.priceSaleNotAbove',
    path: ['priceSale'],
  });
export type UpdateProductInput = z.input<typeof updateProductInput>;

export const productIdParams = z.object({ id: productId });

const centsParam = z.coerce
  .number({ error: 'validation.priceInvalid' })
  .int('validation.priceInvalid')
  .min(0, 'validation.priceInvalid')
  .max(PRODUCT_PRICE_MAX, 'validation.priceInvalid')
  .optional();

/** A sub-category, or a group standing for all of its sub-categories. */
const categoryParam = z.enum([...productCategoryGroups, ...productCategories], {
  error: 'validation.categoryInvalid',
});

/**
 * `GET /api/products`: the shop. Published products only, unless an administrator asks for `publish=all`
 * or `draft`. `search` matches word prefixes of the name, SKU, code and tags ("lea jack" finds "Leather
 * jacket"); the other filters combine with AND, the values of one filter with OR.
 */
export const listProductsQuery = z
  .object({
    ...pageFields(PRODUCTS_PAGE_SIZE, PRODUCTS_PAGE_SIZE_MAX),
    search: searchField(),
    gender: listParam(
      z.enum(productGenders, { error: 'validation.genderInvalid' }),
      3,
      'validation.genderInvalid',
    ),
    category: listParam(categoryParam, productCategories.length + 3, 'validation.categoryInvalid'),
    colors: listParam(colorField, productColors.length, 'validation.colorInvalid'),
    /** Cents, inclusive. */
    priceMin: centsParam,
    priceMax: centsParam,
    rating: z.enum(ratingFilters, { error: 'validation.ratingFilterInvalid' }).optional(),
    sort: z.enum(productSorts, { error: 'validation.productSortInvalid' }).default('featured'),
    /** Administrators only (403 for anyone else): `all` or `draft`. */
    publish: z
      .enum(['published', 'draft', 'all'], { error: 'validation.publishInvalid' })
      .default('published'),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: 'validation.priceRangeInvalid',
    path: ['priceMax'],
  });
export type ListProductsQuery = z.input<typeof listProductsQuery>;

/**
 * `GET /api/products/admin`: every product, sorted and filtered by the administrators' grid. `search` as
 * in the shop; `stock` and `publish` take several values.
 */
export const adminProductsQuery = z.object({
  ...pageFields(PRODUCTS_ADMIN_PAGE_SIZE, PRODUCTS_PAGE_SIZE_MAX),
  search: searchField(),
  sort: z.enum(productAdminSortKeys, { error: 'validation.productAdminSortInvalid' }).default('createdAt'),
  order: orderField('desc'),
  stock: listParam(
    z.enum(inventoryTypes, { error: 'validation.stockInvalid' }),
    3,
    'validation.stockInvalid',
  ),
  publish: listParam(
    z.enum(publishStates, { error: 'validation.publishInvalid' }),
    2,
    'validation.publishInvalid',
  ),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuery>;

/** `GET /api/products/product?name=`: the exact name (any letter case) or the URL name (slug). */
export const productByNameQuery = z.object({
  name: z
    .string({ error: 'validation.productNameRequired' })
    .trim()
    .min(1, 'validation.productNameRequired')
    .max(PRODUCT_NAME_MAX + PRODUCT_SLUG_MAX, 'validation.productNameRequired'),
});

/** `GET /api/products/search?q=`: suggestions while typing (an empty `q` has none). */
export const productSuggestionsQuery = z.object({ q: searchField() });

export const bulkDeleteProductsInput = z.strictObject({
  ids: z
    .array(productId, { error: 'validation.productIdsRequired' })
    .min(1, 'validation.productIdsRequired')
    .max(PRODUCTS_BULK_DELETE_MAX, 'validation.productIdsRequired'),
});
export type BulkDeleteProductsInput = z.input<typeof bulkDeleteProductsInput>;

/** `PUT /:id/images`: the product's images in their new order; those left out are removed. */
export const productImagesInput = z.strictObject({
  fileIds: z
    .array(z.uuid({ error: 'validation.imageIdsInvalid' }), { error: 'validation.imageIdsInvalid' })
    .max(PRODUCT_IMAGES_MAX, 'validation.imageIdsInvalid')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.imageIdsInvalid'),
});
export type ProductImagesInput = z.input<typeof productImagesInput>;

export const reviewsQuery = z.object({
  ...pageFields(REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE_MAX),
  sort: z.enum(reviewSorts, { error: 'validation.reviewSortInvalid' }).default('newest'),
});
export type ReviewsQuery = z.input<typeof reviewsQuery>;

/** One review per person and product: posting again replaces the earlier one. */
export const reviewInput = z.strictObject({
  rating: z
    .number({ error: 'validation.ratingRequired' })
    .int('validation.ratingRequired')
    .min(1, 'validation.ratingRequired')
    .max(5, 'validation.ratingRequired'),
  /** Plain text. */
  comment: z
    .string({ error: 'validation.reviewRequired' })
    .trim()
    .min(1, 'validation.reviewRequired')
    .max(REVIEW_COMMENT_MAX, 'validation.reviewTooLong'),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const reviewParams = z.object({
  id: productId,
  reviewId: z.uuid({ error: 'validation.reviewIdInvalid' }),
});
