import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { testUser, type mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { fakeProductsApi } from '../testing/product-fixtures.ts';
import { ProductListView } from './product-list-view.tsx';

const productsApi = () => fakeProductsApi('/api/products/admin', 12);

function requestedQueries(calls: ReturnType<typeof mockFetch>['calls']) {
  return calls('GET', '/api/products/admin').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );
}

describe('product list view (administrators)', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('asks for the filters, search, sort and page the address holds', async () => {
    const { calls } = productsApi();
    renderRoutes([{ path: '/', element: <ProductListView /> }], {
      initialEntries: [
        '/?stock=low%20stock&publish=draft&search=Shirt&sort=price&order=asc&page=2&pageSize=5',
      ],
    });
    const grid = await screen.findByRole('grid', { name: 'Products' });
    expect(await within(grid).findByText('Shirt 6')).toBeTruthy();
    expect(requestedQueries(calls).at(-1)).toEqual({
      page: '2',
      pageSize: '5',
      stock: 'low stock',
      publish: 'draft',
      search: 'Shirt',
      sort: 'price',
      order: 'asc',
    });
  });

  it('ignores values the address may not hold', async () => {
    const { calls } = productsApi();
    renderRoutes([{ path: '/', element: <ProductListView /> }], {
      initialEntries: ['/?stock=plenty&publish=maybe&sort=colour'],
    });
    expect(await screen.findByText('Shirt 1')).toBeTruthy();
    expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '10' });
  });

  it('writes a chosen filter in the address, back to the first page, and asks for it', async () => {
    const { calls } = productsApi();
    const { router } = renderRoutes([{ path: '/', element: <ProductListView /> }], {
      initialEntries: ['/?page=2&pageSize=5'],
    });
    expect(await screen.findByText('Shirt 6')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Stock' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Low stock' }));

    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '5', stock: 'low stock' }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('stock')).toBe('low stock');
    expect(search.get('page')).toBeNull();
  });
});
