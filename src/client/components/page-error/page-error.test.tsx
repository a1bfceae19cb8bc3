import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DashboardErrorBoundary, DashboardLayout } from '../../layouts/dashboard/dashboard-layout.tsx';
import { setAccessToken } from '../../lib/api-client.ts';
import { authStore, initialAuthState } from '../../lib/auth/auth-store.ts';
import { fakeToken, jsonResponse, mockFetch, testUser, shellRoutes } from '../../testing/fetch-mock.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';

let broken = false;

function Flaky() {
  if (broken) throw new Error('render failed');
  return <h1>Recovered page</h1>;
}

describe('per-page error boundaries', () => {
  afterEach(() => authStore.setState({ ...initialAuthState }));

  function setup(routes: Parameters<typeof renderRoutes>[0], path: string) {
    setAccessToken(fakeToken(900));
    authStore.setState({ isInitialized: true, isAuthenticated: true, user: testUser });
    mockFetch([
      ...shellRoutes(),
      {
        path: '/api/notifications',
        respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
      },
    ]);
    // React reports the caught render error on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    return { ...renderRoutes(routes, { initialEntries: [path] }), consoleError };
  }

  it('a page that fails to render shows a friendly error with Retry inside the layout', async () => {
    broken = true;
    const { consoleError } = setup(
      [{ path: '/dashboard', Component: DashboardLayout, children: [{ path: 'broken', Component: Flaky }] }],
      '/dashboard/broken',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be displayed' }),
    ).toBeTruthy();
    // The shell stays: header buttons are still there.
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovered page' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  it('a page whose code cannot load shows the error inside the dashboard (route error boundary)', async () => {
    setup(
      [
        {
          path: '/dashboard',
          Component: DashboardLayout,
          ErrorBoundary: DashboardErrorBoundary,
          HydrateFallback: () => null,
          children: [
            {
              path: 'lazy',
              lazy: () =>
                Promise.reject(new Error('Failed to fetch dynamically imported module: /assets/x.js')),
            },
          ],
        },
      ],
      '/dashboard/lazy',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be displayed' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
