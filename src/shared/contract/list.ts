import { z } from 'zod';

import { PAGE_SIZE_MAX, SEARCH_MAX } from './user-enums.ts';

/**
 * The one way a list is asked for and answered (issue #9 A, docs/adding-an-area.md "Lists"): `page` from 1,
 * `pageSize` up to the list's maximum (larger sizes are clamped to it, and the answer says which size was
 * used), a trimmed `search`, a `sort` from the list's allow-list and an `order`. The answer keeps the spec's
 * name for the items (`{ events }`, `{ mails }`, `{ users }`) next to `total`, `page`, `pageSize` and
 * `hasNextPage`.
 */

export const PAGE_MAX = 100_000;

export const pageField = z.coerce
  .number({ error: 'validation.pageInvalid' })
  .int('validation.pageInvalid')
  .min(1, 'validation.pageInvalid')
  .max(PAGE_MAX, 'validation.pageInvalid')
  .default(1);

/** Sizes above `max` are clamped to it; the answer says which size was used. */
export const pageSizeField = (fallback: number, max: number = PAGE_SIZE_MAX) =>
  z.coerce
    .number({ error: 'validation.pageSizeInvalid' })
    .int('validation.pageSizeInvalid')
    .min(1, 'validation.pageSizeInvalid')
    .default(fallback)
    .transform((v) => Math.min(v, max));

export const searchField = (max: number = SEARCH_MAX) =>
  z.string().trim().max(max, 'validation.searchTooLong').default('');

export const orderField = (fallback: 'asc' | 'desc') =>
  z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default(fallback);

/** `page` and `pageSize` of a list whose pages hold `defaultSize` items, at most `maxSize`. */
export const pageFields = (defaultSize: number, maxSize: number = PAGE_SIZE_MAX) => ({
  page: pageField,
  pageSize: pageSizeField(defaultSize, maxSize),
});

/**
 * A query parameter that takes several values: repeated (`?gender=Men&gender=Women`) or as a comma list
 * (`?gender=Men,Women`); each value once, blanks dropped. At most `max` values (else `error`).
 */
export const listParam = <T extends z.ZodType>(item: T, max: number, error: string) =>
  z.preprocess(
    (value) => {
      const raw: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
      const parts = raw.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
      return [...new Set(parts.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== ''))];
    },
    z.array(item, { error }).max(max, error),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (`2026-03-01`, in UTC) or an instant with its offset (`2026-03-01T00:00:00+07:00`). */
const dayOrInstant = () =>
  z
    .string({ error: 'validation.dateInvalid' })
    .max(40, 'validation.dateInvalid')
    .refine(
      (v) =>
        DAY.test(v)
          ? z.iso.date().safeParse(v).success
          : z.iso.datetime({ offset: true }).safeParse(v).success,
      'validation.dateInvalid',
    );

/**
 * A list's lower time bound (`startDate`, `createdFrom`), optional: at or after the start of this day (UTC),
 * or this instant (the overview's links send the start of the viewer's day with its offset). Parsed to an
 * ISO instant in UTC.
 */
export const startBoundField = () =>
  dayOrInstant()
    .transform((v) => (DAY.test(v) ? `${v}T00:00:00.000Z` : new Date(v).toISOString()))
    .optional();

/**
 * A list's upper time bound (`endDate`, `createdTo`), optional: before the end of this day (UTC, so the day
 * is included), or before this instant. Parsed to an ISO instant in UTC, the first one excluded.
 */
export const endBoundField = () =>
  dayOrInstant()
    .transform((v) =>
      DAY.test(v)
        ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000).toISOString()
        : new Date(v).toISOString(),
    )
    .optional();

/** Where a page is in its list: what every list answer carries besides its items. */
export const pageInfoFields = {
  /** Items of the whole filter (a lower bound where the list says its count is capped). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether a page follows this one (exact even when `total` is a lower bound). */
  hasNextPage: z.boolean(),
};
export type PageInfo = { total: number; page: number; pageSize: number; hasNextPage: boolean };

/** A list answer: `{ [key]: items, total, page, pageSize, hasNextPage }`. */
export const listPageSchema = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), ...pageInfoFields } as {
    [P in K]: z.ZodArray<T>;
  } & typeof pageInfoFields);

/**
 * Keyset (cursor) paging, for lists that are long and grow at the top (notifications, chat messages, mail,
 * the audit log): `cursor` is the opaque `nextCursor` of the previous page, so a page never repeats or skips
 * an item when new ones arrive meanwhile, and reading page 500 costs what page 1 does.
 */
export const cursorField = z
  .string()
  .max(200, 'validation.cursorInvalid')
  .regex(/^[\w-]+$/, 'validation.cursorInvalid')
  .optional();

/** Where the next page starts: pass it back as `cursor`; null on the last page. */
export const cursorInfoFields = { nextCursor: z.string().nullable() };
