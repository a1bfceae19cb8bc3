import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { userStatuses, type Role, type User, type UserStatus } from '#shared/contract/account.ts';
import type { SignInDevice, StatusCounts, StatusKey, UserSortKey } from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { sessions, userCounts, users, type UserRow } from '../../db/schema/index.ts';
import { cappedCountsBy } from '../../lib/capped-count.ts';
import { matches, nameKey } from '../../lib/search.ts';
import { toUser } from '../account/account.service.ts';
import { storageKeysOfOwners } from '../files/files.service.ts';

type UserInsert = typeof users.$inferInsert;
/** A change to a user row; the JSON columns may be a SQL merge (mergeJson) instead of a whole value. */
export type UserUpdate = Omit<Partial<UserInsert>, 'socialLinks' | 'notifications'> & {
  socialLinks?: UserInsert['socialLinks'] | SQL;
  notifications?: UserInsert['notifications'] | SQL;
};

/**
 * `column || value` in SQL: the keys given replace those of the stored object, the others stay as stored
 * now, not as read at the start of the request (no lost update between two saves, issue 8 §4.13).
 */
export const mergeJson = (column: AnyPgColumn, value: Record<string, unknown>): SQL =>
  sql`${column} || ${JSON.stringify(value)}::jsonb`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A user by id (uuid) or by slug; `ref` is already lower-cased by the contract. */
export async function findUserByRef(db: Db, ref: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(UUID.test(ref) ? eq(users.id, ref) : eq(users.slug, ref))
    .limit(1);
  return row;
}

/** Sort keys come from this map only; the query never contains text from the request. */
const SORT_COLUMNS: Record<UserSortKey, SQLWrapper> = {
  name: nameKey,
  email: users.email,
  company: sql`lower(${users.company})`,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
};

export interface UserListQuery {
  page: number;
  pageSize: number;
  sort: UserSortKey;
  order: 'asc' | 'desc';
  role?: 'admin' | 'user' | undefined;
  status: 'all' | UserStatus;
  search: string;
  /** The profile's country, exactly as written. */
  country?: string | undefined;
  /** Created at or after this instant (ISO). */
  createdFrom?: string | undefined;
  /** Created before this instant (ISO). */
  createdTo?: string | undefined;
  /** Signed in from this kind of device (within the sign-in bounds when given). */
  device?: SignInDevice | undefined;
  /** A sign-in at or after this instant (ISO). */
  signedInFrom?: string | undefined;
  /** A sign-in before this instant (ISO). */
  signedInTo?: string | undefined;
}

/**
 * The people with a sign-in (a session started: revoked and expired ones too, as "Sessions by device"
 * counts them) from `device` in the period: the sign-ins of the period (`sessions_created_idx`), their
 * devices read by `atrium_user_agent_device` (the reading the overview's rollup and the sessions list share).
 */
function signedInWhere(q: UserListQuery): SQL | undefined {
  if (!q.device && !q.signedInFrom && !q.signedInTo) return undefined;
  const where = and(
    q.signedInFrom ? gte(sessions.createdAt, new Date(q.signedInFrom)) : undefined,
    q.signedInTo ? lt(sessions.createdAt, new Date(q.signedInTo)) : undefined,
    q.device ? sql`atrium_user_agent_device(coalesce(${sessions.userAgent}, '')) = ${q.device}` : undefined,
  );
  return sql`${users.id} in (select ${sessions.userId} from ${sessions} where ${where ?? sql`true`})`;
}

/**
 * The filters besides status, role and search: the overview's drill-downs (a country, a creation period,
 * sign-ins from a device).
 */
function narrowing(q: UserListQuery): SQL | undefined {
  return and(
    q.country !== undefined ? eq(users.country, q.country) : undefined,
    q.createdFrom ? gte(users.createdAt, new Date(q.createdFrom)) : undefined,
    q.createdTo ? lt(users.createdAt, new Date(q.createdTo)) : undefined,
    signedInWhere(q),
  );
}

