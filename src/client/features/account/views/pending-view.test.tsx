import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AuthGuard } from '../../../lib/auth/auth-guard.tsx';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, makeTestUser, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PendingView } from './pending-view.tsx';

function renderApp(initialEntry: string) {
  return renderRoutes(
    [
      { path: '/auth/pending', element: <PendingView /> },
      { path: '/auth/login', element: <p>Sign-in page</p> },
      {
        path: '/dashboard',
        element: <AuthGuard />,
        children: [{ index: true, element: <p>The dashboard</p> }],
      },
    ],
    { initialEntries: [initialEntry] },
  );
}

describe('an account waiting for approval', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: makeTestUser({ status: 'pending', email: 'wait@example.com' }),
    });
  });

  it('is kept out of the dashboard and told it waits', async () => {
    mockFetch([]);
    renderApp('/dashboard');
    expect(await screen.findByText('Your account is waiting for approval')).toBeTruthy();
    expect(screen.getByText(/We will mail wait@example.com/)).toBeTruthy();
    expect(screen.queryByText('The dashboard')).toBeNull();
  });

  it('moves on to the dashboard once an administrator approved it', async () => {
    mockFetch([
      {
        path: '/api/account/my-account',
        respond: () => jsonResponse({ user: makeTestUser({ status: 'active', email: 'wait@example.com' }) }),
      },
    ]);
    renderApp('/auth/pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
  });
});
