import type { PageInfo } from '#shared/contract/list.ts';

/** What a list route was asked for (after the contract's defaults and clamping). */
export type PageRequest = { page: number; pageSize: number };

/**
 * One page of any list (issue #9 A): `rows(limit, offset)` reads the page in its order (which must end in a
 * unique tie-breaker, so pages never overlap or skip), one row more than the page to know whether another
 * follows; `count()` counts the filter. Both run at once.
 */
export async function pagedList<T>(
  request: PageRequest,
  rows: (window: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[] } & PageInfo> {
  const { page, pageSize } = request;
  const [fetched, total] = await Promise.all([
    rows({ limit: pageSize + 1, offset: (page - 1) * pageSize }),
    count(),
  ]);
  return {
    items: fetched.slice(0, pageSize),
    total,
    page,
    pageSize,
    hasNextPage: fetched.length > pageSize,
  };
}
