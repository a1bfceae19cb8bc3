import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import { setAccessToken } from '../../../lib/api-client.ts';
import { ACCESS_TOKEN_KEY, authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { fakeToken, jsonResponse, mockFetch, testUser, shellRoutes } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { createRoutes } from '../../router.tsx';

function signIn(user: User) {
  const token = fakeToken(900);
  window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  setAccessToken(token);
  authStore.setState({ isInitialized: true, isAuthenticated: true, user });
}

/** The dashboard shell may load notifications and the like; answer them with empty data. */
function mockDashboardApi() {
  return mockFetch([
    ...shellRoutes(),
    {
      path: '/api/notifications',
      respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
    },
  ]);
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('public and error routes', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
  });

  it.each([
    ['/pricing', 'Simple plans for growing teams', 'Pricing | Atrium'],
    ['/payment', 'Let’s finish powering you up!', 'Payment | Atrium'],
    ['/about-us', 'Who we are', 'About us | Atrium'],
    ['/contact-us', 'Feel free to contact us', 'Contact us | Atrium'],
    ['/faqs', 'Frequently asked questions', 'FAQs | Atrium'],
    ['/coming-soon', 'Coming soon!', 'Coming soon | Atrium'],
    ['/maintenance', 'Website currently under maintenance', 'Maintenance | Atrium'],
    ['/components', 'Components', 'Components | Atrium'],
    ['/403', 'No permission', '403 Forbidden | Atrium'],
    ['/404', 'Page not found', 'Page not found | Atrium'],
    ['/500', '500 Internal server error', '500 Internal server error | Atrium'],
    ['/no/such/page', 'Page not found', 'Page not found | Atrium'],
  ])('%s shows its page with one h1 and a title', async (path, heading, title) => {
    renderRoutes(createRoutes(), { initialEntries: [path] });
    expect(await h1(heading)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('error pages link home', async () => {
    renderRoutes(createRoutes(), { initialEntries: ['/403'] });
    await h1('No permission');
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });
});

describe('dashboard pages of this issue', () => {
  it('blank: the heading and an empty state', async () => {
    signIn(testUser);
    mockDashboardApi();
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/blank'] });
    expect(await h1('Blank')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
  });

  it('permission denied: admins see the content', async () => {
    signIn(testUser);
    mockDashboardApi();
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/permission-denied'] });
    expect(await h1('Permission denied')).toBeTruthy();
    expect(screen.getByText('You have access')).toBeTruthy();
    expect(screen.queryByText('You do not have permission to access this page.')).toBeNull();
  });

  it('permission denied: other users see the denial', async () => {
    signIn({ ...testUser, role: 'user' });
    mockDashboardApi();
    renderRoutes(createRoutes(), { initialEntries: ['/dashboard/permission-denied'] });
    expect(await h1('Permission denied')).toBeTruthy();
    expect(screen.getByText('You do not have permission to access this page.')).toBeTruthy();
    expect(screen.queryByText('You have access')).toBeNull();
  });
});
