import { useMutation, useQueryClient } from '@tanstack/react-query';

import type {
  CreateDiscountInput,
  Discount,
  DiscountPage,
  UpdateDiscountInput,
} from '#shared/contract/orders.ts';

import { apiClient } from '../../../lib/api-client.ts';

export const discountsKeys = {
  all: ['discounts'] as const,
  /** The list's key prefix (`orders-list.ts`). */
  lists: () => ['discounts', 'list'] as const,
};

export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; patch: UpdateDiscountInput } | { create: CreateDiscountInput }) =>
      'create' in input
        ? apiClient.post<{ discount: Discount }>('/discounts', input.create)
        : apiClient.patch<{ discount: Discount }>(`/discounts/${input.id}`, input.patch),
    // The saved code shows at once in every cached page (the refetch that follows confirms it).
    onSuccess: ({ discount }) =>
      queryClient.setQueriesData<DiscountPage>(
        { queryKey: discountsKeys.all },
        (page) =>
          page && { ...page, discounts: page.discounts.map((d) => (d.id === discount.id ? discount : d)) },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountsKeys.all }),
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/discounts/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountsKeys.all }),
  });
}
