import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

import { setAccessToken } from '../../../lib/api-client.ts';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { FakeSocket } from '../../../lib/realtime/fake-socket.ts';
import { realtime } from '../../../lib/realtime/realtime-client.ts';
import { fakeToken, testUser, type mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';

/** What the two dashboards' view tests share: the viewer's clock, signing in, the widgets, the live link. */

/**
 * In the `describe` calling it: the date is `now` (the timers keep running) and the browser's time zone
 * `timeZone`, so the dashboard's range is the viewer's days.
 */
export function viewerClock(now: Date, timeZone: string) {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone };
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** The test user, signed in as an administrator or a member. */
export const signIn = (role: 'admin' | 'user') =>
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });

/** The dashboard at `path` (`element` its view), any other address a plain "elsewhere". */
export function renderDashboard(dashboardPath: string, element: ReactElement, path = dashboardPath) {
  return renderRoutes(
    [
      { path: dashboardPath, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
}

/** A widget card by its title (each card is a region named by it). */
export const widget = (name: string) => screen.findByRole('region', { name });

/** The query of each `GET` of `path` (the overview's), in order. */
export const queriesOf = (calls: ReturnType<typeof mockFetch>['calls'], path: string) =>
  calls('GET', path).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );

/** Twelve months' values, from `{ monthIndex: value }` (the others 0). */
export const months = (values: Record<number, number>) =>
  Array.from({ length: 12 }, (_, index) => values[index] ?? 0);

/** The realtime client on a fake socket, signed in: call `realtime.stop()` when done. */
export function startRealtime() {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.all = [];
  setAccessToken(fakeToken(900));
  realtime.start();
}

/**
 * The socket the view opened, once it is open and ready and the view listens (the realtime client's code
 * has loaded): send it the server's events.
 */
export async function readySocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const server = FakeSocket.all.at(-1)!;
  server.open();
  server.message({ type: 'ready' });
  await act(() => vi.dynamicImportSettled());
  return server;
}
