import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { OrderStatus, OrderSortKey } from '#shared/contract/orders-limits.ts';
import type { AdminOrderPage, Order, OrderStatusKey } from '#shared/contract/orders.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

export type OrdersParams = {
  /** Every order (administrators) or the caller's own. */
  scope: 'all' | 'mine';
  page: number;
  pageSize: number;
  status: OrderStatusKey;
  search: string;
  startDate?: string | undefined;
  endDate?: string | undefined;
  sort?: OrderSortKey | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export const ordersKeys = {
  all: ['orders'] as const,
  list: (params: OrdersParams) => ['orders', 'list', params] as const,
  order: (id: string) => ['orders', 'order', id] as const,
};

/** `GET /api/orders/admin` (every order) or `GET /api/orders` (the caller's): the same query and answer. */
export const getOrders = (params: OrdersParams, signal?: AbortSignal) =>
  apiClient.get<AdminOrderPage>(params.scope === 'all' ? '/orders/admin' : '/orders', {
    signal,
    query: {
      page: params.page,
      pageSize: params.pageSize,
      status: params.status,
      search: params.search || undefined,
      startDate: params.startDate,
      endDate: params.endDate,
      sort: params.sort,
      order: params.sort ? params.order : undefined,
    },
  });

export function useOrders(params: OrdersParams) {
  return useQuery({
    queryKey: ordersKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: ordersKeys.order(id),
    queryFn: ({ signal }) => apiClient.get<{ order: Order }>(`/orders/${id}`, { signal }),
    select: (data) => data.order,
    retry: false,
  });
}

export function useChangeOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: OrderStatus; note?: string; version: number }) =>
      apiClient.post<{ order: Order }>(`/orders/${id}/status`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

/** Orders change elsewhere (a new one, a status changed by another administrator): refetch. */
export function useOrdersLive() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
  useRealtimeEvent('orders.changed', refetch, refetch);
}
