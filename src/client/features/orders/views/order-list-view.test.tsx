import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AdminOrderPage } from '#shared/contract/orders.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { OrderListView } from './order-list-view.tsx';

const emptyPage = (page: number, pageSize: number): AdminOrderPage => ({
  orders: [],
  total: 0,
  page,
  pageSize,
  hasNextPage: false,
  counts: { all: 0, pending: 0, paid: 0, completed: 0, cancelled: 0, refunded: 0 },
  capped: [],
});

/** GET /api/orders/admin and GET /api/orders, both answering an empty page of the size asked. */
function ordersApi() {
  const respond = ({ url }: { url: string }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    return jsonResponse(emptyPage(Number(params.get('page')), Number(params.get('pageSize'))));
  };
  return mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) },
    { path: '/api/orders/admin', respond },
    { path: '/api/orders', respond },
  ]);
}

const queries = (calls: ReturnType<typeof mockFetch>['calls'], path: string) =>
  calls('GET', path).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );

const signIn = (role: 'admin' | 'user') =>
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });

describe('order list view', () => {
  it('asks administrators’ list for the status, dates, search, sort and page the address holds', async () => {
    signIn('admin');
    const { calls } = ordersApi();
    renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: [
        '/?status=paid&startDate=2026-03-01&endDate=2026-03-31&search=1042&sort=total&order=asc&page=2&pageSize=5',
      ],
    });
    await waitFor(() =>
      expect(queries(calls, '/api/orders/admin').at(-1)).toEqual({
        page: '2',
        pageSize: '5',
        status: 'paid',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        search: '1042',
        sort: 'total',
        order: 'asc',
      }),
    );
    expect(calls('GET', '/api/orders')).toHaveLength(0);
  });

  it('asks for the customer’s own orders, and ignores a date that is not a day', async () => {
    signIn('user');
    const { calls } = ordersApi();
    renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?startDate=yesterday&status=lost'],
    });
    expect(await screen.findByText('You have not ordered anything yet')).toBeTruthy();
    expect(queries(calls, '/api/orders').at(-1)).toEqual({ page: '1', pageSize: '10', status: 'all' });
    expect(calls('GET', '/api/orders/admin')).toHaveLength(0);
  });

  it('writes the chosen status tab in the address, from the first page', async () => {
    signIn('admin');
    const { calls } = ordersApi();
    const { router } = renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?page=3'],
    });
    await userEvent.click(await screen.findByRole('tab', { name: /Refunded/ }));
    await waitFor(() =>
      expect(queries(calls, '/api/orders/admin').at(-1)).toMatchObject({ status: 'refunded', page: '1' }),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('status')).toBe('refunded');
    expect(search.get('page')).toBeNull();
  });

  it('takes the bounds of a period of the viewer’s days as instants, and shows them as the days they cover', async () => {
    signIn('user');
    const { calls } = ordersApi();
    renderRoutes([{ path: '/', element: <OrderListView /> }], {
      // March in Tokyo, as the e-commerce overview links to it: from its first instant to the next month's.
      initialEntries: [
        `/?status=refunded&startDate=${encodeURIComponent('2026-03-01T00:00:00+09:00')}&endDate=${encodeURIComponent('2026-04-01T00:00:00+09:00')}`,
      ],
    });
    await waitFor(() =>
      expect(queries(calls, '/api/orders').at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        status: 'refunded',
        startDate: '2026-03-01T00:00:00+09:00',
        endDate: '2026-04-01T00:00:00+09:00',
      }),
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-31');
  });
});
