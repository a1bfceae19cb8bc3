import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicUserPage } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

export type CardsParams = { page: number; pageSize: number; search: string };

export const getUserCards = (params: CardsParams, signal?: AbortSignal) =>
  apiClient.get<PublicUserPage>('/users/cards', {
    signal,
    query: { page: params.page, pageSize: params.pageSize, search: params.search.trim() || undefined },
  });

export const userCardsQueryOptions = (params: CardsParams) =>
  queryOptions({
    queryKey: [...usersKeys.cards(), params],
    queryFn: ({ signal }) => getUserCards(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/users/cards: active users as any signed-in user may see them. */
export function useUserCards(params: CardsParams) {
  return useQuery(userCardsQueryOptions(params));
}
