import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  CreateLinkInput,
  FileLink,
  FileItem,
  FileLinkList,
  FileShare,
  PublicLink,
  ShareRole,
  UpdateLinkInput,
} from '#shared/contract/files.ts';
import { SEARCH_MAX } from '#shared/contract/user-enums.ts';

import { paths } from '../../../config/paths.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { listResource } from '../../../lib/resource.ts';

export const sharingKeys = {
  shares: (id: string) => ['files', 'shares', id] as const,
  itemLinks: (id: string) => ['files', 'links', 'item', id] as const,
  publicLink: (token: string) => ['files', 'public', token] as const,
};

export type LinkScope = (typeof linkScopes)[number];

/** An item as the share dialog and the details drawer take it (a list row will do). */
export type FileRef = Pick<FileItem, 'id' | 'name' | 'type'>;

/** The people one item is shared with (its own shares and those of the folders above it). */
export function useShares(itemId: string | null) {
  return useQuery({
    queryKey: sharingKeys.shares(itemId ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<{ shares: FileShare[] }>(`/files/items/${itemId}/shares`, { signal }),
    select: (data) => data.shares,
    enabled: Boolean(itemId),
  });
}

/** After any change of who may see what, every list and detail of the area may be out of date. */
function useSettleFiles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['files'] });
}

/** Shares with people: `set` gives (or changes) a person's role on items, `remove` stops sharing. */
export function useShareActions() {
  const onSettled = useSettleFiles();
  return {
    set: useMutation({
      mutationFn: ({ itemIds, userIds, role }: { itemIds: string[]; userIds: string[]; role: ShareRole }) =>
        Promise.all(
          itemIds.flatMap((id) =>
            userIds.map((userId) =>
              apiClient.put<{ share: FileShare }>(`/files/items/${id}/shares/${userId}`, { role }),
            ),
          ),
        ),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: ({ itemId, userId }: { itemId: string; userId: string }) =>
        apiClient.delete<null>(`/files/items/${itemId}/shares/${userId}`),
      onSettled,
    }),
  };
}

export function useItemLinks(itemId: string | null) {
  return useQuery({
    queryKey: sharingKeys.itemLinks(itemId ?? ''),
    queryFn: ({ signal }) => apiClient.get<{ links: FileLink[] }>(`/files/items/${itemId}/links`, { signal }),
    select: (data) => data.links,
    enabled: Boolean(itemId),
  });
}

export function useLinkActions() {
  const onSettled = useSettleFiles();
  return {
    create: useMutation({
      mutationFn: ({ itemId, ...body }: CreateLinkInput & { itemId: string }) =>
        apiClient.post<{ link: FileLink }>(`/files/items/${itemId}/links`, body),
      onSettled,
    }),
    /** Changes a link's expiry, password (a new one, or `null`: none) or download-only. */
    update: useMutation({
      mutationFn: ({ linkId, ...body }: UpdateLinkInput & { linkId: string }) =>
        apiClient.patch<{ link: FileLink }>(`/files/links/${linkId}`, body),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (linkId: string) => apiClient.delete<null>(`/files/links/${linkId}`),
      onSettled,
    }),
  };
}

export const linkScopes = ['mine', 'all'] as const;

/**
 * The "Shared links" page's list: the caller's links, or (administrators, `?scope=all`) everyone's, newest
 * first, searched by the item's name.
 */
export const linksList = listResource<FileLinkList>()({
  key: ['files', 'links', 'list'],
  path: '/files/links',
  config: {
    pageSizes: [10, 25, 50],
    defaultPageSize: 25,
    filters: { scope: linkScopes },
    searchMax: SEARCH_MAX,
  },
  filters: (f) => ({ scope: (f.scope as LinkScope | undefined) ?? ('mine' as const) }),
  // The helper sends page, size and search; `scope` under its own name.
});
export const useSharedLinks = linksList.useList;
export const sharedLinksLoader = linksList.loader;

/** The page a link's visitors open (the address the owner copies). */
export function shareLinkPath(token: string): string {
  return paths.shareLink(token);
}

export function shareLinkUrl(token: string): string {
  return `${window.location.origin}${shareLinkPath(token)}`;
}

/** The link's content asks for its password (401 `LINK_PASSWORD_REQUIRED`). */
export function needsPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'LINK_PASSWORD_REQUIRED';
}

/** A wrong password (403 `LINK_PASSWORD_WRONG`). */
export function wrongPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'LINK_PASSWORD_WRONG';
}

/**
 * A link's page for a signed-out visitor (no session, no token sent): `access` is what a correct password
 * answered (kept in the page only), `parentId` a folder inside a shared folder.
 */
export function usePublicLink(token: string, access: string | null, parentId: string | null, page = 0) {
  return useQuery({
    queryKey: [...sharingKeys.publicLink(token), access, parentId, page],
    queryFn: ({ signal }) =>
      apiClient.get<PublicLink>(`/files/public/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
        query: { access: access ?? undefined, parentId: parentId ?? undefined, page: page + 1 },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useUnlockLink(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiClient.post<{ access: string; expiresAt: string }>(
        `/files/public/${encodeURIComponent(token)}/unlock`,
        { password },
        { auth: false },
      ),
  });
}
