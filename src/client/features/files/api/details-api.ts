import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { FileActivityList, FileItem, FileItemDetail, FileVersion } from '#shared/contract/files.ts';

import { apiClient } from '../../../lib/api-client.ts';

/** Query keys of the details drawer (every key starts with the area: `['files', …]`). */
export const detailsKeys = {
  item: (id: string) => ['files', 'item', id] as const,
  versions: (id: string) => ['files', 'versions', id] as const,
  activity: (id: string) => ['files', 'activity', id] as const,
};

/**
 * The item as the drawer shows it (and where it is). Its signed content links are asked again before they
 * expire by the query client's defaults (lib/signed-links.ts).
 */
export function useItem(id: string | null) {
  return useQuery({
    queryKey: detailsKeys.item(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<FileItemDetail>(`/files/items/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useVersions(id: string | null) {
  return useQuery({
    queryKey: detailsKeys.versions(id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<{ versions: FileVersion[] }>(`/files/items/${id}/versions`, { signal }),
    select: (data) => data.versions,
    enabled: Boolean(id),
  });
}

/** Entries of the activity list per page (the server's default; it allows up to 100). */
export const ACTIVITY_PAGE_SIZE = 20;

/** The activity, newest first, a page at a time: "Show older activity" asks the server for the next one. */
export function useActivity(id: string | null) {
  return useInfiniteQuery({
    queryKey: detailsKeys.activity(id ?? ''),
    queryFn: ({ signal, pageParam }) =>
      apiClient.get<FileActivityList>(`/files/items/${id}/activity`, {
        signal,
        query: { page: pageParam, pageSize: ACTIVITY_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((page) => page.activity),
    enabled: Boolean(id),
  });
}

/** After a change to an item, its details and the lists that show it are asked again. */
function useSettle() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['files'] });
}

/** Replaces the item's tags (the whole list: adding and removing are the same request). */
export function useSetTags(item: Pick<FileItem, 'id' | 'version'>) {
  const onSettled = useSettle();
  return useMutation({
    mutationFn: (tags: string[]) =>
      apiClient.patch<{ item: FileItem }>(`/files/items/${item.id}`, { tags, version: item.version }),
    onSettled,
  });
}

export function useSetFavourite(id: string) {
  const onSettled = useSettle();
  return useMutation({
    mutationFn: (favourite: boolean) =>
      apiClient.patch<{ item: FileItem }>(`/files/items/${id}`, { favourite }),
    onSettled,
  });
}

/** Makes an older version current again (a new version with its bytes). */
export function useRestoreVersion(item: Pick<FileItem, 'id' | 'version'>) {
  const onSettled = useSettle();
  return useMutation({
    mutationFn: (fileId: string) =>
      apiClient.post<{ item: FileItem }>(`/files/items/${item.id}/versions/${fileId}/restore`, {
        version: item.version,
      }),
    onSettled,
  });
}

/** Most of a text file the preview shows (the first 64 KiB). */
export const TEXT_PREVIEW_BYTES = 64 * 1024;

/**
 * The beginning of a text file, from its signed content link (a Range request: a large log is not
 * downloaded whole to show its first lines).
 */
export function useTextPreview(url: string | null) {
  return useQuery({
    // The link changes every few minutes; the text does not.
    queryKey: ['files', 'text-preview', url?.split('?')[0] ?? ''],
    queryFn: async ({ signal }) => {
      const response = await fetch(url!, { signal, headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      // `bytes 0-65535/1048576`: the whole file is longer than what came.
      const total = Number(response.headers.get('content-range')?.split('/')[1]);
      return { text, truncated: response.status === 206 && total > TEXT_PREVIEW_BYTES };
    },
    enabled: Boolean(url),
    staleTime: 60_000,
    retry: false,
  });
}
