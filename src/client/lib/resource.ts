import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient, type RequestOptions } from './api-client.ts';
import { authReady, authStore, type AuthState } from './auth/auth-store.ts';
import { parseListState, type ListState, type ListStateConfig, type SortOrder } from './list-state.ts';
import { queryClient } from './query-client.ts';

/**
 * One server-paged list of an area, made from its contract (ADR 037, docs/adding-an-area.md "Lists"):
 * the list's address config, the request a list state makes (`page + 1`, sort, search and the area's
 * filters), the request itself, its query options (keys start with the area; the previous page stays while
 * the next loads), the hook and the route loader. The area declares it once in `features/<area>/api/` and
 * the view, the loader and an export all ask through it, so they share one cache entry.
 *
 * ```ts
 * export const usersList = listResource<UserPage>()({
 *   key: usersKeys.lists(),
 *   path: '/users',
 *   config: { pageSizes: [5, 10, 25, 50], defaultPageSize: 10, sortKeys: userSortKeys,
 *             filters: { status: userStatuses, role: roles }, searchMax: SEARCH_MAX },
 *   filters: (f) => ({ status: (f.status as UserStatus | undefined) ?? 'all', role: f.role as Role | undefined }),
 *   query: ({ status, role }) => ({ status: status === 'all' ? undefined : status, role }),
 *   mayList: (auth) => auth.user?.role === 'admin',
 * });
 * ```
 */

/** The part of a list request every list has: the API's 1-based page, its size, sort and search. */
export type ListRequest<S extends string = string> = {
  /** 1-based, as the API counts (the address state's `page` is 0-based). */
  page: number;
  pageSize: number;
  sort?: S | undefined;
  order?: SortOrder | undefined;
  search: string;
};

/** A list's request: the common part and the area's own filters (which may redefine a common field). */
export type ListParams<S extends string, Filters extends object> = Omit<ListRequest<S>, keyof Filters> &
  Filters;

/** The request type of a resource: `type UsersListParams = ListParamsOf<typeof usersList>`. */
export type ListParamsOf<R extends { paramsOf: (state: never) => unknown }> = ReturnType<R['paramsOf']>;

export type QueryValues = NonNullable<RequestOptions['query']>;

export type ListResourceSpec<S extends string, F extends string, Filters extends object> = {
  /** The prefix of the list's query keys, starting with the area: `usersKeys.lists()` = `['users', 'list']`. */
  key: readonly unknown[];
  /** The API path, as `apiClient` takes it: `'/users'`. */
  path: string;
  /** What the address may hold: page sizes, the contract's sort keys, each filter's allowed values. */
  config: ListStateConfig<S, F>;
  /** The address's filters (checked strings) as the request's typed fields; none = no filters. */
  filters?: (filters: Partial<Record<F, string>>) => Filters;
  /**
   * The request's filters as the API's query parameters, when they differ from the fields (a renamed
   * parameter, `'all'` left out). Without it each filter field is sent under its own name (see `queryValue`).
   * Page, page size, sort, order and search are always sent by the helper.
   */
  query?: (params: ListParams<S, Filters>) => QueryValues;
  /**
   * May the signed-in user make the request (the loader skips it otherwise; the page's own guard shows the
   * refusal)? Default: anyone signed in.
   */
  mayList?: (auth: AuthState) => boolean;
};

export type ListResource<Page, S extends string, F extends string, Filters extends object> = {
  config: ListStateConfig<S, F>;
  /** The request a list state makes (the loader and the view build it alike: one cache entry). */
  paramsOf: (state: ListState<S, F>) => ListParams<S, Filters>;
  /** The API's query parameters of a request. */
  queryOf: (params: ListParams<S, Filters>) => QueryValues;
  /** One page (also for an export that walks every page with a bigger page size). */
  get: (params: ListParams<S, Filters>, signal?: AbortSignal) => Promise<Page>;
  queryKey: (params: ListParams<S, Filters>) => readonly unknown[];
  queryOptions: (params: ListParams<S, Filters>) => ReturnType<typeof pageQueryOptions<Page>>;
  /** The list's query; `enabled: false` waits (a tab not shown yet). */
  useList: (
    params: ListParams<S, Filters>,
    options?: { enabled?: boolean },
  ) => ReturnType<typeof useQuery<Page>>;
  /**
   * The route loader: starts the request of the page the address names as the navigation starts, beside
   * the page's code, and returns at once (the view's `useList` finds it in flight). Register it with the
   * object form of `lazy` in `app/router.tsx`.
   */
  loader: (args: { request: Request }) => Promise<null>;
};

/** A filter value as a query parameter: empty strings and lists are left out, lists are comma-joined. */
export function queryValue(value: unknown): QueryValues[string] {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

function pageQueryOptions<Page>(
  queryKey: readonly unknown[],
  queryFn: (signal: AbortSignal) => Promise<Page>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => queryFn(signal),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

const COMMON = new Set<string>(['page', 'pageSize', 'sort', 'order', 'search']);

/**
 * `listResource<AnswerType>()({ … })`: the answer's type is named (it is not inferred from the spec), the
 * rest is inferred from the spec.
 */
export function listResource<Page>() {
  return <S extends string, F extends string, Filters extends object = Record<never, never>>(
    spec: ListResourceSpec<S, F, Filters>,
  ): ListResource<Page, S, F, Filters> => {
    const paramsOf = (state: ListState<S, F>): ListParams<S, Filters> =>
      ({
        page: state.page + 1,
        pageSize: state.pageSize,
        sort: state.sort?.field,
        order: state.sort?.order,
        search: state.search,
        ...(spec.filters ? spec.filters(state.filters) : {}),
      }) as unknown as ListParams<S, Filters>;

    const queryOf = (params: ListParams<S, Filters>): QueryValues => {
      const request = params as ListRequest<S> & Record<string, unknown>;
      const own: QueryValues = {};
      if (spec.query) Object.assign(own, spec.query(params));
      else {
        for (const [name, value] of Object.entries(request)) {
          if (!COMMON.has(name)) own[name] = queryValue(value);
        }
      }
      return {
        page: request.page,
        pageSize: request.pageSize,
        sort: request.sort,
        order: request.sort ? request.order : undefined,
        search: request.search.trim() || undefined,
        ...own,
      };
    };

    const get = (params: ListParams<S, Filters>, signal?: AbortSignal) =>
      apiClient.get<Page>(spec.path, { signal, query: queryOf(params) });
    const queryKey = (params: ListParams<S, Filters>) => [...spec.key, params] as const;
    const options = (params: ListParams<S, Filters>) =>
      pageQueryOptions<Page>(queryKey(params), (signal) => get(params, signal));
    const mayList = spec.mayList ?? ((auth: AuthState) => auth.isAuthenticated);

    return {
      config: spec.config,
      paramsOf,
      queryOf,
      get,
      queryKey,
      queryOptions: options,
      useList: (params, { enabled = true } = {}) => useQuery({ ...options(params), enabled }),
      loader: async ({ request }) => {
        // On the first page load the session is still being restored: start the request as soon as it is.
        await authReady();
        const auth = authStore.getState();
        if (auth.isAuthenticated && mayList(auth)) {
          const state = parseListState(new URL(request.url).searchParams, spec.config);
          void queryClient.prefetchQuery(options(paramsOf(state)));
        }
        return null;
      },
    };
  };
}
