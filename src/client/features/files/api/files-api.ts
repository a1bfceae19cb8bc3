import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { FileItem, FolderNode, PlaceFileResult, UsageByType } from '#shared/contract/files.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { filesKeys } from './files-keys.ts';

/** A folder's subfolders for the move and copy picker (null: the top of My files). */
export function useFolderTree(parentId: string | null, enabled = true) {
  return useQuery({
    queryKey: filesKeys.folders(parentId),
    queryFn: ({ signal }) =>
      apiClient.get<{ folders: FolderNode[] }>('/files/folders/tree', {
        signal,
        query: { parentId: parentId ?? undefined },
      }),
    select: (data) => data.folders,
    enabled,
    staleTime: 10_000,
  });
}

/** What my files take, by kind, against my quota. */
export function useUsageByType() {
  return useQuery({
    queryKey: filesKeys.usage,
    queryFn: ({ signal }) => apiClient.get<{ usage: UsageByType }>('/files/usage/by-type', { signal }),
    select: (data) => data.usage,
    staleTime: 30_000,
  });
}

/** Every change to the tree: the lists, the picker's folders and the usage are asked again. */
export function useFileActions() {
  const queryClient = useQueryClient();
  const settle = { onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }) };
  return {
    createFolder: useMutation({
      mutationFn: (body: { parentId: string | null; name: string }) =>
        apiClient.post<{ item: FileItem }>('/files/folders', body),
      ...settle,
    }),
    rename: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name: string; version: number }) =>
        apiClient.patch<{ item: FileItem }>(`/files/items/${id}`, body),
      ...settle,
    }),
    setFavourite: useMutation({
      mutationFn: ({ id, favourite }: { id: string; favourite: boolean }) =>
        apiClient.patch<{ item: FileItem }>(`/files/items/${id}`, { favourite }),
      ...settle,
    }),
    move: useMutation({
      mutationFn: (body: { ids: string[]; parentId: string | null }) =>
        apiClient.post<{ items: FileItem[] }>('/files/items/move', { ...body, onConflict: 'keepBoth' }),
      ...settle,
    }),
    copy: useMutation({
      mutationFn: (body: { ids: string[]; parentId: string | null }) =>
        apiClient.post<{ items: FileItem[] }>('/files/items/copy', { ...body, onConflict: 'keepBoth' }),
      ...settle,
    }),
    trash: useMutation({
      mutationFn: (ids: string[]) => apiClient.post<null>('/files/items/trash', { ids }),
      ...settle,
    }),
    restore: useMutation({
      mutationFn: (ids: string[]) => apiClient.post<{ items: FileItem[] }>('/files/items/restore', { ids }),
      ...settle,
    }),
    deleteForever: useMutation({
      mutationFn: (ids: string[]) => apiClient.post<null>('/files/items/delete-forever', { ids }),
      ...settle,
    }),
    emptyTrash: useMutation({
      mutationFn: () => apiClient.post<null>('/files/trash/empty'),
      ...settle,
    }),
  };
}

/**
 * "Save to files" (issue 27): a copy of an attachment of mail, chat or kanban (a stored file the person may
 * read) becomes their own file in `parentId`; a name taken there is numbered (`report (2).pdf`).
 */
export function useSaveToFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { fileId: string; parentId: string | null }) =>
      apiClient.post<PlaceFileResult>('/files/items/save', { ...body, onConflict: 'keepBoth' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}

/** Starts a browser download of an address (a signed link: no token needed). */
function download(url: string, name = '') {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads items: one file through its signed download link; several (or a folder) as one zip the server
 * streams, through a short-lived signed address (the browser's own download, however large).
 */
export async function downloadItems(items: Pick<FileItem, 'id' | 'type' | 'name' | 'downloadUrl'>[]) {
  const [only] = items;
  if (items.length === 1 && only?.type === 'file' && only.downloadUrl) {
    download(only.downloadUrl, only.name);
    return;
  }
  const { url } = await apiClient.post<{ url: string }>('/files/zip', { ids: items.map((item) => item.id) });
  download(url);
}

/** Someone changed a folder or file I can see (a shared folder, another tab): refetch what is shown. */
export function useFilesLive(onChange?: () => void) {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: filesKeys.all });
    onChange?.();
  };
  useRealtimeEvent('files.changed', refetch, refetch);
}
