import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AdminOrderPage, OrderSummary } from '#shared/contract/orders.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { shownDate } from '../../../testing/date-field.ts';
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
function ordersApi(extra: Partial<AdminOrderPage> = {}) {
  const respond = ({ url }: { url: string }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    return jsonResponse({
      ...emptyPage(Number(params.get('page')), Number(params.get('pageSize'))),
      ...extra,
    });
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
    expect(await shownDate('From')).toBe('03/01/2026');
    expect(await shownDate('To')).toBe('03/31/2026');
  });

  it('ignores a status list with an unknown status in it', async () => {
    signIn('admin');
    const { calls } = ordersApi({ total: 7 });
    renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?status=completed,paid,shipped'],
    });
    await waitFor(() => expect(queries(calls, '/api/orders/admin').at(-1)).toMatchObject({ status: 'all' }));
  });

  it('takes several statuses from the address, in the tabs’ order, with a Selected tab counting them', async () => {
    signIn('admin');
    const { calls } = ordersApi({ total: 7 });
    renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?status=completed,paid'],
    });
    await waitFor(() =>
      expect(queries(calls, '/api/orders/admin').at(-1)).toMatchObject({ status: 'paid,completed' }),
    );
    const selected = await screen.findByRole('tab', { name: /Selected/ });
    expect(selected.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(selected.textContent).toContain('7'));
    expect(screen.getByRole('combobox', { name: 'Statuses' }).textContent).toBe('Paid, Completed');
  });

  it('writes the statuses chosen in the Statuses menu in the address, and a tab goes back to one', async () => {
    signIn('admin');
    const { calls } = ordersApi();
    const { router } = renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?status=refunded&page=2'],
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Statuses' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() =>
      expect(queries(calls, '/api/orders/admin').at(-1)).toMatchObject({
        status: 'pending,refunded',
        page: '1',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('pending,refunded');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('tab', { name: /Paid/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('paid'));
    expect(screen.queryByRole('tab', { name: /Selected/ })).toBeNull();
  });

  it('keeps one customer’s orders for administrators, named in a chip that removes the filter', async () => {
    signIn('admin');
    const id = '0b7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b';
    const { calls } = ordersApi({
      customer: { id, name: 'Grace Hopper', email: 'grace@example.com', avatarUrl: null },
    });
    const { router } = renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: [`/?customer=${id}&status=paid,completed`],
    });
    await waitFor(() =>
      expect(queries(calls, '/api/orders/admin').at(-1)).toMatchObject({
        customer: id,
        status: 'paid,completed',
      }),
    );
    const chip = await screen.findByRole('button', { name: /Customer: Grace Hopper/ });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('customer')).toBeNull());
    expect(queries(calls, '/api/orders/admin').at(-1)).not.toHaveProperty('customer');
  });

  it('does not send a customer filter with one’s own orders', async () => {
    signIn('user');
    const { calls } = ordersApi();
    renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?customer=0b7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b&status=paid,completed'],
    });
    await waitFor(() =>
      expect(queries(calls, '/api/orders').at(-1)).toEqual({
        page: '1',
        pageSize: '10',
        status: 'paid,completed',
      }),
    );
  });

  it('keeps one customer’s orders when their name in a row is pressed', async () => {
    signIn('admin');
    const grace = {
      id: '0b7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      avatarUrl: null,
    };
    const order = {
      id: '1c7e7c1e-5a6f-4f43-9b8a-1d2c3e4f5a6b',
      number: '#1001',
      status: 'paid',
      customer: grace,
      items: [],
      itemCount: 1,
      subtotal: 1000,
      discount: 0,
      discountCode: null,
      shipping: 0,
      taxes: 0,
      total: 1000,
      currency: 'USD',
      delivery: 'free',
      paymentMethod: 'cash',
      address: {
        name: 'Grace Hopper',
        phoneNumber: '1',
        fullAddress: 'Somewhere',
        street: '',
        city: '',
        state: '',
        zipCode: '',
        country: '',
        addressType: 'home',
      },
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      version: 1,
    } as OrderSummary;
    const { calls } = ordersApi({ orders: [order], total: 1 });
    const { router } = renderRoutes([{ path: '/', element: <OrderListView /> }], {
      initialEntries: ['/?page=2'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Orders of Grace Hopper' }));
    await waitFor(() =>
      expect(queries(calls, '/api/orders/admin').at(-1)).toMatchObject({ customer: grace.id, page: '1' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe(grace.id);
  });
});
