import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  Address,
  AppliedDiscount,
  CreateAddressInput,
  CreateOrderInput,
  Order,
  OrderQuote,
  OrderQuoteInput,
  PaymentMethodInfo,
  UpdateAddressInput,
} from '#shared/contract/orders.ts';

import { apiClient } from '../../../lib/api-client.ts';

export const checkoutKeys = {
  addresses: ['addresses'] as const,
  paymentMethods: ['orders', 'payment-methods'] as const,
  quote: (input: OrderQuoteInput) => ['orders', 'quote', input] as const,
};

export function useAddresses() {
  return useQuery({
    queryKey: checkoutKeys.addresses,
    queryFn: ({ signal }) => apiClient.get<{ addresses: Address[] }>('/addresses', { signal }),
    select: (data) => data.addresses,
  });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAddressInput) => apiClient.post<{ address: Address }>('/addresses', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.addresses }),
  });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateAddressInput & { id: string }) =>
      apiClient.patch<{ address: Address }>(`/addresses/${id}`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.addresses }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(`/addresses/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.addresses }),
  });
}

export function checkDiscount(code: string, subtotal: number) {
  return apiClient.post<{ discount: AppliedDiscount }>('/discounts/check', { code, subtotal });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: checkoutKeys.paymentMethods,
    queryFn: ({ signal }) =>
      apiClient.get<{ methods: PaymentMethodInfo[] }>('/orders/payment-methods', { signal }),
    select: (data) => data.methods,
    staleTime: 5 * 60_000,
  });
}

/** What the order will cost as the server prices it (taxes included); nothing is taken or stored. */
export function useQuote(input: OrderQuoteInput | null) {
  return useQuery({
    queryKey: checkoutKeys.quote(input ?? { items: [] }),
    queryFn: ({ signal }) => apiClient.post<{ quote: OrderQuote }>('/orders/quote', input, { signal }),
    select: (data) => data.quote,
    enabled: input !== null && input.items.length > 0,
    retry: false,
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) => apiClient.post<{ order: Order }>('/orders', input),
    // Stock and sales changed: every products query refetches (keys start with the domain, STYLE §3; the
    // orders feature does not import the products feature's keys).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
