import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { GalleryResponse, ProfileResponse, PublicUserPage } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: usersKeys.profile(id),
    queryFn: ({ signal }) => apiClient.get<ProfileResponse>(`${userPath(id)}/profile`, { signal }),
  });

/** GET /api/users/:id/profile: public fields, follower/following counts (waits for an id). */
export function useProfile(id: string | undefined) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export const followsQueryOptions = (
  id: string,
  direction: 'followers' | 'following',
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [...usersKeys.follows(id, direction), { page, pageSize }],
    queryFn: ({ signal }) =>
      apiClient.get<PublicUserPage>(`${userPath(id)}/${direction}`, { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/users/:id/followers or /following, one page. */
export function useFollows(id: string, direction: 'followers' | 'following', page: number, pageSize: number) {
  return useQuery(followsQueryOptions(id, direction, page, pageSize));
}

export const galleryQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...usersKeys.gallery(id), { page, pageSize }],
    queryFn: ({ signal }) =>
      apiClient.get<GalleryResponse>(`${userPath(id)}/gallery`, { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** GET /api/users/:id/gallery: the user's uploaded pictures, newest first. */
export function useGallery(id: string, page: number, pageSize: number) {
  return useQuery(galleryQueryOptions(id, page, pageSize));
}
