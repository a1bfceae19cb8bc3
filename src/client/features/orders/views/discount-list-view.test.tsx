import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Discount, DiscountPage } from '#shared/contract/orders.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { DiscountListView } from './discount-list-view.tsx';

/** GET /api/discounts (an empty page of the size asked) and POST /api/discounts (echoes a saved code). */
function discountsApi() {
  return mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) },
    {
      path: '/api/discounts',
      respond: ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const pageSize = Number(params.get('pageSize'));
        return jsonResponse({
          discounts: [],
          total: 0,
          page,
          pageSize,
          hasNextPage: false,
        } satisfies DiscountPage);
      },
    },
    {
      method: 'POST',
      path: '/api/discounts',
      respond: ({ body }) =>
        jsonResponse({
          discount: {
            ...(body as Discount),
            id: '00000000-0000-4000-8000-000000000900',
            used: 0,
            version: 1,
            createdAt: '2026-03-01T10:00:00.000Z',
          },
        }),
    },
  ]);
}

const queries = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls('GET', '/api/discounts').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );

describe('discount list view (administrators)', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('asks for the search and page the address holds', async () => {
    const { calls } = discountsApi();
    renderRoutes([{ path: '/', element: <DiscountListView /> }], {
      initialEntries: ['/?search=SPRING&page=2&pageSize=50'],
    });
    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({ page: '2', pageSize: '50', search: 'SPRING' }),
    );
  });

  it('refuses a code without a value, and sends an empty minimum subtotal as any order (0)', async () => {
    const { calls } = discountsApi();
    renderRoutes([{ path: '/', element: <DiscountListView /> }]);

    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New code' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'spring10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));

    expect(
      await within(dialog).findByText(
        'Enter a percentage from 1 to 100, or an amount from 0.01 to 1,000,000',
      ),
    ).toBeTruthy();
    expect(calls('POST', '/api/discounts')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Value' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(calls('POST', '/api/discounts')).toHaveLength(1));
    const [, init] = calls('POST', '/api/discounts')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      code: 'spring10',
      kind: 'percent',
      value: 10,
      minSubtotal: 0,
    });
  });
});