/**
 * Per-status counts of a search (and/or a narrowing: a country, a creation period), each counted up to
 * COUNT_CAP + 1 rows: exact for every filter that matches fewer users, and a lower bound ("1,000+", listed
 * in `capped`) for broad ones, whose exact count would cost a pass over every match. Each status is its own
 * index lookup, so the rows fetched are at most the matches, and at most 4 × (COUNT_CAP + 1), whatever the
 * filter. A country has no index of its own: a rare one is found by reading the status's rows.
 */
async function searchCounts(
  db: Db,
  term: string,
  role: Role | undefined,
  narrow?: SQL,
): Promise<{ counts: StatusCounts; capped: StatusKey[] }> {
  return cappedCountsBy(db, users, userStatuses, (status) =>
    and(
      term
        ? matches(users.searchText, term, { status, role })
        : and(eq(users.status, status), role ? eq(users.role, role) : undefined),
      narrow,
    ),
  );
}

/**
 * The admin list: filter, search, sort and page in SQL, plus per-status counts for the tabs. Without a
 * search the counts come from the trigger-kept user_counts; with one, from searchCounts. The page is one
 * ORDER BY … LIMIT: PostgreSQL walks the sort index and filters when the term is broad, and fetches the
 * matches from the search index and sorts them when it is narrow. One row more than the page tells
 * whether another page follows, which the list needs when the total is only a lower bound.
 */
export async function listUsers(
  db: Db,
  q: UserListQuery,
): Promise<{
  users: User[];
  total: number;
  counts: StatusCounts;
  capped: StatusKey[];
  hasNextPage: boolean;
}> {
  const offset = (q.page - 1) * q.pageSize;
  const status = q.status === 'all' ? undefined : q.status;
  const role = q.role ? eq(users.role, q.role) : undefined;
  const search = q.search ? matches(users.searchText, q.search, { status, role: q.role }) : undefined;
  const narrow = narrowing(q);

  // The trigger-kept counts are per status and role only: a search or a narrowing is counted (capped).
  const { counts, capped } =
    q.search || narrow
      ? await searchCounts(db, q.search, q.role, narrow)
      : {
          counts: statusCounts(
            await db
              .select({ status: userCounts.status, n: sql<number>`sum(${userCounts.n})::int` })
              .from(userCounts)
              .where(q.role ? eq(userCounts.role, q.role) : undefined)
              .groupBy(userCounts.status),
          ),
          capped: [],
        };
  const total = counts[q.status];
  const exact = !capped.includes(q.status);
  if (exact && offset >= total) return { users: [], total, counts, capped, hasNextPage: false };
  const direction = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(and(role, status ? eq(users.status, status) : undefined, search, narrow))
    .orderBy(direction(SORT_COLUMNS[q.sort]), direction(users.id))
    .limit(q.pageSize + 1)
    .offset(offset);
  const hasNextPage = rows.length > q.pageSize;
  return { users: rows.slice(0, q.pageSize).map(toUser), total, counts, capped, hasNextPage };
}

function statusCounts(groups: Array<{ status: string; n: number }>): StatusCounts {
  const counts: StatusCounts = { all: 0, active: 0, pending: 0, banned: 0, rejected: 0 };
  for (const g of groups) {
    if (g.status === 'all' || !(g.status in counts)) continue;
    counts[g.status as keyof StatusCounts] += Number(g.n);
    counts.all += Number(g.n);
  }
  return counts;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/**
 * Writes `patch`; with `expectedVersion`, only if the row is still at that version (ADR 017: undefined
 * means the row changed meanwhile, or is gone). The version itself is raised by the database.
 */
export async function updateUserRow(
  db: Db,
  id: string,
  patch: UserUpdate,
  expectedVersion?: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(eq(users.id, id), expectedVersion === undefined ? undefined : eq(users.version, expectedVersion)),
    )
    .returning();
  return row;
}

/** Serialises changes of the admin set, so two admins cannot demote each other at once. */
export async function lockAdminSet(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(727277)`);
}

export async function usersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Deletes users (sessions, follows and files go with them) and returns the storage keys of their files. */
export async function deleteUsers(db: Db, ids: string[]): Promise<{ deleted: string[]; files: string[] }> {
  if (!ids.length) return { deleted: [], files: [] };
  const files = await storageKeysOfOwners(db, ids);
  const deleted = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return { deleted: deleted.map((d) => d.id), files };
}
