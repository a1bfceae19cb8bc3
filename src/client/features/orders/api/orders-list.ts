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

/**
 * A bound of the date range: a day as a date field gives it (`2026-03-01`, read in UTC by the API), or an
 * instant with its offset (`2026-03-01T00:00:00+09:00`), how the overview dashboards link to a period of
 * the viewer's own days (`startDate` from that instant, `endDate` before it).
 */
export const DATE_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The day a date field shows for a bound of the address: a day as it is; an instant as its day in its own
 * offset, and an end instant at midnight (the first moment it excludes) as the day before, the last day it
 * includes.
 */
export function dayOfBound(bound: 'startDate' | 'endDate', value: string | undefined): string | undefined {
  if (value === undefined || value.length === 10) return value;
  const day = value.slice(0, 10);
  const atMidnight = /^T00:00:00(\.0{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value.slice(10));
  if (bound === 'startDate' || !atMidnight) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

const STATUS = orderStatuses.join('|');
/** One status or several, comma-separated (`paid,completed`): what the overview's links drill into. */
const STATUSES = new RegExp(`^(${STATUS})(,(${STATUS})){0,${orderStatuses.length - 1}}$`);
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The order list's address: `?status=paid,completed&customer=<user id>&startDate=2026-03-01&search=1042&
 * sort=total&order=asc&page=2` (`customer`: administrators only).
 */
const ordersConfig = {
  pageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
  sortKeys: orderSortKeys,
  filters: { status: STATUSES, customer: USER_ID, startDate: DATE_BOUND, endDate: DATE_BOUND },
  searchMax: 100,
} satisfies ListStateConfig;

/** The statuses an address's `status` names, in the tabs' order, each once (none: every order). */
export const statusesOf = (status: string | undefined): OrderStatus[] => {
  const named = status?.split(',') ?? [];
  return orderStatuses.filter((s) => named.includes(s));
};

const orderFilters = (f: Partial<Record<'status' | 'customer' | 'startDate' | 'endDate', string>>) => ({
  statuses: statusesOf(f.status),
  customer: f.customer?.toLowerCase(),
  startDate: f.startDate,
  endDate: f.endDate,
});

type OrderFilters = ReturnType<typeof orderFilters>;

/** The API takes the statuses as one comma-separated `status` (`all` for none). */
const orderQuery = ({ statuses, customer, startDate, endDate }: OrderFilters) => ({
  status: statuses.length ? statuses.join(',') : 'all',
  customer,
  startDate,
  endDate,
});

/** `GET /api/orders/admin`: every order (administrators). */
export const ordersAdminList = listResource<AdminOrderPage>()({
  key: ordersKeys.lists('all'),
  path: '/orders/admin',
  config: ordersConfig,
  filters: orderFilters,
  query: orderQuery,
  mayList: (auth) => auth.user?.role === 'admin',
});

/**
 * `GET /api/orders`: the caller's own orders (the same query and answer as the administrators' list, but
 * no `customer`: they are all the caller's).
 */
export const myOrdersList = listResource<AdminOrderPage>()({
  key: ordersKeys.lists('mine'),
  path: '/orders',
  config: ordersConfig,
  filters: orderFilters,
  query: (params) => ({ ...orderQuery(params), customer: undefined }),
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
