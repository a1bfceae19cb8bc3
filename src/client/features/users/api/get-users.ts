import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { Role, UserStatus } from '#shared/contract/account.ts';
import type { UserPage, UserSortKey } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
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

/** What the list shows when it opens: every status, first page of 10, the server's order. */
export const firstUsersPage: UsersListParams = { status: 'all', search: '', page: 1, pageSize: 10 };

/**
 * Route loader of /dashboard/user/list: starts the first page's request as the navigation starts, in
 * parallel with the page's code (it does not wait for it: the page renders as soon as its code is there,
 * and `useUsers` finds the request in flight or done). Only admins may list users.
 */
export function usersListLoader(): null {
  if (authStore.getState().user?.role === 'admin') {
    void queryClient.prefetchQuery(usersQueryOptions(firstUsersPage));
  }
  return null;
}
