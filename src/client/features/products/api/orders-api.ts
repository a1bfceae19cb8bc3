import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { OrderStatus, OrderSortKey } from '#shared/contract/orders-limits.ts';
import type { AdminOrderPage, Order, OrderStatusKey } from '#shared/contract/orders.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

export type AdminOrdersParams = {
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
  admin: (params: AdminOrdersParams) => ['orders', 'admin', params] as const,
  order: (id: string) => ['orders', 'order', id] as const,
};

export const getAdminOrders = (params: AdminOrdersParams, signal?: AbortSignal) =>
  apiClient.get<AdminOrderPage>('/orders/admin', {
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

export function useAdminOrders(params: AdminOrdersParams) {
  return useQuery({
    queryKey: ordersKeys.admin(params),
    queryFn: ({ signal }) => getAdminOrders(params, signal),
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
