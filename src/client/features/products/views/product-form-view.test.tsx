import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { makeProduct } from '../testing/product-fixtures.ts';
import { ProductCreateView, ProductEditView } from './product-form-view.tsx';

const config = { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) };

describe('product form view', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows the validation messages of an empty product and sends nothing', async () => {
    const { calls } = mockFetch([config]);
    renderRoutes([{ path: '/', element: <ProductCreateView /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Give the product a name')).toBeTruthy();
    expect(screen.getByText('SKU is required')).toBeTruthy();
    // The empty required price: no value, refused with the price's message (components/money-input).
    expect(screen.getByText('Enter a price from 0 to 1,000,000')).toBeTruthy();
    expect(calls('POST', '/api/products')).toHaveLength(0);
  });

  it('leaves an empty sale price as no sale (null), and sends the price in cents', async () => {
    const product = makeProduct({ priceSale: 3000 });
    const { calls } = mockFetch([
      config,
      { path: '/api/products/product', respond: () => jsonResponse({ product }) },
      {
        method: 'PATCH',
        path: `/api/products/${product.id}`,
        respond: () => jsonResponse({ product: { ...product, priceSale: null, version: 2 } }),
      },
    ]);
    renderRoutes([
      { path: '/', element: <ProductEditView name={product.slug} /> },
      { path: '*', element: <p>elsewhere</p> },
    ]);

    const sale = await screen.findByRole('spinbutton', { name: 'Price before the sale' });
    expect((sale as HTMLInputElement).value).toBe('30.00');
    await userEvent.clear(sale);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls('PATCH', `/api/products/${product.id}`)).toHaveLength(1));
    const [, init] = calls('PATCH', `/api/products/${product.id}`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ price: 2500, priceSale: null, version: 1 });
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('when someone saved first, shows their version and says so', async () => {
    const product = makeProduct();
    const theirs = { ...product, name: 'Oxford shirt, slim fit', version: 2 };
    const { calls } = mockFetch([
      config,
      { path: '/api/products/product', respond: () => jsonResponse({ product }) },
      {
        method: 'PATCH',
        path: `/api/products/${product.id}`,
        respond: () => jsonResponse({ message: 'Changed meanwhile', code: 'STALE', current: theirs }, 409),
      },
    ]);
    renderRoutes([{ path: '/', element: <ProductEditView name={product.slug} /> }]);

    const name = await screen.findByRole('textbox', { name: 'Product name' });
    expect((name as HTMLInputElement).value).toBe('Oxford shirt');
    await userEvent.type(name, ' (new)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/Someone else changed this while you were editing/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Product name' }) as HTMLInputElement).value).toBe(
        'Oxford shirt, slim fit',
      ),
    );
    const [, init] = calls('PATCH', `/api/products/${product.id}`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Oxford shirt (new)', version: 1 });
  });
});
