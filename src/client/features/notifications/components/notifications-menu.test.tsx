import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Notification } from '#shared/contract/notifications.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { NotificationsMenu } from './notifications-menu.tsx';

const notification = (overrides: Partial<Notification>): Notification => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  type: 'system',
  title: 'Maintenance tonight',
  body: '',
  link: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

describe('the notifications menu', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows a banking notification with its own icon', async () => {
    mockFetch([
      {
        path: '/api/notifications',
        respond: () =>
          jsonResponse({
            notifications: [
              notification({}),
              notification({
                id: '00000000-0000-4000-8000-0000000000b2',
                type: 'banking',
                title: 'Alice sent you $25.00',
                link: '/dashboard/banking',
              }),
            ],
            total: 2,
            page: 1,
            pageSize: 20,
            hasNextPage: false,
            unreadCount: 2,
          }),
      },
    ]);
    renderRoutes([
      {
        path: '/',
        element: (
          <NotificationsMenu id="menu" anchor={document.body} unreadCount={2} onClose={() => undefined} />
        ),
      },
    ]);
    const banking = (await screen.findByText('Alice sent you $25.00')).closest('li')!;
    expect(within(banking).getByTestId('AccountBalanceOutlinedIcon')).toBeTruthy();
    expect(within(banking).getByRole('link').getAttribute('href')).toBe('/dashboard/banking');
    const system = screen.getByText('Maintenance tonight').closest('li')!;
    expect(within(system).queryByTestId('AccountBalanceOutlinedIcon')).toBeNull();
    expect(within(system).getByTestId('SettingsOutlinedIcon')).toBeTruthy();
  });
});
