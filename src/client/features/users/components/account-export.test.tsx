import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AccountExport as ExportRow } from '#shared/contract/users.ts';

import { saveFile } from '../../../lib/save-file.ts';
import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { AccountExport } from './account-export.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

const id = '7e000000-0000-4000-8000-000000000001';
const preparing: ExportRow = {
  id,
  status: 'preparing',
  size: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
};
const ready: ExportRow = {
  ...preparing,
  status: 'ready',
  size: 2048,
  readyAt: '2026-11-27T10:00:05.000Z',
  expiresAt: '2026-12-04T10:00:05.000Z',
};

describe('AccountExport', () => {
  it('prepares my data, follows it until it is ready, and downloads the zip', async () => {
    let exports: ExportRow[] = [];
    let asks = 0;
    const { calls } = mockFetch([
      {
        path: '/api/account/exports',
        respond: () => {
          // Preparing for the first look after the request, ready from the next.
          if (exports.length && ++asks > 1) exports = [ready];
          return jsonResponse({ exports });
        },
      },
      {
        method: 'POST',
        path: '/api/account/exports',
        respond: () => {
          exports = [preparing];
          return jsonResponse({ export: preparing }, 202);
        },
      },
      {
        path: `/api/account/exports/${id}/download`,
        respond: () => new Response(new Blob(['PK zip']), { headers: { 'content-type': 'application/zip' } }),
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AccountExport /> }]);

    const section = await screen.findByRole('region', { name: 'Download my data' }, { timeout: 15_000 });
    await user.click(within(section).getByRole('button', { name: 'Prepare my data' }));
    expect(
      await screen.findByText('Your data is being prepared. We will tell you when it is ready.'),
    ).toBeTruthy();
    const list = await within(section).findByRole('list', { name: 'My data exports' });
    expect(await within(list).findByText('Preparing')).toBeTruthy();
    expect(
      (within(section).getByRole('button', { name: 'Prepare my data' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // Asked again while it is preparing, until it is ready.
    expect(await within(list).findByText('Ready', {}, { timeout: 6000 })).toBeTruthy();
    expect(within(list).getByText(/^2 kB · the link works until Dec [45], 2026/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[0]).toBe('atrium-data-2026-11-27.zip');
    expect(calls('GET', `/api/account/exports/${id}/download`)).toHaveLength(1);
  });

  it('says when the link has lapsed, and offers no download', async () => {
    mockFetch([
      {
        path: '/api/account/exports',
        respond: () => jsonResponse({ exports: [{ ...ready, status: 'expired', size: null }] }),
      },
    ]);
    renderRoutes([{ path: '/', element: <AccountExport /> }]);
    const list = await screen.findByRole('list', { name: 'My data exports' });
    expect(within(list).getByText('Expired')).toBeTruthy();
    expect(within(list).getByText('Its link has lapsed; prepare a new one.')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Download' })).toBeNull();
  });
});
