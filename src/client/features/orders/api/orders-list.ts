import {
  DISCOUNTS_PAGE_SIZE,
  orderSortKeys,
  orderStatuses,
  type OrderStatus,
} from '#shared/contract/orders-limits.ts';
import type { AdminOrderPage, DiscountPage } from '#shared/contract/orders.ts';

import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import type { ListStateConfig } from '../../../lib/list-state.ts';
import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { discountsKeys } from './discounts-api.ts';
import { ordersKeys } from './orders-api.ts';

/** A day as a date field gives it (`2026-03-01`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The order list's address: `?status=paid&startDate=2026-03-01&search=1042&sort=total&order=asc&page=2`. */
const ordersConfig = {
  pageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
  sortKeys: orderSortKeys,
  filters: { status: orderStatuses, startDate: DAY, endDate: DAY },
  searchMax: 100,
} satisfies ListStateConfig;

const orderFilters = (f: Partial<Record<'status' | 'startDate' | 'endDate', string>>) => ({
  status: (f.status as OrderStatus | undefined) ?? ('all' as const),
  startDate: f.startDate,
  endDate: f.endDate,
});

/** `GET /api/orders/admin`: every order (administrators). */
export const ordersAdminList = listResource<AdminOrderPage>()({
  key: ordersKeys.lists('all'),
  path: '/orders/admin',
  config: ordersConfig,
  filters: orderFilters,
  mayList: (auth) => auth.user?.role === 'admin',
});

/** `GET /api/orders`: the caller's own orders (the same query and answer as the administrators' list). */
export const myOrdersList = listResource<AdminOrderPage>()({
  key: ordersKeys.lists('mine'),
  path: '/orders',
  config: ordersConfig,
  filters: orderFilters,
});
export type OrdersListParams = ListParamsOf<typeof ordersAdminList>;

/** `GET /api/discounts` (administrators): newest first, `search` matches the code. */
export const discountsList = listResource<DiscountPage>()({
  key: discountsKeys.lists(),
  path: '/discounts',
  config: {
    pageSizes: [10, DISCOUNTS_PAGE_SIZE, 50],
    defaultPageSize: DISCOUNTS_PAGE_SIZE,
    searchMax: 32,
  },
  mayList: (auth) => auth.user?.role === 'admin',
});
export const useDiscounts = discountsList.useList;
export const discountsListLoader = discountsList.loader;

/** The order list of the signed-in person: every order for administrators, their own for everyone else. */
export function useOrders(scope: 'all' | 'mine', params: OrdersListParams) {
  return (scope === 'all' ? ordersAdminList : myOrdersList).useList(params);
}

/** The order list's route loader: the list the signed-in person sees (`useOrders`' scope). */
export async function ordersListLoader(args: { request: Request }): Promise<null> {
  await authReady();
  const list = authStore.getState().user?.role === 'admin' ? ordersAdminList : myOrdersList;
  return list.loader(args);
}
