import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { completeLayout, type DashboardLayout } from '#shared/contract/overview.ts';
import type { FileOverview } from '#shared/contract/overview-file.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { createUploadQueue, type StartTransfer } from '../api/files-upload.ts';
import { FileOverviewView } from './file-overview-view.tsx';

const folderId = '11111111-1111-4111-8111-111111111111';
const fileId = '22222222-2222-4222-8222-222222222222';

const kinds = (bytes: Partial<Record<string, [number, number]>>) =>
  (
    ['document', 'spreadsheet', 'presentation', 'pdf', 'image', 'video', 'audio', 'archive', 'other'] as const
  ).map((kind) => ({ kind, bytes: bytes[kind]?.[0] ?? 0, count: bytes[kind]?.[1] ?? 0 }));

const full: FileOverview = {
  storage: {
    usedBytes: 3 * 1024 ** 2,
    quotaBytes: 1024 ** 3,
    byKind: kinds({ pdf: [2 * 1024 ** 2, 2], image: [1024 ** 2, 1] }),
  },
  activity: {
    period: 'week',
    unit: 'day',
    buckets: [
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ].map((start, index) => ({ start, bytes: (index === 6 ? { pdf: 2048 } : {}) as Record<string, number> })),
  },
  folders: [
    { id: folderId, name: 'Projects', bytes: 2048, fileCount: 3, updatedAt: '2026-03-12T08:00:00.000Z' },
  ],
  recent: [
    {
      id: fileId,
      name: 'report.pdf',
      kind: 'pdf',
      size: 2048,
      parentId: folderId,
      updatedAt: '2026-03-12T08:00:00.000Z',
    },
  ],
  locations: [
    { kind: 'disk', name: null, usedBytes: 3 * 1024 ** 2, fileCount: 3, freeBytes: null, totalBytes: null },
  ],
  instanceWide: false,
};

const empty: FileOverview = {
  storage: { usedBytes: 0, quotaBytes: 1024 ** 3, byKind: kinds({}) },
  activity: { ...full.activity, buckets: full.activity.buckets.map((b) => ({ ...b, bytes: {} })) },
  folders: [],
  recent: [],
  locations: [],
  instanceWide: false,
};

function renderPage(answer: (period: string) => FileOverview, address = '/dashboard/file') {
  const started: { name: string; folderId: string | null }[] = [];
  const start: StartTransfer = (file, meta) => {
    started.push({ name: file.name, folderId: meta.folderId });
    return { abort: () => {} };
  };
  const queue = createUploadQueue(start, () => {});
  const mock = mockFetch([
    {
      path: '/api/overview/file',
      respond: ({ url }) =>
        jsonResponse(answer(new URL(url, 'http://localhost').searchParams.get('period') ?? '')),
    },
    {
      path: '/api/overview/layouts/file',
      respond: () =>
        jsonResponse({
          dashboard: 'file',
          widgets: completeLayout('file'),
          saved: false,
          updatedAt: null,
        } satisfies DashboardLayout),
    },
  ]);
  const rendered = renderRoutes(
    [
      { path: '/dashboard/file', element: <FileOverviewView queue={queue} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [address] },
  );
  return { ...mock, ...rendered, started };
}

const queries = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls('GET', '/api/overview/file').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );

describe('the file overview', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
  });

  it('shows storage by kind, folders and recent files that open the file manager, and the locations', async () => {
    const { calls } = renderPage(() => full);
    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect((await within(storage).findAllByText('PDF')).length).toBeGreaterThan(0);
    expect(within(storage).getByText(/3 MB of 1 GB used/)).toBeTruthy();
    expect(within(storage).getByText('2 MB · 2 files')).toBeTruthy();

    const folders = screen.getByRole('region', { name: 'Folders' });
    expect(within(folders).getByRole('link', { name: 'Projects' }).getAttribute('href')).toBe(
      `/dashboard/files-manager?folder=${folderId}`,
    );
    expect(within(folders).getByText('2 kB · 3 files')).toBeTruthy();

    const recent = screen.getByRole('region', { name: 'Recent files' });
    expect(within(recent).getByRole('link', { name: 'report.pdf' }).getAttribute('href')).toBe(
      `/dashboard/files-manager?folder=${folderId}`,
    );

    const locations = screen.getByRole('region', { name: 'Storage locations' });
    expect(within(locations).getByRole('heading', { name: 'Local disk' })).toBeTruthy();
    expect(within(locations).getByText('Free space not known')).toBeTruthy();
    expect(queries(calls)[0]).toEqual({ period: 'week', tz: expect.any(String) });
  });

  it('asks for another period when the data activity’s select changes, and keeps it in the address', async () => {
    const { calls, router } = renderPage(() => full);
    const activity = await screen.findByRole('region', { name: 'Data activity' });
    await userEvent.click(within(activity).getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Year' }));
    await waitFor(() => expect(queries(calls).at(-1)?.period).toBe('year'));
    expect(router.state.location.search).toBe('?period=year');
  });

  it('says so when there is nothing yet', async () => {
    renderPage(() => empty);
    expect(await screen.findByText('No files yet: upload one to see your storage here.')).toBeTruthy();
    expect(screen.getByText('Nothing uploaded in this period.')).toBeTruthy();
    expect(screen.getByText('No folders yet.')).toBeTruthy();
    expect(screen.getByText('No storage location.')).toBeTruthy();
  });

  it('uploads chosen or dropped files to the root', async () => {
    const { started } = renderPage(() => empty);
    const upload = await screen.findByRole('region', { name: 'Upload files' });
    const input = within(upload).getByLabelText('Choose files');
    await userEvent.upload(input, new File(['hello'], 'hello.txt', { type: 'text/plain' }));
    const drop = within(upload).getByTestId('file-overview-drop');
    fireEvent.drop(drop, {
      dataTransfer: {
        files: [new File(['x'], 'dropped.pdf', { type: 'application/pdf' })],
        types: ['Files'],
      },
    });
    await waitFor(() =>
      expect(started).toEqual([
        { name: 'hello.txt', folderId: null },
        { name: 'dropped.pdf', folderId: null },
      ]),
    );
    expect(await within(upload).findByText('hello.txt')).toBeTruthy();
  });
});
