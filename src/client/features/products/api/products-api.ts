import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  Product,
  ProductPage,
  ProductSuggestion,
  ReviewInput,
  ReviewPage,
  ReviewResponse,
} from '#shared/contract/products.ts';

import { apiClient } from '../../../lib/api-client.ts';

/** What the shop shows: the URL's filters, sort and page. */
export type ShopParams = {
  search: string;
  gender: string[];
  category: string;
  colors: string[];
  priceMin: number | null;
  priceMax: number | null;
  rating: string;
  sort: string;
  page: number;
};

export const productsKeys = {
  all: ['products'] as const,
  shop: (params: ShopParams) => ['products', 'shop', params] as const,
  suggestions: (q: string) => ['products', 'suggestions', q] as const,
  product: (name: string) => ['products', 'product', name] as const,
  reviews: (productId: string, page: number, sort: string) =>
    ['products', 'reviews', productId, page, sort] as const,
};

export const SHOP_PAGE_SIZE = 12;

export function useShopProducts(params: ShopParams) {
  return useQuery({
    queryKey: productsKeys.shop(params),
    queryFn: ({ signal }) =>
      apiClient.get<ProductPage>('/products', {
        signal,
        query: {
          page: params.page,
          pageSize: SHOP_PAGE_SIZE,
          search: params.search || undefined,
          gender: params.gender.join(',') || undefined,
          category: params.category || undefined,
          colors: params.colors.join(',') || undefined,
          priceMin: params.priceMin ?? undefined,
          priceMax: params.priceMax ?? undefined,
          rating: params.rating || undefined,
          sort: params.sort,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProductSuggestions(q: string) {
  return useQuery({
    queryKey: productsKeys.suggestions(q),
    queryFn: ({ signal }) =>
      apiClient.get<{ results: ProductSuggestion[] }>('/products/search', { signal, query: { q } }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The spec's `GET /api/products/product?name=`: by name or URL name; 404 when there is none. */
export function useProduct(name: string) {
  return useQuery({
    queryKey: productsKeys.product(name),
    queryFn: ({ signal }) =>
      apiClient.get<{ product: Product }>('/products/product', { signal, query: { name } }),
    select: (data) => data.product,
    retry: false,
  });
}

export function useReviews(productId: string, page: number, sort: string) {
  return useQuery({
    queryKey: productsKeys.reviews(productId, page, sort),
    queryFn: ({ signal }) =>
      apiClient.get<ReviewPage>(`/products/${productId}/reviews`, { signal, query: { page, sort } }),
    placeholderData: keepPreviousData,
  });
}

/** Posting a review (a second one replaces the first); the product's figures refetch. */
export function usePostReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      apiClient.post<ReviewResponse>(`/products/${productId}/reviews`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}

/** Cents in the shop's currency (the money block). */
export { useMoney } from '../../../lib/use-money.ts';
