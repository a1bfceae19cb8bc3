import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import { appOverviewRoutes } from '../features/overview/testing/app-overview-fixtures.ts';
import { setAccessToken } from '../lib/api-client.ts';
import { ACCESS_TOKEN_KEY, authStore, initialAuthState } from '../lib/auth/auth-store.ts';
import { settingsStore } from '../lib/settings/settings-store.ts';
import {
  fakeToken,
  jsonResponse,
  mockFetch,
  testUser,
  type MockRoute,
  shellRoutes,
} from '../testing/fetch-mock.ts';
import { renderRoutes } from '../testing/test-utils.tsx';
import { createRoutes } from './router.tsx';

const configRoute: MockRoute = { path: '/api/config', respond: () => jsonResponse({ demo: null }) };
/** What the signed-in header asks for (the notifications button's unread count). */
const notificationsRoute: MockRoute = {
  path: '/api/notifications',
  respond: () =>
    jsonResponse({ notifications: [], total: 0, page: 1, pageSize: 20, hasNextPage: false, unreadCount: 0 }),
};

function signIn(user: User = testUser) {
  const token = fakeToken(900);
  window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  setAccessToken(token);
  authStore.setState({ isInitialized: true, isAuthenticated: true, user });
  return token;
}

/** Below 1200 px (jsdom) the navigation is a drawer opened from the header. */
async function openNav() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

function renderApp(path: string) {
  return renderRoutes(createRoutes(), { initialEntries: [path] });
}

describe('routes and guards', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
  });

  it('shows the sign-in page with its demo notice already in place (nothing moves when the config arrives)', async () => {
    mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      {
        path: '/api/config',
        respond: () =>
          new Promise((resolve) =>
            setTimeout(() => resolve(jsonResponse({ demo: { email: 'demo@atrium.dev' } })), 300),
          ),
      },
      ...appOverviewRoutes(),
    ]);
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeTruthy();
    // In the same render as the heading: the route loader waited for the config.
    expect(screen.getByText(/Demo account: demo@atrium\.dev/)).toBeTruthy();
  });

  it('sends an anonymous visitor of a dashboard page to sign-in with returnTo', async () => {
    mockFetch([notificationsRoute, configRoute]);
    const { router } = renderApp('/dashboard/mail?label=inbox');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/dashboard/mail?label=inbox',
    );
  });

  it('shows the shell as blocks, in the person’s layout, while the session is being restored', async () => {
    authStore.setState({ ...initialAuthState });
    settingsStore.setState({ themeLayout: 'mini' });
    renderApp('/dashboard/app');
    const shell = await screen.findByRole('status', { name: 'Loading…' });
    expect(shell.dataset.layout).toBe('mini');
    expect(shell.querySelector('.atrium-shell__nav')).not.toBeNull();
    settingsStore.setState({ themeLayout: 'vertical' });
  });

  it('redirects /, /dashboard and /auth', async () => {
    signIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/app');

    authStore.setState({ ...initialAuthState, isInitialized: true });
    mockFetch([notificationsRoute, configRoute]);
    await router.navigate('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('sends a signed-in visitor of a guest page to the dashboard', async () => {
    signIn();
    const { router } = renderApp('/auth/register');
    expect(await screen.findByText('Welcome back, Ada Lovelace')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/app');
  });

  it('keeps login-unprotected reachable while signed in', async () => {
    signIn();
    mockFetch([notificationsRoute, configRoute]);
    renderApp('/auth/login-unprotected');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeTruthy();
  });

  it('shows the dashboard: the overview with its welcome card, and the navigation', async () => {
    signIn();
    mockFetch([notificationsRoute, ...shellRoutes(), configRoute, ...appOverviewRoutes()]);
    renderApp('/dashboard/app');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' })).toBeTruthy();
    expect(await screen.findByText('All clear: nothing needs you today.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Active people' })).toBeTruthy();
    const nav = await openNav();
    expect(within(nav).getByRole('link', { name: 'App' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('link', { name: /^Item by roles/ }));
    // Following a link closes the drawer.
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission denied' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
    expect(screen.queryByText(/Please confirm your email address/)).toBeNull();
  });

  it('hides admin-only navigation items from a user', async () => {
    signIn({ ...testUser, role: 'user' });
    renderApp('/dashboard/app');
    const nav = await openNav();
    await userEvent.click(within(nav).getByRole('button', { name: 'User' }));
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'List' })).toBeNull();
  });

  it('renders the 404 view for unknown paths, inside and outside the dashboard', async () => {
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');

    signIn();
    await router.navigate('/dashboard/no-such-page');
    expect(await screen.findByRole('button', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('logs out from the account popover and lands on the sign-in page', async () => {
    const token = signIn();
    const { calls } = mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      configRoute,
      { method: 'POST', path: '/api/account/logout', respond: () => new Response(null, { status: 204 }) },
      {
        path: '/api/presence/me',
        respond: () =>
          jsonResponse({
            choice: 'busy',
            presence: { userId: testUser.id, status: 'busy', lastActivity: new Date().toISOString() },
          }),
      },
      ...appOverviewRoutes(),
    ]);
    const { router } = renderApp('/dashboard/app');

    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    expect(await screen.findByText('ada@example.com', { selector: 'p' })).toBeTruthy();
    // The status the person chose is the checked one.
    await waitFor(() =>
      expect(screen.getByRole('menuitemradio', { name: 'Busy' }).getAttribute('aria-checked')).toBe('true'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new Headers(calls('POST', '/api/account/logout')[0]?.[1]?.headers).get('authorization')).toBe(
      `Bearer ${token}`,
    );
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });
});

describe('email verification', () => {
  it('shows the banner while unverified; entering the code verifies and removes it', async () => {
    signIn({ ...testUser, emailVerified: false });
    const { calls } = mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      {
        method: 'POST',
        path: '/api/account/verify-email',
        respond: ({ body }) =>
          (body as { code: string }).code === '123456'
            ? jsonResponse({ user: { ...testUser, emailVerified: true } })
            : jsonResponse({ message: 'The code is invalid or has expired', code: 'INVALID_CODE' }, 400),
      },
      {
        method: 'POST',
        path: '/api/account/resend-verification',
        respond: () => jsonResponse({ message: 'A new code has been sent to ada@example.com.' }),
      },
      ...appOverviewRoutes(),
    ]);
    const { router } = renderApp('/dashboard/app');

    const banner = await screen.findByText(
      'Please confirm your email address. We sent a 6-digit code to ada@example.com.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(calls('POST', '/api/account/resend-verification')).toHaveLength(1));
    expect(banner).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Enter code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verify');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');

    await userEvent.type(screen.getByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is invalid or has expired')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('6-digit code'));
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Your email address is confirmed.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/app'));
    expect(authStore.getState().user?.emailVerified).toBe(true);
    expect(screen.queryByText(/Please confirm your email address/)).toBeNull();
  });
});

