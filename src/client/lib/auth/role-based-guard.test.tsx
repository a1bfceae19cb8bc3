import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import { testUser } from '../../testing/fetch-mock.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { authStore, initialAuthState } from './auth-store.ts';
import { RoleBasedGuard } from './role-based-guard.tsx';

function as(user: User | null) {
  authStore.setState({ isInitialized: true, isAuthenticated: user !== null, user });
}

function renderGuard(props: { hasContent?: boolean; redirectTo?: string }) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <RoleBasedGuard roles={['admin']} {...props}>
          <p>Secret admin content</p>
        </RoleBasedGuard>
      ),
    },
    { path: '/dashboard/permission-denied', element: <p>Sent to the denial page</p> },
  ]);
}

describe('RoleBasedGuard', () => {
  beforeEach(() => authStore.setState({ ...initialAuthState }));

  it('shows its children to an allowed role', () => {
    as(testUser);
    renderGuard({ hasContent: true });
    expect(screen.getByText('Secret admin content')).toBeTruthy();
  });

  it('shows the denial to other roles with hasContent, nothing without it', () => {
    as({ ...testUser, role: 'user' });
    const { unmount } = renderGuard({ hasContent: true });
    expect(screen.getByRole('heading', { level: 2, name: 'Permission denied' })).toBeTruthy();
    expect(screen.queryByText('Secret admin content')).toBeNull();
    unmount();

    renderGuard({});
    expect(screen.queryByText('Secret admin content')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('denies a visitor without a user, and can redirect instead', async () => {
    as(null);
    renderGuard({ redirectTo: '/dashboard/permission-denied' });
    expect(await screen.findByText('Sent to the denial page')).toBeTruthy();
  });
});
