import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { useCartStore } from '../../../lib/cart/cart-store.ts';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { testUser, type mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { fakeProductsApi } from '../testing/product-fixtures.ts';
import { ShopView } from './shop-view.tsx';

const shopApi = () => fakeProductsApi('/api/products', 30);

const queries = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls('GET', '/api/products').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );

describe('shop view', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    useCartStore.setState({ sortBy: 'priceAsc' });
  });

  it('asks for the filters, search and page of the address, with the saved sort', async () => {
    const { calls } = shopApi();
    renderRoutes([{ path: '/', element: <ShopView /> }], {
      initialEntries: [
        '/?search=jeans&gender=Men,Women&category=Shirts&colors=%23000000&priceMin=1000&priceMax=5000&rating=up4Star&page=2',
      ],
    });
    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({
        page: '2',
        pageSize: '12',
        search: 'jeans',
        gender: 'Men,Women',
        category: 'Shirts',
        colors: '#000000',
        priceMin: '1000',
        priceMax: '5000',
        rating: 'up4Star',
        sort: 'priceAsc',
      }),
    );
  });

  it('leaves out values the address may not hold', async () => {
    const { calls } = shopApi();
    renderRoutes([{ path: '/', element: <ShopView /> }], {
      initialEntries: ['/?gender=Aliens&priceMin=cheap&rating=up9Star&category=Spaceships'],
    });
    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({ page: '1', pageSize: '12', sort: 'priceAsc' }),
    );
  });

  it('removes one filter with its chip and all of them with Clear, from the first page', async () => {
    const { calls } = shopApi();
    const { router } = renderRoutes([{ path: '/', element: <ShopView /> }], {
      initialEntries: ['/?gender=Men,Women&rating=up4Star&search=jeans&page=2'],
    });
    const women = await screen.findByRole('button', { name: 'Women' });
    await userEvent.click(women.querySelector('.MuiChip-deleteIcon') as Element);
    await waitFor(() =>
      expect(queries(calls).at(-1)).toMatchObject({ page: '1', gender: 'Men', rating: 'up4Star' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({ page: '1', pageSize: '12', sort: 'priceAsc' }),
    );
    expect(router.state.location.search).toBe('');
  });
});
