import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { fakeToken, jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { LoginView } from '../views/login-view.tsx';

function renderLogin(initialEntry = '/auth/login') {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginView /> },
      { path: '*', element: <p>Landed on another page</p> },
    ],
    { initialEntries: [initialEntry] },
  );
}

describe('login form', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
  });

  it('shows the translated inline errors on an empty submit, without calling the server', async () => {
    const { calls } = mockFetch([{ path: '/api/config', respond: () => jsonResponse({ demo: null }) }]);
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('validation.emailRequired')).toBeNull();
    expect(calls('POST', '/api/account/login')).toHaveLength(0);
  });

  it('translates the invalid-email message', async () => {
    mockFetch([{ path: '/api/config', respond: () => jsonResponse({ demo: null }) }]);
    renderLogin();

    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it('shows the server message of a 401 in an error alert and stays on the page', async () => {
    mockFetch([
      { path: '/api/config', respond: () => jsonResponse({ demo: null }) },
      {
        method: 'POST',
        path: '/api/account/login',
        respond: () => jsonResponse({ message: 'Invalid email or password' }, 401),
      },
    ]);
    renderLogin();

    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid email or password')).toBeTruthy();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(screen.queryByText('Landed on another page')).toBeNull();
  });

  it('signs in and goes to the validated returnTo', async () => {
    mockFetch([
      { path: '/api/config', respond: () => jsonResponse({ demo: null }) },
      {
        method: 'POST',
        path: '/api/account/login',
        respond: () => jsonResponse({ accessToken: fakeToken(900), user: testUser }),
      },
    ]);
    const { router } = renderLogin('/auth/login?returnTo=%2Fdashboard%2Fmail%3Flabel%3Dinbox');

    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Landed on another page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/mail');
    expect(router.state.location.search).toBe('?label=inbox');
    expect(authStore.getState().user).toEqual(testUser);
  });

  it('names the demo account and where its password is, never a password; the password toggle works', async () => {
    mockFetch([{ path: '/api/config', respond: () => jsonResponse({ demo: { email: 'demo@atrium.dev' } }) }]);
    renderLogin();

    expect(
      await screen.findByText(
        'Demo account: demo@atrium.dev. Its password is printed when the server starts and kept in the file demo-password of the data folder (DATA_DIR).',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use demo account' }));
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('demo@atrium.dev');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });
});
