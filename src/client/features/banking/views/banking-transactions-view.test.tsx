import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import {
  bankingBaseRoutes,
  groceriesId,
  mainAccountId,
  transactionPage,
} from '../testing/banking-fixtures.ts';
import { BankingTransactionsView } from './banking-transactions-view.tsx';

const addressOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search).entries());

function renderList(address: string) {
  const mock = mockFetch([
    ...bankingBaseRoutes(),
    { path: '/api/banking/transactions', respond: () => jsonResponse(transactionPage()) },
  ]);
  const rendered = renderRoutes(
    [{ path: '/dashboard/banking/transactions', element: <BankingTransactionsView /> }],
    {
      initialEntries: [address],
    },
  );
  const queries = () =>
    mock
      .calls('GET', '/api/banking/transactions')
      .map(([input]) =>
        Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
      );
  return { ...mock, ...rendered, queries };
}

describe('the transactions list', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser },
    });
  });

  it('asks for the filters the address names (the donut’s link) and shows them', async () => {
    const { queries } = renderList(
      `/dashboard/banking/transactions?categoryId=${groceriesId}&type=expense&status=completed&accountId=${mainAccountId}&startDate=2026-03-01&endDate=2026-03-31&minAmount=1000&maxAmount=90000&search=market&sort=amount&order=desc`,
    );
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Fresh Market')).toBeTruthy();
    expect(queries()[0]).toEqual({
      page: '1',
      pageSize: '10',
      sort: 'amount',
      order: 'desc',
      search: 'market',
      categoryId: groceriesId,
      type: 'expense',
      status: 'completed',
      accountId: mainAccountId,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      minAmount: '1000',
      maxAmount: '90000',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('Groceries'),
    );
    expect((screen.getByRole('textbox', { name: 'Search transactions' }) as HTMLInputElement).value).toBe(
      'market',
    );
  });

  it('writes a chosen filter into the address and asks again, from the first page', async () => {
    const { router, queries } = renderList('/dashboard/banking/transactions?page=2');
    await screen.findByText('Fresh Market');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('presentation');
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(addressOf(router)).toEqual({ status: 'pending' }));
    await waitFor(() => expect(queries().at(-1)).toMatchObject({ page: '1', status: 'pending' }));
  });

  it('ignores a malformed filter in the address', async () => {
    const { queries } = renderList('/dashboard/banking/transactions?categoryId=nope&minAmount=-5&type=gift');
    await screen.findByText('Fresh Market');
    expect(queries()[0]).toEqual({ page: '1', pageSize: '10' });
  });
  it('opens the new transaction form and the category editor from the page', async () => {
    renderList('/dashboard/banking/transactions');
    await screen.findByText('Fresh Market');
    await userEvent.click(screen.getByRole('button', { name: 'New transaction' }));
    const form = await screen.findByRole('dialog', { name: 'New transaction' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New transaction' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const editor = await screen.findByRole('dialog', { name: 'Categories' });
    expect(await within(editor).findByText('Groceries')).toBeTruthy();
  });
});
