import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { createRoutes } from '../../router.tsx';

const token = 'tok_abcdefghijklmnopqrstuv';
const base = `/api/files/public/${token}`;

/** Issue 27: a share link's page is in the route table, outside the dashboard's guard, with its texts. */
describe('/files/s/:token', () => {
  it('opens for a signed-out visitor: the password form, and the tab title', async () => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
    mockFetch([
      {
        path: base,
        respond: () =>
          jsonResponse({ message: 'This link needs its password', code: 'LINK_PASSWORD_REQUIRED' }, 401),
      },
    ]);
    renderRoutes(createRoutes(), { initialEntries: [`/files/s/${token}`] });
    expect(await screen.findByRole('heading', { name: 'This link is protected' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Shared file | Atrium'));
  });
});
