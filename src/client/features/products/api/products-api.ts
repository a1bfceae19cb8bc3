import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  CreateProductInput,
  Product,
  ProductSuggestion,
  ReviewInput,
  ReviewPage,
  ReviewResponse,
} from '#shared/contract/products.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { staleRecord } from '../../../lib/api-error.ts';

export const productsKeys = {
  all: ['products'] as const,
  /** The administrators' list (`products-list.ts`). */
  admin: () => ['products', 'admin'] as const,
  /** The shop's pages (`products-list.ts`). */
  shop: () => ['products', 'shop'] as const,
  suggestions: (q: string) => ['products', 'suggestions', q] as const,
  product: (name: string) => ['products', 'product', name] as const,
  reviews: (productId: string, page: number, sort: string) =>
    ['products', 'reviews', productId, page, sort] as const,
};

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

/** Deleting products (administrators), their pictures with them; every products query refetches. */
export function useDeleteProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiClient.post<{ deleted: number }>('/products/delete', { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}

/** A picture of the product form: one already stored (`fileId`) or a new file to upload. */
export type FormImage = { key: string; url: string; fileId?: string; file?: File };

/**
 * Stores the form's pictures: new files are uploaded (each one appends), then the order (and removals) is
 * written once; the product as it ends up.
 */
async function savePictures(product: Product, images: FormImage[]): Promise<Product> {
  let current = product;
  const ids: string[] = [];
  for (const image of images) {
    if (image.fileId) {
      ids.push(image.fileId);
      continue;
    }
    if (!image.file) continue;
    const before = new Set(current.imageFiles.map((file) => file.id));
    current = (await apiClient.upload<{ product: Product }>(`/products/${current.id}/images`, image.file))
      .product;
    const added = current.imageFiles.find((file) => !before.has(file.id));
    if (added) ids.push(added.id);
  }
  const stored = current.imageFiles.map((file) => file.id);
  if (ids.length !== stored.length || ids.some((id, index) => id !== stored[index])) {
    current = (await apiClient.put<{ product: Product }>(`/products/${current.id}/images`, { fileIds: ids }))
      .product;
  }
  return current;
}

/** Creating a product with its pictures (administrators); resolves to the product as stored. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ payload, images }: { payload: CreateProductInput; images: FormImage[] }) => {
      const { product } = await apiClient.post<{ product: Product }>('/products', payload);
      return savePictures(product, images);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}

/**
 * Saving a product's changes on top of the version the form was filled from, then its pictures. A 409
 * (someone saved first) rejects with the stale error, and the product as stored now replaces the cached one
 * (the form, keyed by `id:version`, then shows it: docs/adding-an-area.md "Concurrent edits").
 */
export function useUpdateProduct(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      current,
      payload,
      images,
    }: {
      current: Product;
      payload: CreateProductInput;
      images: FormImage[];
    }) => {
      const { product } = await apiClient.patch<{ product: Product }>(`/products/${current.id}`, {
        ...payload,
        version: current.version,
      });
      return savePictures(product, images);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
    onError: (error) => {
      const fresh = staleRecord<Product>(error);
      if (fresh) queryClient.setQueryData(productsKeys.product(name), { product: fresh });
    },
  });
}

/** Cents in the shop's currency (the money block). */
export { useMoney } from '../../../lib/use-money.ts';
