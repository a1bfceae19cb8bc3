import type { ProductPage } from '#shared/contract/products.ts';
import {
  inventoryTypes,
  productAdminSortKeys,
  productCategories,
  productCategoryGroups,
  productColors,
  productGenders,
  publishStates,
  ratingFilters,
  type ProductSort,
} from '#shared/contract/products-limits.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { productsKeys } from './products-api.ts';

/**
 * The administrators' product list (`/dashboard/e-commerce/list`): every product, drafts too. The address
 * holds `?stock=low stock&publish=draft&search=jeans&sort=price&order=asc&page=2`.
 */
export const productsAdminList = listResource<ProductPage>()({
  key: productsKeys.admin(),
  path: '/products/admin',
  config: {
    pageSizes: [5, 10, 25, 50],
    defaultPageSize: 10,
    sortKeys: productAdminSortKeys,
    filters: { stock: inventoryTypes, publish: publishStates },
    searchMax: 100,
  },
  filters: (f) => ({ stock: f.stock, publish: f.publish }),
  mayList: (auth) => auth.user?.role === 'admin',
});
export type ProductsAdminListParams = ListParamsOf<typeof productsAdminList>;
export const useAdminProducts = productsAdminList.useList;
export const productsAdminListLoader = productsAdminList.loader;

export const SHOP_PAGE_SIZE = 12;

/** One value of `values`, or several comma-joined (`Men,Women`). */
const oneOrMore = (values: readonly string[]) => {
  const one = values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return new RegExp(`^(${one})(,(${one})){0,${values.length - 1}}$`);
};
const split = (value: string | undefined) => (value ? value.split(',') : []);
const cents = (value: string | undefined) => (value === undefined ? null : Number(value));

/**
 * The shop (`/dashboard/e-commerce/shop`): published products, searched and filtered on the server, a page
 * of cards at a time. The address holds the filters, search and page
 * (`?search=jeans&gender=Men,Women&colors=%23000000&priceMin=1000&rating=up4Star&page=2`); the sort is the
 * saved product slice's (`lib/cart/cart-store.ts`, spec §4), added by the view:
 * `useShopProducts({ ...shopList.paramsOf(list), sort: sortBy })`.
 */
export const shopList = listResource<ProductPage>()({
  key: productsKeys.shop(),
  path: '/products',
  config: {
    pageSizes: [SHOP_PAGE_SIZE],
    defaultPageSize: SHOP_PAGE_SIZE,
    filters: {
      gender: oneOrMore(productGenders),
      category: [...productCategoryGroups, ...productCategories],
      colors: oneOrMore(productColors),
      priceMin: /^\d{1,9}$/,
      priceMax: /^\d{1,9}$/,
      rating: ratingFilters,
    },
    searchMax: 100,
  },
  filters: (f) => ({
    gender: split(f.gender),
    category: f.category ?? '',
    colors: split(f.colors),
    priceMin: cents(f.priceMin),
    priceMax: cents(f.priceMax),
    rating: f.rating ?? '',
    sort: undefined as ProductSort | undefined,
  }),
});
export type ShopParams = ListParamsOf<typeof shopList>;
export const useShopProducts = shopList.useList;
