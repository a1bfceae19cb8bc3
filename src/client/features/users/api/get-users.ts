import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { Role, UserStatus } from '#shared/contract/account.ts';
import { roles, SEARCH_MAX, userSortKeys, userStatuses } from '#shared/contract/user-enums.ts';
import type { UserPage, UserSortKey } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { parseListState, type ListState, type ListStateConfig } from '../../../lib/list-state.ts';
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

/** The list's state in the address: `?status=banned&role=admin&search=ada&sort=name&order=desc&page=2`. */
export const usersListConfig: ListStateConfig<UserSortKey, 'status' | 'role'> = {
  pageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
  sortKeys: userSortKeys,
  filters: { status: userStatuses, role: roles },
  searchMax: SEARCH_MAX,
};

export type UsersListState = ListState<UserSortKey, 'status' | 'role'>;

/** The request a list state makes (the loader and the view build it the same way: one cache entry). */
export function usersParamsOf(state: UsersListState): UsersListParams {
  return {
    status: (state.filters.status as UserStatus | undefined) ?? 'all',
    role: state.filters.role as Role | undefined,
    search: state.search,
    page: state.page + 1,
    pageSize: state.pageSize,
    sort: state.sort?.field,
    order: state.sort?.order,
  };
}

/**
 * Route loader of /dashboard/user/list: starts the request of the page the address names as the navigation
 * starts, in parallel with the page's code (it does not wait for it: the page renders as soon as its code is
 * there, and `useUsers` finds the request in flight or done). Only admins may list users.
 */
export async function usersListLoader({ request }: { request: Request }): Promise<null> {
  // On the first page load the session is still being restored: start the request as soon as it is.
  await authReady();
  if (authStore.getState().user?.role === 'admin') {
    const state = parseListState(new URL(request.url).searchParams, usersListConfig);
    void queryClient.prefetchQuery(usersQueryOptions(usersParamsOf(state)));
  }
  return null;
}