describe('password reset', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
  });

  it('email → code → new password → sign-in page', async () => {
    const { calls } = mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      configRoute,
      {
        method: 'POST',
        path: '/api/account/forgot-password',
        respond: () =>
          jsonResponse({
            message: 'If an account exists for this email, a 6-digit code has been sent to it.',
          }),
      },
      {
        method: 'POST',
        path: '/api/account/new-password',
        respond: () => jsonResponse({ message: 'Your password has been updated. You can sign in now.' }),
      },
      ...appOverviewRoutes(),
    ]);
    const { router } = renderApp('/auth/reset-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email address'), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verify');
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('reset');
    expect(calls('POST', '/api/account/forgot-password')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('6-digit code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    expect(router.state.location.search).not.toContain('654321');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('654321');

    await userEvent.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'something-else');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls('POST', '/api/account/new-password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeTruthy();
    expect(calls('POST', '/api/account/new-password')[0]?.[1]?.body).toBe(
      JSON.stringify({ email: 'ada@example.com', code: '654321', password: 'a-brand-new-password' }),
    );
    expect(await screen.findByText('Your password has been updated. You can sign in now.')).toBeTruthy();
  });

  it('new-password works when opened directly and shows a server error', async () => {
    mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      {
        method: 'POST',
        path: '/api/account/new-password',
        respond: () =>
          jsonResponse({ message: 'The code is invalid or has expired', code: 'INVALID_CODE' }, 400),
      },
      ...appOverviewRoutes(),
    ]);
    renderApp('/auth/new-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('6-digit code'), '111111');
    await userEvent.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The code is invalid or has expired')).toBeTruthy();
  });
});

/** The register page asks the workspace's sign-up policy first (ADR 034): the default, `verify`. */
const signupPolicyRoute = {
  path: '/api/workspace/signup',
  respond: () => jsonResponse({ signup: 'verify', firstAccount: false }),
};

describe('registration', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
  });

  it('shows a common-password answer on the password field, then signs in and shows the banner', async () => {
    let attempts = 0;
    mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      signupPolicyRoute,
      {
        method: 'POST',
        path: '/api/account/register',
        respond: () => {
          attempts += 1;
          if (attempts === 1) {
            return jsonResponse(
              {
                message: 'password: This password is too common; choose another',
                code: 'VALIDATION_FAILED',
                issues: [{ path: ['password'], message: 'This password is too common; choose another' }],
              },
              400,
            );
          }
          return jsonResponse({
            accessToken: fakeToken(900),
            user: { ...testUser, role: 'user', emailVerified: false },
          });
        },
      },
      ...appOverviewRoutes(),
    ]);
    const { router } = renderApp('/auth/register');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get started absolutely free' }),
    ).toBeTruthy();
    // The form shows once the sign-up policy is known.
    await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('This password is too common; choose another')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(/Please confirm your email address/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/app');
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull();
  });

  it('shows an email-taken answer in an alert', async () => {
    mockFetch([
      notificationsRoute,
      ...shellRoutes(),
      signupPolicyRoute,
      {
        method: 'POST',
        path: '/api/account/register',
        respond: () =>
          jsonResponse({ message: 'An account with this email already exists', code: 'EMAIL_TAKEN' }, 409),
      },
      ...appOverviewRoutes(),
    ]);
    renderApp('/auth/register');

    await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An account with this email already exists')).toBeTruthy();
  });
});
