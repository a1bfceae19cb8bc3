import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';

import {
  parseListState,
  writeListState,
  type ListSort,
  type ListState,
  type ListStateConfig,
} from '../../lib/list-state.ts';
import { useDebouncedCallback } from '../../lib/use-debounced-callback.ts';
import type { DataTableListProps } from './data-table.tsx';

export type ListStateControls<S extends string, F extends string> = ListState<S, F> & {
  /** What the search box shows: written to the address (and so requested) once typing pauses. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  setPage: (page: number) => void;
  /** A new page size starts again at the first page. */
  setPageSize: (pageSize: number) => void;
  setSort: (sort: ListSort<S> | null) => void;
  setFilter: (name: F, value: string | undefined) => void;
  /** Several filters at once (a price range, "clear all"), and the search with them when given. */
  setFilters: (changes: Partial<Record<F, string | undefined>> & { search?: string }) => void;
  /** A search written at once (Enter in a search box with suggestions), not after the typing pause. */
  setSearch: (value: string) => void;
};

export type ListStateOptions = {
  /**
   * `'replace'` (tables, the default): changes replace the history entry, so Back leaves the list.
   * `'push'` (a page of cards browsed like a catalogue: the shop): each filter or page is an entry of its
   * own, and Back steps back through them.
   */
  history?: 'replace' | 'push';
};

/**
 * A server-paged list's page, page size, sort, filters and debounced search, kept in the address (see
 * `lib/list-state.ts`), so a reload and Back keep them. A new sort, filter or search starts at the first
 * page. Changes replace the history entry: Back leaves the list rather than stepping through its pages.
 * The route's loader reads the same state with `parseListState(new URL(request.url).searchParams, config)`
 * (`listResource`'s loader does). A page of cards that Back should step through passes `{ history: 'push' }`.
 */
export function useListState<S extends string, F extends string>(
  config: ListStateConfig<S, F>,
  { history = 'replace' }: ListStateOptions = {},
): ListStateControls<S, F> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params, config), [params, config]);

  // The address changes when the navigation ends, after the page's loader: a second change before then
  // (a start date, then an end date) starts from the first one's address, not from the stale one.
  const pending = useRef<{ from: string; to: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (current: ListState<S, F>) => ListState<S, F>) =>
      void setParams(
        (current) => {
          const from = current.toString();
          const base = pending.current?.from === from ? new URLSearchParams(pending.current.to) : current;
          const next = writeListState(base, change(parseListState(base, config)), config);
          pending.current = { from, to: next };
          return next;
        },
        { replace: history === 'replace' },
      ),
    [setParams, config, history],
  );

  // The box follows the address when it changes from outside (Back, a link), not while typing.
  const [searchInput, setSearchInputState] = useState(state.search);
  const [shownSearch, setShownSearch] = useState(state.search);
  if (shownSearch !== state.search) {
    setShownSearch(state.search);
    if (searchInput.trim() !== state.search) setSearchInputState(state.search);
  }
  // A search still waiting for the pause is dropped once a link leaves the list (a result clicked right
  // after typing): written then, it would navigate back to the list and cancel the way out.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.location !== undefined && navigation.location.pathname !== pathname;
  const writeSearch = useDebouncedCallback((value: string) => {
    if (!leaving) update((current) => ({ ...current, search: value.trim(), page: 0 }));
  });

  return {
    ...state,
    searchInput,
    setSearchInput: useCallback(
      (value: string) => {
        setSearchInputState(value);
        writeSearch(value);
      },
      [writeSearch],
    ),
    setPage: useCallback((page) => update((current) => ({ ...current, page })), [update]),
    setPageSize: useCallback(
      (pageSize) => update((current) => ({ ...current, pageSize, page: 0 })),
      [update],
    ),
    setSort: useCallback((sort) => update((current) => ({ ...current, sort, page: 0 })), [update]),
    setFilter: useCallback(
      (name, value) =>
        update((current) => ({ ...current, filters: { ...current.filters, [name]: value }, page: 0 })),
      [update],
    ),
    setFilters: useCallback(
      ({ search, ...changes }) =>
        update((current) => ({
          ...current,
          filters: { ...current.filters, ...(changes as unknown as Partial<Record<F, string | undefined>>) },
          search: search === undefined ? current.search : search.trim(),
          page: 0,
        })),
      [update],
    ),
    setSearch: useCallback(
      (value: string) => {
        setSearchInputState(value);
        update((current) => ({ ...current, search: value.trim(), page: 0 }));
      },
      [update],
    ),
  };
}

/**
 * What every list view hands its table from the list's query and its state: loading, the error with Retry,
 * page, page size and their setters. The view adds `rowCount` (and `hasNextPage` when the total may be a
 * lower bound).
 */
export function listTableProps(
  list: Pick<ListStateControls<string, string>, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>,
  config: Pick<ListStateConfig, 'pageSizes'>,
  query: { isFetching: boolean; refetch: () => unknown },
  error: string | null,
): Omit<DataTableListProps, 'rowCount' | 'hasNextPage'> {
  return {
    loading: query.isFetching,
    error,
    onRetry: () => void query.refetch(),
    page: list.page,
    pageSize: list.pageSize,
    pageSizeOptions: config.pageSizes,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
  };
}
