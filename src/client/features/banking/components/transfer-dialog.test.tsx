import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { bankingBaseRoutes, bobId, mainAccountId, makeAccount } from '../testing/banking-fixtures.ts';
import { TransferDialog } from './transfer-dialog.tsx';

const bob = { id: bobId, name: 'Bob Stone', avatarUrl: null };

function renderDialog(transfer: (body: Record<string, unknown>) => Response) {
  const mock = mockFetch([
    ...bankingBaseRoutes(),
    {
      method: 'POST',
      path: '/api/banking/transfers',
      respond: ({ body }) => transfer(body as Record<string, unknown>),
    },
  ]);
  renderRoutes([
    {
      path: '/',
      element: (
        <TransferDialog open onClose={() => undefined} accounts={[makeAccount()]} initialPerson={bob} />
      ),
    },
  ]);
  return mock;
}

const dialog = () => screen.findByRole('dialog', { name: 'Send money' });

describe('the quick transfer dialog', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser },
    });
  });

  it('shows the balance, then a confirm step with the amount and the balance after, and sends with a key', async () => {
    const sent: Record<string, unknown>[] = [];
    renderDialog((body) => {
      sent.push(body);
      return jsonResponse({ transaction: {}, fromAccount: makeAccount({ balance: 2_500 }) }, 201);
    });
    const form = await dialog();
    expect(within(form).getByTestId('your-balance').textContent).toBe('$125.00');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Review' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(within(confirm).getByText('Send $100.00 to Bob Stone?')).toBeTruthy();
    expect(within(confirm).getByText('Balance after').nextElementSibling?.textContent).toBe('$25.00');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send $100.00' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ fromAccountId: mainAccountId, toUserId: bobId, amount: 10_000 });
    expect(String(sent[0]!.idempotencyKey)).toMatch(/^bk-[\w-]{8,}$/);
  });

  it('says plainly when funds are short, with what the account can send; the next attempt has a new key', async () => {
    const keys: unknown[] = [];
    renderDialog((body) => {
      keys.push(body.idempotencyKey);
      return jsonResponse(
        { message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS', available: 12_500 },
        409,
      );
    });
    const form = await dialog();
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Amount' }), '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Review' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the transfer' })).getByRole('button', {
        name: 'Send $500.00',
      }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Not enough money on this account: you can send at most $125.00.');
    // Back on the form, the amount kept: a second attempt is a new key.
    const again = await dialog();
    await userEvent.click(within(again).getByRole('button', { name: 'Review' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm the transfer' })).getByRole('button', {
        name: 'Send $500.00',
      }),
    );
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  });
});
