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
  makeAccount,
  makeTransaction,
  salaryId,
  savingsAccountId,
} from '../testing/banking-fixtures.ts';
import { TransactionDialog } from './transaction-dialog.tsx';

function renderDialog(record: (body: Record<string, unknown>) => Response) {
  let closed = 0;
  const mock = mockFetch([
    ...bankingBaseRoutes([
      makeAccount(),
      makeAccount({ id: savingsAccountId, kind: 'savings', name: 'Rainy day', primary: false, balance: 0 }),
    ]),
    {
      method: 'POST',
      path: '/api/banking/transactions',
      respond: ({ body }) => record(body as Record<string, unknown>),
    },
  ]);
  renderRoutes([{ path: '/', element: <TransactionDialog open onClose={() => closed++} /> }]);
  return { ...mock, closed: () => closed };
}

const dialog = () => screen.findByRole('dialog', { name: 'New transaction' });

async function choose(field: string, option: string) {
  await userEvent.click(within(await dialog()).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the new transaction dialog', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('records an expense with its account, amount, date, payee, category, note and status', async () => {
    const sent: Record<string, unknown>[] = [];
    const { closed } = renderDialog((body) => {
      sent.push(body);
      return jsonResponse({ transaction: makeTransaction({ amount: 1_250 }) }, 201);
    });
    const form = await dialog();
    // The main account is chosen; expense categories only.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Account' }).textContent).toContain('Everyday'),
    );
    await userEvent.click(within(form).getByRole('combobox', { name: 'Category' }));
    expect(await screen.findByRole('option', { name: 'Groceries' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Salary' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Groceries' }));

    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '12.50');
    const date = within(form).getByLabelText(/^Date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-03-14');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Paid to' }), 'Fresh Market');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Weekly shop');
    await choose('Status', 'Pending');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      type: 'expense',
      accountId: mainAccountId,
      amount: 1_250,
      date: '2026-03-14',
      counterparty: 'Fresh Market',
      categoryId: groceriesId,
      note: 'Weekly shop',
      status: 'pending',
    });
    expect(String(sent[0]!.idempotencyKey)).toMatch(/^bk-/);
    expect(await screen.findByText('Expense of $12.50 recorded')).toBeTruthy();
    expect(closed()).toBe(1);
  });

  it('records income into another account with an income category', async () => {
    const sent: Record<string, unknown>[] = [];
    renderDialog((body) => {
      sent.push(body);
      return jsonResponse({ transaction: makeTransaction({ type: 'income', amount: 300_000 }) }, 201);
    });
    const form = await dialog();
    await userEvent.click(within(form).getByRole('button', { name: 'Income' }));
    await choose('Account', 'Rainy day · $0.00');
    await choose('Category', 'Salary');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '3000');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Received from' }), 'ACME');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      type: 'income',
      accountId: savingsAccountId,
      amount: 300_000,
      categoryId: salaryId,
      counterparty: 'ACME',
      status: 'completed',
    });
    expect(await screen.findByText('Income of $3,000.00 recorded')).toBeTruthy();
  });

  it('says plainly when the account cannot cover an expense, and the next try is a new attempt', async () => {
    const sent: Record<string, unknown>[] = [];
    const { closed } = renderDialog((body) => {
      sent.push(body);
      return jsonResponse(
        { message: 'Not enough money', code: 'INSUFFICIENT_FUNDS', available: 12_500 },
        409,
      );
    });
    const form = await dialog();
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Not enough money on this account: it can spend at most $125.00.',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
    expect(closed()).toBe(0);
  });

  it('refuses an empty amount without asking the server', async () => {
    const sent: unknown[] = [];
    renderDialog((body) => {
      sent.push(body);
      return jsonResponse({}, 201);
    });
    const form = await dialog();
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Account' }).textContent).toContain('Everyday'),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
