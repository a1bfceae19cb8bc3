import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { Role, UserStatus } from '#shared/contract/account.ts';
import type { UserPage, UserSortKey } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

/** The admin list's filter (what the CSV export repeats) and its page and order. */
export type UsersFilter = {
  status: 'all' | UserStatus;
  role?: Role | undefined;
  search: string;
};

export type UsersListParams = UsersFilter & {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  sort?: UserSortKey | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export function getUsers(params: UsersListParams, signal?: AbortSignal): Promise<UserPage> {
  return apiClient.get<UserPage>('/users', {
    signal,
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      order: params.sort ? params.order : undefined,
      status: params.status === 'all' ? undefined : params.status,
      role: params.role,
      search: params.search.trim() || undefined,
    },
  });
}

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: [...usersKeys.lists(), params],
    queryFn: ({ signal }) => getUsers(params, signal),
    // The grid keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/users (admin): one page of the list with the status counts of the tabs. */
export function useUsers(params: UsersListParams) {
  return useQuery(usersQueryOptions(params));
}
