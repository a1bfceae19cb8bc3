/**
 * Search helpers shared by the modules' repositories (ADR 035): full-text prefix queries, LIKE patterns,
 * and the people search over `users.search_text` that every list naming a person uses.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

import type { Role, UserStatus } from '#shared/contract/account.ts';

import { users } from '../db/schema/index.ts';

/**
 * The words of a search as a prefix tsquery ("inv rep" finds "invoice report"); null when it has none.
 * At most 8 words; only letters and digits count, so the query never carries tsquery syntax.
 */
export function prefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/** `%`, `_` and `\` match themselves (the pattern uses `escape '\'`). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const containsLower = (column: SQLWrapper, term: string) =>
  sql`${column} like lower(${`%${escapeLike(term)}%`}) escape '\\'`;

/**
 * `column` contains `term`, case-insensitively, for users with the given status and role. One lookup in
 * the GIN index users_search_idx (drizzle/0004_search_grams.sql) narrows the rows to those holding every
 * trigram of the term (or the term itself when it is 1 or 2 characters long) and the status and role
 * tokens; LIKE rechecks them. No search scans the table. `column` must be search_text or a part of it.
 */
export function matches(
  column: SQLWrapper,
  term: string,
  only: { status?: UserStatus | undefined; role?: Role | undefined } = {},
): SQL {
  const tokens = [
    ...(only.status ? [`status:${only.status}`] : []),
    ...(only.role ? [`role:${only.role}`] : []),
  ];
  const tokenArray = sql`array[${sql.join(
    tokens.map((t) => sql`${t}::text`),
    sql`, `,
  )}]::text[]`;
  return sql`atrium_user_terms(${users.searchText}, ${users.status}, ${users.role})
    @> (atrium_term_grams(lower(${term})) || ${tokenArray}) and ${containsLower(column, term)}`;
}

/** Who a people search or a person's contact details answer to: what they may find depends on it. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** A person's name as lists sort and search it ("ada lovelace"). */
export const nameKey = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
