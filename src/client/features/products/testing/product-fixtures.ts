import type { Product, ProductCard, ProductPage } from '#shared/contract/products.ts';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';

/** A product card as the lists answer it; `i` varies id, name and slug. */
export function makeProductCard(i: number, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: `00000000-0000-4000-8000-${String(500 + i).padStart(12, '0')}`,
    name: `Shirt ${i}`,
    slug: `shirt-${i}`,
    coverUrl: null,
    price: 2500,
    priceSale: null,
    colors: ['#000000'],
    category: 'Shirts',
    inventoryType: 'in stock',
    quantity: 40,
    available: 40,
    newLabel: { enabled: false, content: 'NEW' },
    saleLabel: { enabled: false, content: 'SALE' },
    totalRatings: 0,
    totalReviews: 0,
    publish: 'published',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A whole product (the edit form's), valid for the shared schema. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    ...makeProductCard(1, { name: 'Oxford shirt', slug: 'oxford-shirt' }),
    sku: 'OXF-1',
    code: 'P-1',
    description: '<p>Cotton.</p>',
    subDescription: '',
    taxes: 0,
    gender: ['Men'],
    sizes: [],
    tags: [],
    images: [],
    imageFiles: [],
    totalSold: 0,
    maxPerCustomer: null,
    ratings: [],
    version: 1,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A page of the administrators' list. */
export function productPage(
  products: ProductCard[],
  page: number,
  pageSize: number,
  total: number,
): ProductPage {
  return { products, total, page, pageSize, hasNextPage: page * pageSize < total, totalCapped: false };
}

/**
 * A fake products list at `path` holding `count` cards and answering the page asked (filters are not
 * simulated: tests assert the URL), with the instance's currency.
 */
export function fakeProductsApi(path: string, count: number) {
  const all = Array.from({ length: count }, (_, i) => makeProductCard(i + 1));
  return mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) },
    {
      path,
      respond: ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const pageSize = Number(params.get('pageSize'));
        return jsonResponse(
          productPage(all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, all.length),
        );
      },
    },
  ]);
}
