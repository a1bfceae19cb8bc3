import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { bankingBaseRoutes, makeAccount, salaryId, savingsAccountId } from '../testing/banking-fixtures.ts';
import { BankingAccountsView } from './banking-accounts-view.tsx';

async function choose(section: HTMLElement, field: string, option: string) {
  await userEvent.click(within(section).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the accounts page', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('adds a recurring transaction from its form’s fields', async () => {
    const sent: unknown[] = [];
    mockFetch([
      ...bankingBaseRoutes([
        makeAccount(),
        makeAccount({ id: savingsAccountId, kind: 'savings', name: 'Rainy day', primary: false }),
      ]),
      { path: '/api/banking/recurring', respond: () => jsonResponse({ recurring: [] }) },
      {
        method: 'POST',
        path: '/api/banking/recurring',
        respond: ({ body }) => {
          sent.push(body);
          return jsonResponse({ recurring: {} }, 201);
        },
      },
    ]);
    renderRoutes([{ path: '/', element: <BankingAccountsView /> }]);
    const section = await screen.findByRole('region', { name: 'Recurring transactions' });
    expect(await screen.findByText('No recurring transactions.')).toBeTruthy();
    await choose(section, 'Type', 'Income');
    await choose(section, 'Account', 'Rainy day');
    await choose(section, 'Category', 'Salary');
    await choose(section, 'Frequency', 'Weekly');
    await userEvent.type(within(section).getByRole('spinbutton', { name: 'Amount' }), '1500');
    await userEvent.type(within(section).getByRole('textbox', { name: 'Payee' }), 'ACME');
    const first = within(section).getByLabelText('First date');
    await userEvent.clear(first);
    await userEvent.type(first, '2026-04-01');
    await userEvent.click(within(section).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      type: 'income',
      accountId: savingsAccountId,
      amount: 150_000,
      counterparty: 'ACME',
      categoryId: salaryId,
      frequency: 'weekly',
      startDate: '2026-04-01',
    });
  });
});
