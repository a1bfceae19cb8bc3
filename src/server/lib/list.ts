import { desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { PageInfo } from '#shared/contract/list.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { badRequest } from './http-error.ts';

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

// ── keyset paging ───────────────────────────────────────────────────────────────────────────────────────

/** A row's place in a newest-first list: its timestamp in UTC to the microsecond (as stored), and its id. */
export interface ListPosition {
  at: string;
  id: string;
}

const POSITION = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([0-9a-f-]{36})$/;

export const encodeCursor = (position: ListPosition) =>
  Buffer.from(`${position.at}|${position.id}`).toString('base64url');

/** The position a cursor names; 400 for anything we did not hand out. */
export function decodeCursor(cursor: string): ListPosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2])
    throw badRequest(validationMessageEn('validation.cursorInvalid'), 'INVALID_CURSOR');
  return { at: match[1], id: match[2] };
}

/**
 * The SQL of a keyset-paged, newest-first list over `(createdAt, id)` (an index on both makes every page one
 * index range scan): `position` is the column pair to select as the row's place, `before(cursor)` the
 * condition for rows after the cursor's, in that order.
 */
export function newestFirst(createdAt: AnyPgColumn, id: AnyPgColumn) {
  return {
    /** Select it as `position` next to the row (a JavaScript Date would drop the microseconds). */
    position: sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    before: (cursor: string | undefined): SQL | undefined => {
      if (!cursor) return undefined;
      const { at, id: lastId } = decodeCursor(cursor);
      return sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${lastId}::uuid)`;
    },
    orderBy: [desc(createdAt), desc(id)] as const,
  };
}

/**
 * One keyset page: `rows(limit)` reads `limit` rows (one more than the page) after the cursor, each with its
 * `position` and `id`; the answer is the page and the cursor of the next one (null on the last page).
 */
export async function keysetList<T extends { position: string; id: string }>(
  limit: number,
  rows: (limit: number) => Promise<T[]>,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const fetched = await rows(limit + 1);
  const items = fetched.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: fetched.length > limit && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}

/**
 * A newest-first list that offers both ways of paging (notifications, the audit log): by `cursor` when the
 * request has one, otherwise by `page`; either way the answer says where the next page starts
 * (`nextCursor`). `rows` reads `limit` rows from `offset` that come after `after` (undefined: from the
 * top), in `order.orderBy`, each with `id` and `position` (`order.position`).
 */
export async function newestFirstList<T extends { position: string; id: string }>(
  request: PageRequest & { cursor?: string | undefined },
  order: ReturnType<typeof newestFirst>,
  rows: (window: { limit: number; offset: number; after: SQL | undefined }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; nextCursor: string | null } & PageInfo> {
  const { cursor, pageSize } = request;
  if (cursor !== undefined) {
    const after = order.before(cursor);
    const [page, total] = await Promise.all([
      keysetList(pageSize, (limit) => rows({ limit, offset: 0, after })),
      count(),
    ]);
    return { ...page, total, page: 1, pageSize, hasNextPage: page.nextCursor !== null };
  }
  const paged = await pagedList(
    request,
    ({ limit, offset }) => rows({ limit, offset, after: undefined }),
    count,
  );
  const last = paged.items.at(-1);
  return {
    ...paged,
    nextCursor: paged.hasNextPage && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}
