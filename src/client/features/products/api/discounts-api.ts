import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  CreateDiscountInput,
  Discount,
  DiscountPage,
  UpdateDiscountInput,
} from '#shared/contract/orders.ts';

import { apiClient } from '../../../lib/api-client.ts';

export type DiscountsParams = { page: number; pageSize: number; search: string };

export const discountsKeys = {
  all: ['discounts'] as const,
  list: (params: DiscountsParams) => ['discounts', 'list', params] as const,
};

/** `GET /api/discounts` (administrators): newest first, `search` matches the code. */
export function useDiscounts(params: DiscountsParams) {
  return useQuery({
    queryKey: discountsKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<DiscountPage>('/discounts', {
        signal,
        query: { page: params.page, pageSize: params.pageSize, search: params.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

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
