import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  completeLayout,
  type DashboardLayout,
  type EcommerceOverview,
  type SeriesPoint,
} from '#shared/contract/overview.ts';

import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import {
  months,
  queriesOf,
  readySocket,
  renderDashboard,
  signIn,
  startRealtime,
  viewerClock,
  widget,
} from '../testing/overview-view-helpers.tsx';
import { OverviewEcommerceView } from './overview-ecommerce-view.tsx';

/** 20:00 UTC on 31 March is already 1 April in Tokyo, where the viewer is. */
const NOW = new Date('2026-03-31T20:00:00Z');
const TZ = 'Asia/Tokyo';

const days = (values: number[]): SeriesPoint[] =>
  values.map((value, index) => ({ day: `2026-03-${String(index + 3).padStart(2, '0')}`, value }));
const zeros = (n: number) => Array.from({ length: n }, () => 0);

const range = {
  from: '2026-03-03',
  to: '2026-04-01',
  timeZone: TZ,
  previousFrom: '2026-02-01',
  previousTo: '2026-03-02',
};

/** An administrator's answer for a shop with sales. */
function shopAnswer(year = 2026): EcommerceOverview {
  return {
    range,
    welcome: { month: '2026-04', thisMonth: 150_000, lastMonth: 120_000 },
    latestProducts: [
      {
        id: 'p1',
        name: 'Linen shirt',
        slug: 'linen-shirt',
        coverUrl: null,
        price: 4_500,
        priceSale: 6_000,
        createdAt: '2026-03-30T09:00:00.000Z',
      },
      {
        id: 'p2',
        name: 'Canvas backpack',
        slug: 'canvas-backpack',
        coverUrl: null,
        price: 8_900,
        priceSale: null,
        createdAt: '2026-03-20T09:00:00.000Z',
      },
    ],
    productsSold: { value: 1_234, previous: 1_000, series: days([40, 0, 60]) },
    totalBalance: { value: 1_234_567, previous: 1_300_000, series: days([100, 200, 300]) },
    salesProfit: { value: 900_000, previous: 0, series: days([10, 20, 30]) },
    salesByGender: {
      total: { units: 200, revenue: 500_000 },
      byGender: [
        { gender: 'Men', units: 120, revenue: 300_000 },
        { gender: 'Women', units: 100, revenue: 250_000 },
        { gender: 'Kids', units: 0, revenue: 0 },
      ],
    },
    salesByCategory: [
      { category: 'Shirts', units: 100, revenue: 300_000 },
      { category: null, units: 5, revenue: 100_000 },
    ],
    yearlySales: {
      year,
      income: months({ 0: 100_000, 2: 250_000 }),
      refunds: months({ 2: 20_000 }),
    },
    currentBalance: { orderTotal: 400_000, earnings: 300_000, refunded: 20_000, pending: 80_000 },
    bestCustomers: [
      {
        customer: { id: 'u2', name: 'Grace Hopper', avatarUrl: null, country: 'United States' },
        spent: 250_000,
        orders: 3,
      },
      {
        customer: { id: 'u3', name: '', avatarUrl: null, country: '' },
        spent: 10_000,
        orders: 1,
      },
    ],
  };
}

/** A customer's answer: their own purchases, without the shop-only figures. */
function customerAnswer(): EcommerceOverview {
  const { salesProfit: _profit, currentBalance: _balance, bestCustomers: _customers, ...mine } = shopAnswer();
  return mine;
}

/** A fresh instance: no order, no product. */
function freshAnswer(year = 2026): EcommerceOverview {
  const nothing = { value: 0, previous: 0, series: days(zeros(30)) };
  return {
    range,
    welcome: { month: '2026-04', thisMonth: 0, lastMonth: 0 },
    latestProducts: [],
    productsSold: nothing,
    totalBalance: nothing,
    salesProfit: nothing,
    salesByGender: { total: { units: 0, revenue: 0 }, byGender: [] },
    salesByCategory: [],
    yearlySales: { year, income: zeros(12), refunds: zeros(12) },
    currentBalance: { orderTotal: 0, earnings: 0, refunded: 0, pending: 0 },
    bestCustomers: [],
  };
}

/** The overview API (the answer for the asked year), the default layout and the instance's currency. */
function overviewApi(answer: (year: number) => EcommerceOverview) {
  return mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) },
    {
      path: '/api/overview/ecommerce',
      respond: ({ url }) => {
        const year = Number(new URL(url, 'http://localhost').searchParams.get('year') ?? '2026');
        return jsonResponse(answer(year));
      },
    },
    {
      path: '/api/overview/layouts/ecommerce',
      respond: () =>
        jsonResponse({
          dashboard: 'ecommerce',
          widgets: completeLayout('ecommerce'),
          saved: false,
          updatedAt: null,
        } satisfies DashboardLayout),
    },
  ]);
}

