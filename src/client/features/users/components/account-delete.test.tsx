import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { AccountDelete } from './account-delete.tsx';

const routes = [
  { path: '/', element: <AccountDelete /> },
  { path: '/auth/login', element: <h1>Sign in</h1> },
];

const deleteCall = { method: 'POST', path: '/api/account/my-account/delete' } as const;

afterEach(() => authStore.setState({ ...initialAuthState }));

async function openDialog() {
  const user = userEvent.setup();
  renderRoutes(routes);
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog };
}

describe('AccountDelete', () => {
  it('takes the password again; a wrong one is told on the field and nothing happens', async () => {
    authStore.setState({ isInitialized: true, isAuthenticated: true, user: testUser });
    const { calls } = mockFetch([
      {
        ...deleteCall,
        respond: () =>
          jsonResponse({ message: 'Current password is incorrect', code: 'INVALID_PASSWORD' }, 400),
      },
    ]);
    const { user, dialog } = await openDialog();

    // Empty: the shared schema refuses it before any request.
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeTruthy();
    expect(calls(deleteCall.method, deleteCall.path)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Current password'), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('Your current password is incorrect')).toBeTruthy();
    const [, init] = calls(deleteCall.method, deleteCall.path)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'wrong one' });
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('tells the last administrator why not', async () => {
    authStore.setState({ isInitialized: true, isAuthenticated: true, user: testUser });
    mockFetch([
      {
        ...deleteCall,
        respond: () =>
          jsonResponse(
            { message: 'There must be at least one active administrator', code: 'LAST_ADMIN' },
            409,
          ),
      },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(
      await within(dialog).findByText(
        'You are the last administrator. Make someone else an administrator first.',
      ),
    ).toBeTruthy();
  });

  it('once deleted, signs out here and opens the sign-in page with a confirmation', async () => {
    authStore.setState({ isInitialized: true, isAuthenticated: true, user: testUser });
    mockFetch([
      { ...deleteCall, respond: () => jsonResponse({ message: 'Your account was deleted' }) },
      { method: 'POST', path: '/api/account/logout', respond: () => new Response(null, { status: 401 }) },
      { method: 'POST', path: '/api/account/refresh', respond: () => new Response(null, { status: 401 }) },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(await screen.findByText('Your account was deleted')).toBeTruthy();
    await waitFor(() => expect(authStore.getState().isAuthenticated).toBe(false));
  });
});
