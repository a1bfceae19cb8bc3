import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { FileActivity, FileItem, FileVersion } from '#shared/contract/files.ts';

import { jsonResponse, mockFetch, type MockRoute } from '../../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../../testing/test-utils.tsx';
import { FileDetailsDrawer } from './file-details-drawer.tsx';

const owner = { id: '00000000-0000-4000-8000-00000000a001', name: 'Ada Lovelace', avatarUrl: null };
const itemId = '00000000-0000-4000-8000-00000000f001';
const url = `/api/files/items/${itemId}/content?exp=9999999999&sig=${'a'.repeat(43)}`;

const item: FileItem = {
  id: itemId,
  type: 'file',
  kind: 'image',
  name: 'harbour.png',
  parentId: '00000000-0000-4000-8000-00000000d001',
  owner,
  access: 'owner',
  mimeType: 'image/png',
  size: 2048,
  fileId: '00000000-0000-4000-8000-00000000e002',
  url,
  downloadUrl: `${url}&download=1`,
  thumbnailUrl: url,
  width: 10,
  height: 10,
  tags: ['sea'],
  favourite: false,
  shared: false,
  sharedWith: [],
  sharedCount: 0,
  versionCount: 2,
  version: 4,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: owner,
  deletedAt: null,
  originalPath: null,
  purgeAt: null,
  viewedAt: null,
};

const versions: FileVersion[] = [
  {
    fileId: '00000000-0000-4000-8000-00000000e002',
    number: 2,
    size: 2048,
    mimeType: 'image/png',
    current: true,
    uploadedBy: owner,
    createdAt: '2026-11-20T10:00:00.000Z',
    downloadUrl: `${url}&download=1`,
  },
  {
    fileId: '00000000-0000-4000-8000-00000000e001',
    number: 1,
    size: 1024,
    mimeType: 'image/png',
    current: false,
    uploadedBy: owner,
    createdAt: '2026-11-01T10:00:00.000Z',
    downloadUrl: `${url}&version=00000000-0000-4000-8000-00000000e001&download=1`,
  },
];

const activity: FileActivity[] = [
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    action: 'renamed',
    actor: owner,
    details: { from: 'photo.png', to: 'harbour.png' },
    createdAt: '2026-11-20T10:00:00.000Z',
  },
];

function routes(current: () => FileItem, extra: MockRoute[] = []): MockRoute[] {
  return [
    ...extra,
    {
      path: `/api/files/items/${itemId}`,
      respond: () => jsonResponse({ item: current(), breadcrumbs: [{ id: item.parentId, name: 'Photos' }] }),
    },
    { path: `/api/files/items/${itemId}/versions`, respond: () => jsonResponse({ versions }) },
    {
      path: `/api/files/items/${itemId}/activity`,
      respond: () => jsonResponse({ activity, total: 1, page: 1, pageSize: 20, hasNextPage: false }),
    },
    { path: `/api/files/items/${itemId}/shares`, respond: () => jsonResponse({ shares: [] }) },
  ];
}

function renderDrawer() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <FileDetailsDrawer item={{ id: itemId, name: 'harbour.png', type: 'file' }} open onClose={() => {}} />
      ),
    },
  ]);
}

