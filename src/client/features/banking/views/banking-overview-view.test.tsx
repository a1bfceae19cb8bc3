import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { BankingOverview } from '#shared/contract/banking.ts';
import { completeLayout } from '#shared/contract/overview-layouts.ts';

import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import {
  readySocket,
  renderDashboard,
  signIn,
  startRealtime,
  widget,
} from '../../overview/testing/overview-view-helpers.tsx';
import { groceriesId, makeAccount, makeTransaction } from '../testing/banking-fixtures.ts';
import { BankingOverviewView } from './banking-overview-view.tsx';

const answer = (totalBalance: number): BankingOverview => ({
  currency: 'USD',
  totalBalance,
  accounts: [makeAccount({ balance: totalBalance })],
  income: { value: 300_000, previous: 250_000, series: [{ day: '2026-03-01', value: 300_000 }] },
  expenses: { value: 4_250, previous: 8_500, series: [{ day: '2026-03-02', value: 4_250 }] },
  period: 'month',
  balanceStats: [{ start: '2026-03-01', income: 300_000, expenses: 4_250, savings: 0, investment: 0 }],
  expenseCategories: [
    { categoryId: groceriesId, name: 'Groceries', icon: 'groceries', key: 'groceries', value: 4_250 },
  ],
  recent: [makeTransaction()],
  contacts: [],
  pendingRequests: 0,
});

function renderOverview(balances: number[], range = 'from=2026-03-01&to=2026-03-31') {
  let call = 0;
  const mock = mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    {
      path: '/api/banking/overview',
      respond: () => jsonResponse(answer(balances[Math.min(call++, balances.length - 1)]!)),
    },
    {
      path: '/api/overview/layouts/banking',
      respond: () =>
        jsonResponse({
          dashboard: 'banking',
          widgets: completeLayout('banking'),
          saved: false,
          updatedAt: null,
        }),
    },
  ]);
  const rendered = renderDashboard(
    '/dashboard/banking',
    <BankingOverviewView />,
    `/dashboard/banking?${range}`,
  );
  return { ...mock, ...rendered };
}

/** Clicks the donut's Groceries slice; the transactions list's address parameters it opened. */
async function openGroceries(router: ReturnType<typeof renderOverview>['router']) {
  const donut = await widget('Expense categories');
  await userEvent.click(within(donut).getByRole('button', { name: 'Open the transactions of Groceries' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/banking/transactions'));
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

describe('the banking overview', () => {
  beforeEach(() => signIn('user'));

  it('shows the balance, and the donut’s slice opens the transactions of its category and range', async () => {
    const { router, calls } = renderOverview([12_500]);
    const balance = await widget('Total balance');
    expect(await within(balance).findByText('$125.00')).toBeTruthy();
    const query = Object.fromEntries(
      new URL(String(calls('GET', '/api/banking/overview')[0]![0]), 'http://localhost').searchParams,
    );
    expect(query).toMatchObject({ from: '2026-03-01', to: '2026-03-31', period: 'month' });

    expect(await openGroceries(router)).toEqual({
      categoryId: groceriesId,
      type: 'expense',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
  });

  it('keeps both dates of a one-day range in the donut’s link', async () => {
    const { router } = renderOverview([12_500], 'from=2026-03-14&to=2026-03-14');
    expect(await openGroceries(router)).toEqual({
      categoryId: groceriesId,
      type: 'expense',
      startDate: '2026-03-14',
      endDate: '2026-03-14',
    });
  });

  it('shows a transfer received without a reload (banking.changed)', async () => {
    startRealtime();
    try {
      renderOverview([12_500, 24_500]);
      const balance = await widget('Total balance');
      expect(await within(balance).findByText('$125.00')).toBeTruthy();
      const server = await readySocket();
      server.message({ type: 'banking.changed', transactionId: null, requestId: null });
      expect(await within(balance).findByText('$245.00', {}, { timeout: 4000 })).toBeTruthy();
    } finally {
      realtime.stop();
    }
  });

  it('opens the transfer dialog from Send', async () => {
    renderOverview([12_500]);
    const balance = await widget('Total balance');
    await userEvent.click(await within(balance).findByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Send money' })).toBeTruthy();
  });
});
