import { fileKinds, type FileKind } from '#shared/contract/file-limits.ts';
import type { FileList, FileSort, FileView } from '#shared/contract/files.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { filesKeys } from './files-keys.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One or more kinds, comma separated (`image,video`). */
const KINDS = new RegExp(`^(${fileKinds.join('|')})(,(${fileKinds.join('|')})){0,${fileKinds.length - 1}}$`);

/** The views beside My files (the default, left out of the address); the contract's, without zod. */
export const otherViews = ['shared', 'favourites', 'recent', 'trash'] as const satisfies readonly FileView[];
export const fileViewsInOrder = ['mine', ...otherViews] as const satisfies readonly FileView[];
/** The contract's sort keys (folders always come first). */
export const fileSortKeys = ['name', 'size', 'type', 'updatedAt'] as const satisfies readonly FileSort[];
export type FilesSortKey = (typeof fileSortKeys)[number];

export const FILES_PAGE_SIZE = 50;

/**
 * GET /api/files/items: one page of a view or a folder, folders first. Its state in the address:
 * `?view=trash&folder=<id>&search=report&type=pdf,image&startDate=2026-01-01&endDate=2026-03-31&sort=size&
 * order=desc&page=2`. The grid and the table show the same request.
 */
export const filesList = listResource<FileList>()({
  key: filesKeys.lists(),
  path: '/files/items',
  config: {
    pageSizes: [25, FILES_PAGE_SIZE, 100],
    defaultPageSize: FILES_PAGE_SIZE,
    sortKeys: fileSortKeys,
    filters: { view: otherViews, folder: UUID, type: KINDS, startDate: DAY, endDate: DAY },
    searchMax: 100,
  },
  filters: (filters) => ({
    view: (filters.view as FileView | undefined) ?? ('mine' as FileView),
    folder: filters.folder ?? null,
    types: filters.type ? (filters.type.split(',') as FileKind[]) : [],
    startDate: filters.startDate,
    endDate: filters.endDate,
  }),
  // The API's names: a folder is `parentId`, the dates `from` and `to`.
  query: ({ view, folder, types, startDate, endDate }) => ({
    view,
    parentId: folder ?? undefined,
    type: types.length ? types.join(',') : undefined,
    from: startDate,
    to: endDate,
  }),
});

/** The list's request: the view, folder, filters, sort and page. */
export type FilesParams = ListParamsOf<typeof filesList>;

export const useFilesList = filesList.useList;
/** Route loader of /dashboard/files-manager (`app/router.tsx`). */
export const filesListLoader = filesList.loader;
