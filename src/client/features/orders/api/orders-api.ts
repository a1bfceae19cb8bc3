import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { OrderStatus } from '#shared/contract/orders-limits.ts';
import type { Order } from '#shared/contract/orders.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

export const ordersKeys = {
  all: ['orders'] as const,
  /** A list's key prefix (`orders-list.ts`): every order, or the caller's own. */
  lists: (scope: 'all' | 'mine') => ['orders', 'list', scope] as const,
  order: (id: string) => ['orders', 'order', id] as const,
};

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
