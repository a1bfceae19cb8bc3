/**
 * A server-paged list's state as it is kept in the address (`?page=2&pageSize=25&sort=name&order=desc&
 * search=ada&status=banned`), so a reload, a shared link and Back show the same page. Pure: the route
 * loader reads it from the request's URL, `useListState` from the location.
 *
 * Every value is checked against the list's config; anything unknown or malformed falls back to the default
 * (a hand-edited address never breaks the page). Defaults are left out of the address.
 */

export type SortOrder = 'asc' | 'desc';

export type ListStateConfig<S extends string = string, F extends string = string> = {
  /** The page sizes offered; `pageSize` must be one of them. */
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** The columns the server sorts by (the contract's allow-list); no `sort` = the server's order. */
  sortKeys?: readonly S[];
  /** Each filter's allowed values, or the pattern its value matches (a date); absent = no filter. */
  filters?: Readonly<Record<F, readonly string[] | RegExp>>;
  /** The longest search the API accepts (longer ones are cut). */
  searchMax?: number;
};

export type ListSort<S extends string = string> = { field: S; order: SortOrder };

export type ListState<S extends string = string, F extends string = string> = {
  /** 0-based, as tables count; the API's `page` is this + 1. */
  page: number;
  pageSize: number;
  sort: ListSort<S> | null;
  search: string;
  filters: Partial<Record<F, string>>;
};

/** The address parameters a list owns. */
export const LIST_PARAMS = {
  page: 'page',
  pageSize: 'pageSize',
  sort: 'sort',
  order: 'order',
  search: 'search',
};

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

export function parseListState<S extends string, F extends string>(
  params: URLSearchParams,
  config: ListStateConfig<S, F>,
): ListState<S, F> {
  const page = positiveInt(params.get(LIST_PARAMS.page)) ?? 1;
  const size = positiveInt(params.get(LIST_PARAMS.pageSize));
  const pageSize = size !== undefined && config.pageSizes.includes(size) ? size : config.defaultPageSize;

  const sortKey = params.get(LIST_PARAMS.sort);
  const field = config.sortKeys?.find((key) => key === sortKey);
  const order: SortOrder = params.get(LIST_PARAMS.order) === 'desc' ? 'desc' : 'asc';

  const search = (params.get(LIST_PARAMS.search) ?? '').trim().slice(0, config.searchMax ?? 100);

  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(config.filters ?? {}) as [F, readonly string[] | RegExp][]) {
    const value = params.get(name);
    if (value !== null && (allowed instanceof RegExp ? allowed.test(value) : allowed.includes(value))) {
      filters[name] = value;
    }
  }
  return { page: page - 1, pageSize, sort: field ? { field, order } : null, search, filters };
}

/** Writes `state` into `params` (a copy), leaving out defaults and keeping parameters the list does not own. */
export function writeListState<S extends string, F extends string>(
  params: URLSearchParams,
  state: ListState<S, F>,
  config: ListStateConfig<S, F>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  set(LIST_PARAMS.page, state.page > 0 ? String(state.page + 1) : undefined);
  set(LIST_PARAMS.pageSize, state.pageSize !== config.defaultPageSize ? String(state.pageSize) : undefined);
  set(LIST_PARAMS.sort, state.sort?.field);
  set(LIST_PARAMS.order, state.sort?.order === 'desc' ? 'desc' : undefined);
  set(LIST_PARAMS.search, state.search.trim());
  for (const name of Object.keys(config.filters ?? {}) as F[]) set(name, state.filters[name]);
  return next;
}