describe('FileDetailsDrawer', () => {
  it('shows the preview, properties, versions and activity of a file', async () => {
    mockFetch(routes(() => item));
    renderDrawer();

    const drawer = await screen.findByRole('dialog', { name: 'harbour.png' });
    expect(
      (await within(drawer).findByRole('img', { name: 'Preview of harbour.png' })).getAttribute('src'),
    ).toBe(url);
    expect(within(drawer).getByText('My files / Photos')).toBeTruthy();
    expect(within(drawer).getByText('Image (image/png)')).toBeTruthy();
    expect(
      await within(drawer).findByText('Ada Lovelace renamed it from photo.png to harbour.png'),
    ).toBeTruthy();
    const list = await within(drawer).findByRole('list', { name: 'Versions' });
    expect(within(list).getByText('Version 2 (current)')).toBeTruthy();
    // The current version cannot be restored; the older one can.
    expect(within(list).queryByRole('button', { name: 'Restore Version 2 (current)' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Restore Version 1' })).toBeTruthy();
  });

  it('restores an older version after confirming, from the version the item was read at', async () => {
    let current = item;
    const restorePath = `/api/files/items/${itemId}/versions/${versions[1]!.fileId}/restore`;
    const { calls } = mockFetch(
      routes(
        () => current,
        [
          {
            method: 'POST',
            path: restorePath,
            respond: () => {
              current = { ...item, version: 5, size: 1024 };
              return jsonResponse({ item: current });
            },
          },
        ],
      ),
    );
    const user = userEvent.setup();
    renderDrawer();

    await user.click(await screen.findByRole('button', { name: 'Restore Version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore Version 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(calls('POST', restorePath)).toHaveLength(1));
    const [, init] = calls('POST', restorePath)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ version: 4 });
    expect(await screen.findByText('Version 1 restored')).toBeTruthy();
    // The details are asked again: the size is the restored one.
    expect(await screen.findByText('1 kB')).toBeTruthy();
  });

  it('adds and removes tags and stars the item', async () => {
    let current = item;
    const { calls } = mockFetch(
      routes(
        () => current,
        [
          {
            method: 'PATCH',
            path: `/api/files/items/${itemId}`,
            respond: ({ body }) => {
              current = { ...current, ...(body as Partial<FileItem>), version: current.version + 1 };
              return jsonResponse({ item: current });
            },
          },
        ],
      ),
    );
    const user = userEvent.setup();
    renderDrawer();

    await user.type(await screen.findByRole('textbox', { name: 'Add a tag' }), 'Holiday{Enter}');
    await waitFor(() => expect(calls('PATCH', `/api/files/items/${itemId}`)).toHaveLength(1));
    expect(JSON.parse(String(calls('PATCH', `/api/files/items/${itemId}`)[0]![1]?.body))).toEqual({
      tags: ['sea', 'Holiday'],
      version: 4,
    });
    await screen.findByRole('img', { name: 'Remove tag Holiday' });

    await user.click(screen.getByRole('img', { name: 'Remove tag sea' }));
    await waitFor(() => expect(calls('PATCH', `/api/files/items/${itemId}`)).toHaveLength(2));
    expect(JSON.parse(String(calls('PATCH', `/api/files/items/${itemId}`)[1]![1]?.body))).toEqual({
      tags: ['Holiday'],
      version: 5,
    });

    const star = screen.getByRole('button', { name: 'Favourite' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await user.click(star);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(JSON.parse(String(calls('PATCH', `/api/files/items/${itemId}`)[2]![1]?.body))).toEqual({
      favourite: true,
    });
  });

  it('loads older activity a page at a time, from the server, until there is none', async () => {
    const entry = (n: number): FileActivity => ({
      id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
      action: 'tagged',
      actor: { ...owner, name: `Person ${n}` },
      details: {},
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const { calls } = mockFetch(
      routes(
        () => item,
        [
          {
            path: `/api/files/items/${itemId}/activity`,
            respond: ({ url }) => {
              const page = Number(new URL(url, 'http://x').searchParams.get('page'));
              const first = page === 1;
              return jsonResponse({
                activity: first ? [entry(1), entry(2)] : [entry(3)],
                total: 3,
                page,
                pageSize: 20,
                hasNextPage: first,
              });
            },
          },
        ],
      ),
    );
    const user = userEvent.setup();
    renderDrawer();

    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(await within(list).findByText('Person 2 changed its tags')).toBeTruthy();
    expect(within(list).queryByText('Person 3 changed its tags')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show older activity' }));

    expect(await within(list).findByText('Person 3 changed its tags')).toBeTruthy();
    // The newest stay above the older ones.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/changed its tags/).textContent),
    ).toEqual(['Person 1 changed its tags', 'Person 2 changed its tags', 'Person 3 changed its tags']);
    const pages = calls('GET', `/api/files/items/${itemId}/activity`).map(([input]) =>
      new URL(String(input), 'http://x').searchParams.get('page'),
    );
    expect(pages).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
  });
});
