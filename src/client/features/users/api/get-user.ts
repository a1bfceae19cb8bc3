import { queryOptions, useQuery } from '@tanstack/react-query';

import type { UserResponse } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

export const getUser = (ref: string, signal?: AbortSignal) =>
  apiClient.get<UserResponse>(`/users/${encodeURIComponent(ref)}`, { signal });

export const userQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: usersKeys.detail(ref),
    queryFn: ({ signal }) => getUser(ref, signal),
    // A 404 (unknown name) is an answer, not a hiccup: do not retry it.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

/** GET /api/users/:idOrSlug (admin): the full user for the edit page. */
export function useUser(ref: string) {
  return useQuery(userQueryOptions(ref));
}
