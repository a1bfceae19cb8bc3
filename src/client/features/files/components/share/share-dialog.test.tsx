import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { FileLink, FileShare } from '#shared/contract/files.ts';

import { jsonResponse, mockFetch } from '../../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../../testing/test-utils.tsx';
import { ShareDialog } from './share-dialog.tsx';

const item = { id: '00000000-0000-4000-8000-00000000f001', name: 'Plans', type: 'folder' as const };
const ada = { id: '00000000-0000-4000-8000-00000000a001', name: 'Ada Lovelace', avatarUrl: null };
const share: FileShare = {
  user: ada,
  role: 'view',
  inheritedFrom: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const link: FileLink = {
  id: '00000000-0000-4000-8000-00000000c001',
  token: 'abcdefghijklmnopqrstuvwx',
  item: { id: item.id, name: item.name, type: 'folder', kind: 'folder' },
  owner: ada,
  createdBy: ada,
  expiresAt: null,
  expired: false,
  hasPassword: true,
  downloadOnly: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderDialog() {
  return renderRoutes([{ path: '/', element: <ShareDialog items={[item]} open onClose={() => {}} /> }]);
}

describe('ShareDialog', () => {
  it('changes a person’s access from can view to can edit, and stops sharing with them', async () => {
    let shares = [share];
    const { calls } = mockFetch([
      { path: `/api/files/items/${item.id}/shares`, respond: () => jsonResponse({ shares }) },
      {
        method: 'PUT',
        path: `/api/files/items/${item.id}/shares/${ada.id}`,
        respond: ({ body }) => {
          shares = [{ ...share, role: (body as { role: 'view' | 'edit' }).role }];
          return jsonResponse({ share: shares[0] });
        },
      },
      {
        method: 'DELETE',
        path: `/api/files/items/${item.id}/shares/${ada.id}`,
        respond: () => {
          shares = [];
          return new Response(null, { status: 204 });
        },
      },
    ]);
    const user = userEvent.setup();
    renderDialog();

    const people = await screen.findByRole('list', { name: 'People with access' });
    expect(within(people).getByText('Ada Lovelace')).toBeTruthy();
    await user.click(within(people).getByRole('combobox', { name: 'Access of Ada Lovelace' }));
    await user.click(await screen.findByRole('option', { name: 'Can edit' }));

    await waitFor(() => expect(calls('PUT', `/api/files/items/${item.id}/shares/${ada.id}`)).toHaveLength(1));
    const [, init] = calls('PUT', `/api/files/items/${item.id}/shares/${ada.id}`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'edit' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'People with access' })).getByRole('combobox', {
          name: 'Access of Ada Lovelace',
        }).textContent,
      ).toBe('Can edit'),
    );

    await user.click(screen.getByRole('button', { name: 'Stop sharing with Ada Lovelace' }));
    expect(await screen.findByText('Only you have access.')).toBeTruthy();
    expect(calls('DELETE', `/api/files/items/${item.id}/shares/${ada.id}`)).toHaveLength(1);
  });

  it('creates a link with a password, download only, and copies its address', async () => {
    let links: FileLink[] = [];
    const { calls } = mockFetch([
      { path: `/api/files/items/${item.id}/shares`, respond: () => jsonResponse({ shares: [] }) },
      { path: `/api/files/items/${item.id}/links`, respond: () => jsonResponse({ links }) },
      {
        method: 'POST',
        path: `/api/files/items/${item.id}/links`,
        respond: ({ body }) => {
          const made = { ...link, downloadOnly: (body as { downloadOnly: boolean }).downloadOnly };
          links = [made];
          return jsonResponse({ link: made }, 201);
        },
      },
    ]);
    const user = userEvent.setup();
    // After user-event's own clipboard stub.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderDialog();

    await user.click(await screen.findByRole('tab', { name: 'Links' }));
    expect(await screen.findByText('No links yet.')).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create link' });

    await user.click(screen.getByRole('switch', { name: 'Password' }));
    // A password link without its password is not made.
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Link password'), 's3cret!');
    await user.click(screen.getByRole('switch', { name: 'Download only (no preview)' }));
    await user.click(create);

    await waitFor(() => expect(calls('POST', `/api/files/items/${item.id}/links`)).toHaveLength(1));
    const [, init] = calls('POST', `/api/files/items/${item.id}/links`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      expiresAt: null,
      password: 's3cret!',
      downloadOnly: true,
    });
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/files/s/${link.token}`),
    );
    expect(await screen.findByText('Link created and copied')).toBeTruthy();
    expect(await screen.findByText('Download only')).toBeTruthy();
    expect(screen.getByText('No expiry')).toBeTruthy();
  });

  it('shares several items with the picked people at once (no links tab)', async () => {
    const second = { id: '00000000-0000-4000-8000-00000000f002', name: 'Notes.txt', type: 'file' as const };
    mockFetch([]);
    renderRoutes([{ path: '/', element: <ShareDialog items={[item, second]} open onClose={() => {}} /> }]);
    expect(await screen.findByRole('heading', { name: 'Share 2 items' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Links' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
