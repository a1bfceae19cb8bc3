/**
 * The catalog's limits and fixed lists (issue #13), without zod: the shop and product pages import these
 * (filters, pickers, the category tree), and zod stays out of their first load (the contract, products.ts,
 * re-exports them and builds the schemas).
 *
 * Money is integer cents everywhere in the API (`price`, `priceSale`, `priceMin`, `priceMax`), in the one
 * currency the instance is set to (`CURRENCY`, default USD, `GET /api/config`); the client formats it.
 */
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_SLUG_MAX = 140;
export const PRODUCT_SKU_MAX = 64;
export const PRODUCT_CODE_MAX = 64;
/** HTML as the editor sends it, before sanitising. */
export const PRODUCT_DESCRIPTION_MAX = 20_000;
export const PRODUCT_SUB_DESCRIPTION_MAX = 500;
export const PRODUCT_TAGS_MAX = 20;
export const PRODUCT_TAG_MAX = 40;
/** The text of the "new" and "sale" labels. */
export const PRODUCT_LABEL_MAX = 20;
export const PRODUCT_IMAGES_MAX = 10;
/** The highest price, in cents (1,000,000.00 of the currency). */
export const PRODUCT_PRICE_MAX = 100_000_000;
export const PRODUCT_QUANTITY_MAX = 1_000_000;
/** Taxes are a percentage with at most two decimals. */
export const PRODUCT_TAXES_MAX = 100;
/** At most this many in stock (and more than none) is `low stock`. */
export const LOW_STOCK_MAX = 10;

export const PRODUCTS_PAGE_SIZE = 24;
export const PRODUCTS_PAGE_SIZE_MAX = 100;
export const PRODUCTS_ADMIN_PAGE_SIZE = 10;
export const PRODUCTS_BULK_DELETE_MAX = 100;
/** `GET /api/products/search`: suggestions answered at most. */
export const PRODUCT_SUGGESTIONS_MAX = 8;

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEWS_PAGE_SIZE_MAX = 50;

/** The category tree (the template's): a product has one sub-category; a filter may name a group. */
export const productCategoryTree = [
  { group: 'Clothing', classify: ['Shirts', 'T-shirts', 'Jeans', 'Leather'] },
  { group: 'Tailored', classify: ['Suits', 'Blazers', 'Trousers', 'Waistcoats'] },
  { group: 'Accessories', classify: ['Shoes', 'Backpacks and bags', 'Bracelets', 'Face masks'] },
] as const;

export type ProductCategoryGroup = (typeof productCategoryTree)[number]['group'];
export type ProductCategory = (typeof productCategoryTree)[number]['classify'][number];

/** The groups, in the tree's order. */
export const productCategoryGroups = productCategoryTree.map((g) => g.group) as unknown as readonly [
  ProductCategoryGroup,
  ...ProductCategoryGroup[],
];
/** Every sub-category, in the tree's order: what a product's `category` is. */
export const productCategories = productCategoryTree.flatMap((g) => g.classify) as unknown as readonly [
  ProductCategory,
  ...ProductCategory[],
];

/** The sub-categories a filter value stands for: a group's, or the sub-category itself. */
export function categoriesOf(value: string): ProductCategory[] {
  const group = productCategoryTree.find((g) => g.group === value);
  if (group) return [...group.classify];
  return (productCategories as readonly string[]).includes(value) ? [value as ProductCategory] : [];
}

/** Who a product is for; a product may be for several. */
export const productGenders = ['Men', 'Women', 'Kids'] as const;
export type ProductGender = (typeof productGenders)[number];

/** The colour palette (the template's), as upper-case hex; products take their colours from it. */
export const productColors = [
  '#FF4842',
  '#1890FF',
  '#FFC0CB',
  '#00AB55',
  '#FFC107',
  '#7F00FF',
  '#000000',
  '#FFFFFF',
] as const;
export type ProductColor = (typeof productColors)[number];

/** English names of the palette's colours (accessible names, demo data); the client translates its own. */
export const productColorNames: Record<ProductColor, string> = {
  '#FF4842': 'Red',
  '#1890FF': 'Blue',
  '#FFC0CB': 'Pink',
  '#00AB55': 'Green',
  '#FFC107': 'Yellow',
  '#7F00FF': 'Violet',
  '#000000': 'Black',
  '#FFFFFF': 'White',
};

/**
 * Sizes, in the order a picker shows them: letter sizes for clothing and tailoring, the template's shoe
 * sizes (6 to 13) for shoes. A product without sizes (a bracelet, a bag) has none.
 */
export const productSizes = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '6',
  '7',
  '8',
  '8.5',
  '9',
  '9.5',
  '10',
  '10.5',
  '11',
  '11.5',
  '12',
  '13',
] as const;
export type ProductSize = (typeof productSizes)[number];

export const publishStates = ['published', 'draft'] as const;
export type PublishState = (typeof publishStates)[number];

export const inventoryTypes = ['in stock', 'low stock', 'out of stock'] as const;
export type InventoryType = (typeof inventoryTypes)[number];

/** `out of stock` at 0, `low stock` up to LOW_STOCK_MAX, `in stock` above. */
export const inventoryTypeOf = (quantity: number): InventoryType =>
  quantity <= 0 ? 'out of stock' : quantity <= LOW_STOCK_MAX ? 'low stock' : 'in stock';

/** The shop's sorts: `featured` = best-selling first. */
export const productSorts = ['featured', 'newest', 'priceDesc', 'priceAsc'] as const;
export type ProductSort = (typeof productSorts)[number];

/** The shop's rating filter: an average of at least 4, 3, 2 or 1 stars ("4 stars & up"). */
export const ratingFilters = ['up4Star', 'up3Star', 'up2Star', 'up1Star'] as const;
export type RatingFilter = (typeof ratingFilters)[number];
export const RATING_FILTER_MIN: Record<RatingFilter, number> = {
  up4Star: 4,
  up3Star: 3,
  up2Star: 2,
  up1Star: 1,
};

/** The administrators' list sorts. */
export const productAdminSortKeys = ['name', 'createdAt', 'price', 'quantity', 'publish'] as const;
export type ProductAdminSortKey = (typeof productAdminSortKeys)[number];

/** Reviews: newest first, or the most helpful first. */
export const reviewSorts = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

export const DEFAULT_NEW_LABEL = 'NEW';
export const DEFAULT_SALE_LABEL = 'SALE';
