import type { FileItem, FileList } from '#shared/contract/files.ts';

import { jsonResponse, type MockRoute } from '../../../testing/fetch-mock.ts';

export const me = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', avatarUrl: null };
export const grace = { id: '00000000-0000-4000-8000-000000000002', name: 'Grace Hopper', avatarUrl: null };

let counter = 0;

/** An item as the list answers it; `overrides` replace fields. */
export function makeItem(overrides: Partial<FileItem> = {}): FileItem {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`;
  const folder = overrides.type === 'folder';
  return {
    id,
    type: 'file',
    kind: folder ? 'folder' : 'document',
    name: `item-${counter}.txt`,
    parentId: null,
    owner: me,
    access: 'owner',
    mimeType: folder ? null : 'text/plain',
    size: folder ? 0 : 2048,
    fileId: folder ? null : id,
    url: null,
    downloadUrl: folder ? null : `/api/files/items/${id}/content?download=1`,
    thumbnailUrl: null,
    width: null,
    height: null,
    tags: [],
    favourite: false,
    shared: false,
    sharedWith: [],
    sharedCount: 0,
    versionCount: folder ? 0 : 1,
    version: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    updatedBy: null,
    deletedAt: null,
    originalPath: null,
    purgeAt: null,
    viewedAt: null,
    ...overrides,
  };
}

export const projects = makeItem({
  id: '00000000-0000-4000-a000-000000000001',
  type: 'folder',
  kind: 'folder',
  name: 'Projects',
});
export const report = makeItem({
  id: '00000000-0000-4000-a000-000000000002',
  name: 'report.pdf',
  kind: 'pdf',
  mimeType: 'application/pdf',
  size: 1_048_576,
  sharedWith: [grace],
  sharedCount: 1,
  shared: true,
});

export function listPage(items: FileItem[], extra: Partial<FileList> = {}): FileList {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    hasNextPage: false,
    folder: null,
    breadcrumbs: [],
    ...extra,
  } as FileList;
}

/** `GET /api/files/items` answering `answer(query)`, and the usage the page shows beside it. */
export function filesRoutes(answer: (query: URLSearchParams) => FileList): MockRoute[] {
  return [
    {
      path: '/api/files/items',
      respond: ({ url }) => jsonResponse(answer(new URL(url, 'http://localhost').searchParams)),
    },
    {
      path: '/api/files/usage/by-type',
      respond: () =>
        jsonResponse({
          usage: {
            usedBytes: 3 * 1_048_576,
            quotaBytes: 100 * 1_048_576,
            isDefault: true,
            byType: [
              { kind: 'pdf', bytes: 2 * 1_048_576, count: 2 },
              { kind: 'image', bytes: 1_048_576, count: 5 },
              { kind: 'video', bytes: 0, count: 0 },
            ],
          },
        }),
    },
  ];
}

/** The list requests' queries, as objects. */
export const queriesOf = (calls: (method: string, path: string) => unknown[][]) =>
  calls('GET', '/api/files/items').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );
