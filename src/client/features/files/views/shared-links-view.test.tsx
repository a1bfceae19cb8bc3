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

  it('changes a link: download only on, its password removed; only what changed is sent', async () => {
    signIn('user');
    let links = [link(1), link(2)];
    const { calls } = mockFetch([
      { path: '/api/files/links', respond: () => jsonResponse(page(links)) },
      {
        method: 'PATCH',
        path: `/api/files/links/${link(1).id}`,
        respond: ({ body }) => {
          const changes = body as { password?: string | null; downloadOnly?: boolean };
          const changed = {
            ...link(1),
            hasPassword: changes.password === null ? false : link(1).hasPassword,
            downloadOnly: changes.downloadOnly ?? false,
          };
          links = [changed, link(2)];
          return jsonResponse({ link: changed });
        },
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SharedLinksView /> }]);

    const table = await screen.findByRole('grid', { name: 'Shared links' });
    await within(table).findByText('Report 1.pdf');
    expect(within(table).getAllByText('Password')).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Change the link to Report 1.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to Report 1.pdf' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Filled from the link: a password (kept when left empty), no expiry; nothing changed yet.
    expect((within(dialog).getByRole('switch', { name: 'Password' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Leave empty to keep the current password')).toBeTruthy();
    expect((within(dialog).getByRole('switch', { name: 'Expires' }) as HTMLInputElement).checked).toBe(false);
    expect(save.disabled).toBe(true);

    await user.click(within(dialog).getByRole('switch', { name: 'Download only (no preview)' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Password' }));
    await user.click(save);

    await waitFor(() => expect(calls('PATCH', `/api/files/links/${link(1).id}`)).toHaveLength(1));
    const [, init] = calls('PATCH', `/api/files/links/${link(1).id}`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ password: null, downloadOnly: true });
    expect(await screen.findByText('Link updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link to Report 1.pdf' })).toBeNull());
    // The list shows the new conditions.
    expect(await within(table).findByText('Download only')).toBeTruthy();
    expect(within(table).queryByText('Password')).toBeNull();
  });

  it('gives a link a password and an expiry, and shows the server’s refusal', async () => {
    signIn('user');
    const { calls } = mockFetch([
      { path: '/api/files/links', respond: () => jsonResponse(page([link(2)])) },
      {
        method: 'PATCH',
        path: `/api/files/links/${link(2).id}`,
        respond: () => jsonResponse({ message: 'Only the owner changes this link' }, 403),
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SharedLinksView /> }]);

    await user.click(await screen.findByRole('button', { name: 'Change the link to Report 2.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link to Report 2.pdf' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.click(within(dialog).getByRole('switch', { name: 'Password' }));
    // A link without a password needs one typed.
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Link password'), 'n3w secret');
    await user.click(within(dialog).getByRole('switch', { name: 'Expires' }));
    await user.click(save);

    await waitFor(() => expect(calls('PATCH', `/api/files/links/${link(2).id}`)).toHaveLength(1));
    const [, init] = calls('PATCH', `/api/files/links/${link(2).id}`)[0]!;
    const body = JSON.parse(String(init?.body)) as { expiresAt: string; password: string };
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'password']);
    expect(body.password).toBe('n3w secret');
    // A week from today by default, to the end of that day.
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8);
    expect(await screen.findByText('Only the owner changes this link')).toBeTruthy();
    // The dialog stays open with what was typed.
    expect(screen.getByRole('dialog', { name: 'Link to Report 2.pdf' })).toBeTruthy();
  });
});
