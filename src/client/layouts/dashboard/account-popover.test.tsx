import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { authStore } from '../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../testing/fetch-mock.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { AccountPopover } from './account-popover.tsx';

/** The menu's code arrives when the test says so (a slow network), not on its own. */
const menuCode = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('./account-menu.tsx', async (importOriginal) => {
  await menuCode.arrived;
  return importOriginal();
});

describe('account popover (issue #24: Escape while the menu is still opening)', () => {
  beforeEach(() => {
    authStore.setState({ isInitialized: true, isAuthenticated: true, user: testUser });
    mockFetch([
      {
        path: '/api/presence/me',
        respond: () =>
          jsonResponse({ presence: { userId: testUser.id, status: 'online', lastActivity: null } }),
      },
    ]);
  });

  it('stays closed when Escape came before its code; once loaded, a click opens it and Escape closes it', async () => {
    renderRoutes([{ path: '/', element: <AccountPopover /> }]);
    const account = await screen.findByRole('button', { name: 'Account' });

    await userEvent.click(account);
    await userEvent.keyboard('{Escape}');
    await act(async () => {
      menuCode.release();
      await vi.dynamicImportSettled();
    });
    // The code is there; the person had already said no.
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(account.getAttribute('aria-expanded')).toBeNull();

    // Now a click opens it in the same update, focus inside: Escape closes it at once.
    await userEvent.click(account);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(account.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(account.getAttribute('aria-expanded')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull());

    // Escape that lands on the button before the opening menu has taken the focus closes it as well.
    await userEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(account, { key: 'Escape' });
    expect(account.getAttribute('aria-expanded')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull());
  });
});
