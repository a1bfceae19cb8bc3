import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Notification, NotificationPage } from '#shared/contract/notifications.ts';

import { createRoutes } from '../../app/router.tsx';
import { appOverviewRoutes } from '../../features/overview/testing/app-overview-fixtures.ts';
import { setAccessToken } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth/auth-store.ts';
import { readCookie } from '../../lib/settings/cookies.ts';
import { settingsStore } from '../../lib/settings/settings-store.ts';
import { changeLanguage } from '../../locales/i18n.ts';
import { fakeToken, jsonResponse, mockFetch, testUser, shellRoutes } from '../../testing/fetch-mock.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    type: 'account',
    title: 'Welcome to Atrium',
    body: 'Your account is ready.',
    link: '/dashboard/user/account',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

function signIn() {
  const token = fakeToken(900);
  setAccessToken(token);
  authStore.setState({ isInitialized: true, isAuthenticated: true, user: testUser });
}

describe('dashboard shell', () => {
  beforeEach(signIn);
  afterEach(async () => {
    settingsStore.getState().reset();
    settingsStore.getState().closeDrawer();
    await changeLanguage('en');
  });

  it('shows the unread count, lists notifications by tab and marks all as read', async () => {
    let unread = [
      notification({}),
      notification({ id: '00000000-0000-4000-8000-0000000000a2', title: 'New sign-in', type: 'security' }),
    ];
    const read = notification({
      id: '00000000-0000-4000-8000-0000000000a3',
      title: 'Old news',
      readAt: new Date().toISOString(),
    });
    const { calls } = mockFetch([
      ...shellRoutes(),
      {
        path: '/api/notifications',
        respond: ({ url }) => {
          const filter = new URL(url, 'http://localhost').searchParams.get('filter');
          const list = filter === 'unread' ? unread : [...unread, read];
          const page: NotificationPage = {
            notifications: list,
            total: list.length,
            page: 1,
            pageSize: 20,
            hasNextPage: false,
            nextCursor: null,
            unreadCount: unread.length,
          };
          return jsonResponse(page);
        },
      },
      {
        method: 'POST',
        path: '/api/notifications/mark-all-read',
        respond: () => {
          unread = [];
          return jsonResponse({ unreadCount: 0 });
        },
      },
      ...appOverviewRoutes(),
    ]);
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });

    // The file's first render loads the lazy shell and page, transformed cold on a fresh CI machine.
    const button = await screen.findByRole('button', { name: 'Notifications' }, { timeout: 15_000 });
    await waitFor(() => expect(button.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Unread: 2',
    );
    expect(button.querySelector('[data-count="2"]')).not.toBeNull();
    await userEvent.click(button);
    const dialog = await screen.findByRole('heading', { name: 'Notifications' });
    expect(dialog).toBeTruthy();
    expect(await screen.findByText('Old news')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Welcome to Atrium/ }).getAttribute('href')).toBe(
      '/dashboard/user/account',
    );
    expect(screen.getAllByText('5 minutes ago').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(screen.queryByText('Old news')).toBeNull());
    expect(screen.getByText('New sign-in')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read.')).toBeTruthy();
    expect(await screen.findByText('You have read all your notifications.')).toBeTruthy();
    expect(calls('POST', '/api/notifications/mark-all-read')).toHaveLength(1);
  });

  it('shows unread chat messages on the Chat nav item and in the tab title, unread mail on the Mail item', async () => {
    mockFetch([
      ...shellRoutes({ chatUnread: 3, mailUnread: 7 }),
      {
        path: '/api/notifications',
        respond: () =>
          jsonResponse({
            notifications: [],
            total: 0,
            page: 1,
            pageSize: 20,
            hasNextPage: false,
            nextCursor: null,
            unreadCount: 0,
          }),
      },
      ...appOverviewRoutes(),
    ]);
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });

    await waitFor(() => expect(document.title).toMatch(/^\(3\) .+ \| Atrium$/));
    // On a narrow window the navigation is a drawer whose code loads on first use.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: /Chat/ }).textContent).toContain('3');
    expect(within(nav).getByRole('link', { name: /Mail/ }).textContent).toContain('7');
  });

  it('shows an error with Retry when notifications cannot be loaded', async () => {
    mockFetch([
      ...shellRoutes(),
      { path: '/api/notifications', respond: () => jsonResponse({ message: 'Down' }, 503) },
      ...appOverviewRoutes(),
    ]);
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('the settings drawer changes the settings, shows the red dot and resets', async () => {
    mockFetch([
      ...shellRoutes(),
      {
        path: '/api/notifications',
        respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
      },
      ...appOverviewRoutes(),
    ]);
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    const group = (name: string) => within(drawer).getByRole('radiogroup', { name });

    expect(within(group('Mode')).getByRole('radio', { name: 'Light' })).toHaveProperty('checked', true);
    await userEvent.click(within(group('Mode')).getByRole('radio', { name: 'Dark' }));
    await userEvent.click(within(group('Layout')).getByRole('radio', { name: 'Mini' }));
    await userEvent.click(within(group('Presets')).getByRole('radio', { name: 'Purple' }));
    await userEvent.click(within(drawer).getByRole('switch', { name: 'Stretch' }));
    expect(settingsStore.getState()).toMatchObject({
      themeMode: 'dark',
      themeLayout: 'mini',
      themeColorPresets: 'purple',
      themeStretch: true,
    });
    expect(readCookie('themeColorPresets')).toBe('purple');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(drawer.querySelector('.MuiBadge-dot:not(.MuiBadge-invisible)')).not.toBeNull();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Reset' }));
    expect(settingsStore.getState()).toMatchObject({ themeMode: 'light', themeLayout: 'vertical' });
    expect(readCookie('themeMode')).toBeNull();
    expect(await screen.findByText('Display settings are back to their defaults.')).toBeTruthy();
    expect(drawer.querySelector('.MuiBadge-dot:not(.MuiBadge-invisible)')).toBeNull();
  });

  it('choosing Arabic in the language menu turns the page right to left and translates it', async () => {
    mockFetch([
      ...shellRoutes(),
      {
        path: '/api/notifications',
        respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
      },
      ...appOverviewRoutes(),
    ]);
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Arabic (Sudan)' }));
    expect(await screen.findByRole('button', { name: 'الحساب' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(settingsStore.getState().themeDirection).toBe('rtl');
  });

  it('the command palette lists the pages the user may open and opens the chosen one', async () => {
    mockFetch([
      ...shellRoutes(),
      {
        path: '/api/notifications',
        respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
      },
      ...appOverviewRoutes(),
    ]);
    const { router } = renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });
    await screen.findByRole('button', { name: 'Account' });
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const input = within(dialog).getByRole('combobox', { name: 'Search pages' });
    await userEvent.type(input, 'calendar');
    expect(within(dialog).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/calendar'));
  });
});
