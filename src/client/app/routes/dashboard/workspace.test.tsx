import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import { appOverviewRoutes } from '../../../features/overview/testing/app-overview-fixtures.ts';
import { setAccessToken } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { fakeToken, jsonResponse, mockFetch, shellRoutes, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { createRoutes } from '../../router.tsx';

/** Issue 24 A: the Workspace settings page is for administrators, reached from the Management group. */

function signIn(user: User) {
  setAccessToken(fakeToken(900));
  authStore.setState({ isInitialized: true, isAuthenticated: true, user });
}

function api() {
  return mockFetch([
    ...shellRoutes(),
    {
      path: '/api/notifications',
      respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
    },
    {
      path: '/api/workspace/settings',
      respond: () =>
        jsonResponse({
          signup: 'verify',
          membersMayInvite: false,
          mailQuota: { perPersonHour: 50, perPersonDay: 200, instanceDay: 2000 },
          storageQuotaBytes: 1024 ** 3,
          version: 1,
        }),
    },
    { path: '/api/workspace/invitations', respond: () => jsonResponse({ invitations: [] }) },
    ...appOverviewRoutes(),
  ]);
}

async function openNav() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
  return screen.findByRole('navigation', { name: 'Main navigation' });
}

describe('/dashboard/workspace', () => {
  beforeEach(() => {
    setAccessToken(null);
  });

  it('an administrator opens it from the navigation', async () => {
    signIn(testUser);
    const { calls } = api();
    const { router } = renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });
    const nav = await openNav();
    await userEvent.click(within(nav).getByRole('link', { name: 'Workspace settings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Workspace settings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/workspace');
    expect(await screen.findByRole('radiogroup', { name: 'Registration' })).toBeTruthy();
    expect(calls('GET', '/api/workspace/settings')).toHaveLength(1);
  });

  it('is not offered to a member, and sends one who types its address to permission denied', async () => {
    signIn({ ...testUser, role: 'user' });
    const { calls } = api();
    const { router } = renderRoutes(createRoutes(), { initialEntries: ['/dashboard/app'] });
    const nav = await openNav();
    expect(within(nav).queryByRole('link', { name: 'Workspace settings' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await router.navigate('/dashboard/workspace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Permission denied' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/permission-denied');
    // The loader does not ask for what the API would refuse.
    expect(calls('GET', '/api/workspace/settings')).toHaveLength(0);
  });
});
