import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { PublicUserPage } from '#shared/contract/users.ts';

import { apiClient } from './api-client.ts';

/** A person as areas keep them (event attendees, card assignees, board members). */
export type Person = { id: string; name: string; avatarUrl: string | null };

/**
 * Searches active people by name (`GET /api/users/cards`), 20 at a time, as the person types: the
 * directory every area's people picker searches (lib, not a feature: kanban and calendar use it alike).
 */
export function usePeopleDirectory(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['people', 'search', search],
    queryFn: ({ signal }) =>
      apiClient.get<PublicUserPage>('/users/cards', {
        signal,
        query: { page: 1, pageSize: 20, search: search.trim() || undefined },
      }),
    select: (page): Person[] =>
      page.users.map((user) => ({ id: user.id, name: user.displayName, avatarUrl: user.avatarUrl })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
