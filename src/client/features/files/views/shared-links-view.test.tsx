import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { FileLink } from '#shared/contract/files.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, makeTestUser, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { SharedLinksView } from './shared-links-view.tsx';

const ada = { id: '00000000-0000-4000-8000-00000000a001', name: 'Ada Lovelace', avatarUrl: null };
const bob = { id: '00000000-0000-4000-8000-00000000a002', name: 'Bob Stone', avatarUrl: null };

const link = (n: number, owner = ada): FileLink => ({
  id: `00000000-0000-4000-8000-00000000c00${n}`,
  token: `token_${n}_abcdefghijklmnopqrst`,
  item: { id: `00000000-0000-4000-8000-00000000f00${n}`, name: `Report ${n}.pdf`, type: 'file', kind: 'pdf' },
  owner,
  createdBy: owner,
  expiresAt: null,
  expired: false,
  hasPassword: n === 1,
  downloadOnly: false,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const page = (links: FileLink[]) => ({
  links,
  total: links.length,
  page: 1,
  pageSize: 25,
  hasNextPage: false,
});

function signIn(role: 'admin' | 'user') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: makeTestUser({ role }),
  });
}

describe('SharedLinksView', () => {
  afterEach(() => authStore.setState(initialAuthState));

  it('lists the person’s links and revokes one after confirming', async () => {
    signIn('user');
    let links = [link(1), link(2)];
    const { calls } = mockFetch([
      { path: '/api/files/links', respond: () => jsonResponse(page(links)) },
      {
        method: 'DELETE',
        path: `/api/files/links/${link(1).id}`,
        respond: () => {
          links = [link(2)];
          return new Response(null, { status: 204 });
        },
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SharedLinksView /> }]);

    const table = await screen.findByRole('grid', { name: 'Shared links' });
    expect(await within(table).findByText('Report 1.pdf')).toBeTruthy();
    // A person without the administrator role sees only their own links (no "All links" tab).
    expect(screen.queryByRole('tab', { name: 'All links' })).toBeNull();
    expect(
      new URL(String(calls('GET', '/api/files/links')[0]![0]), 'http://x').searchParams.get('scope'),
    ).toBe('mine');

    await user.click(within(table).getByRole('button', { name: 'Revoke the link to Report 1.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));

    await waitFor(() => expect(within(table).queryByText('Report 1.pdf')).toBeNull());
    expect(calls('DELETE', `/api/files/links/${link(1).id}`)).toHaveLength(1);
    expect(within(table).getByText('Report 2.pdf')).toBeTruthy();
  });

  it('lets an administrator see everyone’s links, with their owners', async () => {
    signIn('admin');
    const { calls } = mockFetch([
      {
        path: '/api/files/links',
        respond: ({ url }) =>
          jsonResponse(
            page(
              new URL(url, 'http://x').searchParams.get('scope') === 'all'
                ? [link(1), link(3, bob)]
                : [link(1)],
            ),
          ),
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SharedLinksView /> }]);

    await screen.findByText('Report 1.pdf');
    await user.click(screen.getByRole('tab', { name: 'All links' }));
    expect(await screen.findByText('Report 3.pdf')).toBeTruthy();
    expect(screen.getByText('Bob Stone')).toBeTruthy();
    expect(calls('GET', '/api/files/links').some(([input]) => String(input).includes('scope=all'))).toBe(
      true,
    );
  });
});