const queries = (calls: ReturnType<typeof mockFetch>['calls']) => queriesOf(calls, '/api/overview/ecommerce');

const renderView = (path = '/dashboard/ecommerce') =>
  renderDashboard('/dashboard/ecommerce', <OverviewEcommerceView />, path);

describe('e-commerce overview', () => {
  viewerClock(NOW, TZ);

  it("shows an administrator the shop's figures, each with its change against the previous period", async () => {
    signIn('admin');
    const { calls } = overviewApi(() => shopAnswer());
    renderView();

    const welcome = await widget('Welcome back, Ada Lovelace');
    expect(await within(welcome).findByText('The shop has sold $1,500.00 so far this month.')).toBeTruthy();
    expect(within(welcome).getByText('+25%')).toBeTruthy();
    expect(within(welcome).getByText('vs the whole of last month ($1,200.00)')).toBeTruthy();

    const sold = await widget('Products sold');
    expect(within(sold).getByText('1,234')).toBeTruthy();
    expect(within(sold).getByText('+23.4%')).toBeTruthy();
    expect(within(sold).getByText('vs the previous 30 days')).toBeTruthy();
    const balance = await widget('Total balance');
    expect(within(balance).getByText('$12,345.67')).toBeTruthy();
    expect(within(balance).getByText('-5%')).toBeTruthy();
    const profit = await widget('Sales profit');
    expect(within(profit).getByText('$9,000.00')).toBeTruthy();
    expect(within(profit).getByText('New')).toBeTruthy();

    const customers = await widget('Best customers');
    const grace = within(customers).getByRole('row', { name: /Grace Hopper/ });
    expect(within(grace).getByText('United States')).toBeTruthy();
    expect(within(grace).getByText('$2,500.00')).toBeTruthy();
    expect(within(customers).getByRole('row', { name: /Deleted account/ })).toBeTruthy();
    // A customer opens their sales of the range: their id, paid and completed orders.
    const graceOrders = new URL(within(grace).getByRole('link').getAttribute('href')!, 'http://localhost');
    expect(Object.fromEntries(graceOrders.searchParams)).toEqual({
      status: 'paid,completed',
      customer: 'u2',
      startDate: '2026-03-03T00:00:00+09:00',
      endDate: '2026-04-02T00:00:00+09:00',
    });

    const categories = await widget('Sales by category');
    expect(within(categories).getByRole('link', { name: 'Shirts' }).getAttribute('href')).toBe(
      '/dashboard/e-commerce/shop?category=Shirts',
    );
    expect(
      within(categories).getByRole('progressbar', { name: 'Shirts' }).getAttribute('aria-valuetext'),
    ).toBe('$3,000.00 (75%)');
    expect(within(categories).getByRole('progressbar', { name: 'Deleted products' })).toBeTruthy();

    const current = await widget('Current balance');
    expect(within(current).getByText('$4,000.00')).toBeTruthy();
    const refunded = new URL(
      within(current).getByRole('link', { name: 'Refunded' }).getAttribute('href')!,
      'http://localhost',
    );
    expect(Object.fromEntries(refunded.searchParams)).toEqual({
      status: 'refunded',
      startDate: '2026-03-03T00:00:00+09:00',
      endDate: '2026-04-02T00:00:00+09:00',
    });
    const statusOf = (name: string) =>
      new URL(
        within(current).getByRole('link', { name }).getAttribute('href')!,
        'http://localhost',
      ).searchParams.get('status');
    // Earnings are the sales; the order total every order but the cancelled ones.
    expect(statusOf('Earnings')).toBe('paid,completed');
    expect(statusOf('Order total')).toBe('pending,paid,completed,refunded');

    // One request for the whole page, for the viewer's range and zone (the year of its end by default).
    expect(queries(calls)).toEqual([{ from: '2026-03-03', to: '2026-04-01', tz: TZ }]);
  });

  it('shows a customer their own purchases, without the shop-only widgets', async () => {
    signIn('user');
    overviewApi(() => customerAnswer());
    renderView();

    const welcome = await widget('Welcome back, Ada Lovelace');
    expect(await within(welcome).findByText('You have spent $1,500.00 so far this month.')).toBeTruthy();
    expect(within(await widget('Products bought')).getByText('1,234')).toBeTruthy();
    expect(within(await widget('Total spent')).getByText('$12,345.67')).toBeTruthy();
    expect(await widget('Yearly sales')).toBeTruthy();
    expect(await widget('Latest products')).toBeTruthy();
    for (const name of ['Sales profit', 'Current balance', 'Best customers', 'Products sold']) {
      expect(screen.queryByRole('region', { name }), name).toBeNull();
    }
  });

  it("opens a month's orders of the viewer's zone from the yearly sales, income or refunds", async () => {
    signIn('admin');
    overviewApi(() => shopAnswer());
    const { router } = renderView();
    const yearly = await widget('Yearly sales');

    await userEvent.click(
      await within(yearly).findByRole('button', { name: 'Open the orders of March 2026' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/order/list'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'paid,completed',
      startDate: '2026-03-01T00:00:00+09:00',
      endDate: '2026-04-01T00:00:00+09:00',
    });

    await router.navigate('/dashboard/ecommerce');
    const again = await widget('Yearly sales');
    await userEvent.click(
      await within(again).findByRole('button', { name: 'Open the refunded orders of December 2026' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/order/list'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'refunded',
      startDate: '2026-12-01T00:00:00+09:00',
      endDate: '2027-01-01T00:00:00+09:00',
    });
  });

  it('asks again for the year chosen in the yearly sales, and keeps it in the address', async () => {
    signIn('admin');
    const { calls } = overviewApi((year) =>
      year === 2026
        ? shopAnswer(year)
        : { ...shopAnswer(year), yearlySales: { year, income: zeros(12), refunds: zeros(12) } },
    );
    const { router } = renderView();
    const yearly = await widget('Yearly sales');
    await within(yearly).findByRole('button', { name: 'Open the orders of March 2026' });

    await userEvent.click(within(yearly).getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: '2024' }));

    expect(await within(yearly).findByText('No sales in 2024.')).toBeTruthy();
    expect(queries(calls).at(-1)).toEqual({ from: '2026-03-03', to: '2026-04-01', tz: TZ, year: '2024' });
    expect(router.state.location.search).toBe('?year=2024');
  });

  it('says there is nothing yet on a fresh instance, instead of zeros that look like data', async () => {
    signIn('admin');
    overviewApi((year) => freshAnswer(year));
    renderView();

    const welcome = await widget('Welcome back, Ada Lovelace');
    expect(await within(welcome).findByText('No sales yet this month.')).toBeTruthy();
    for (const name of [
      'Products sold',
      'Total balance',
      'Sales profit',
      'Sales by gender',
      'Sales by category',
    ]) {
      expect(within(await widget(name)).getByText('No sales in this period yet.'), name).toBeTruthy();
    }
    expect(within(await widget('Yearly sales')).getByText('No sales in 2026.')).toBeTruthy();
    expect(within(await widget('Current balance')).getByText('No orders in this period yet.')).toBeTruthy();
    expect(within(await widget('Best customers')).getByText('No customers in this period yet.')).toBeTruthy();
    expect(within(await widget('New products')).getByText('No products yet.')).toBeTruthy();
    expect(within(await widget('Latest products')).getByText('No products yet.')).toBeTruthy();
    expect(screen.queryByText(/\$0\.00/)).toBeNull();
  });

  it('asks again when an order is placed or changes anywhere', async () => {
    startRealtime();
    try {
      signIn('admin');
      const { calls } = overviewApi(() => shopAnswer());
      renderView();
      await widget('Products sold');
      const server = await readySocket();
      expect(queries(calls)).toHaveLength(1);

      for (const orderId of ['o1', 'o2', 'o3']) {
        server.message({ type: 'orders.changed', orderId, status: 'pending' });
      }
      await waitFor(() => expect(queries(calls)).toHaveLength(2), { timeout: 4000 });
    } finally {
      realtime.stop();
    }
  });

  it('asks again, once, when the catalog changes (the two product widgets share the refetch)', async () => {
    startRealtime();
    try {
      signIn('admin');
      const { calls } = overviewApi(() => shopAnswer());
      renderView();
      await widget('New products');
      await widget('Latest products');
      const server = await readySocket();
      expect(queries(calls)).toHaveLength(1);

      for (const productId of ['p1', 'p2', null]) server.message({ type: 'products.changed', productId });
      await waitFor(() => expect(queries(calls)).toHaveLength(2), { timeout: 4000 });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(queries(calls)).toHaveLength(2);
    } finally {
      realtime.stop();
    }
  });
});
