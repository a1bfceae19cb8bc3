import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  notInArray,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { userStatuses, type Role, type User, type UserStatus } from '#shared/contract/account.ts';
import {
  COUNT_CAP,
  imageKinds,
  type GalleryResponse,
  type ImageKind,
  type PublicUser,
  type PublicUserPage,
  type StatusCounts,
  type StatusKey,
  type UserImage,
  type UserSortKey,
} from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { follows, sessions, userCounts, users } from '../../db/schema/index.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { toUser, type SessionRow, type UserRow } from '../account/account.repo.ts';
import { deleteOwnFile, listOwnFiles, storageKeysOfOwners, type FileRow } from '../files/files.repo.ts';
import { publicUploadUrl } from '../files/files.service.ts';

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
function matches(
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

const nameKey = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

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
}

/**
 * Per-status counts of a search, each counted up to COUNT_CAP + 1 rows: exact for every search that
 * matches fewer users, and a lower bound ("1,000+", listed in `capped`) for broad ones, whose exact count
 * would cost a pass over every match. Each status is its own index lookup, so the rows fetched are at most
 * the matches, and at most 4 × (COUNT_CAP + 1), whatever the term.
 */
async function searchCounts(
  db: Db,
  term: string,
  role: Role | undefined,
): Promise<{ counts: StatusCounts; capped: StatusKey[] }> {
  const perStatus = userStatuses.map(
    (status) => sql`(select count(*)::int from (select 1 from ${users}
      where ${matches(users.searchText, term, { status, role })} limit ${COUNT_CAP + 1}) as m) as ${sql.identifier(status)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(perStatus, sql`, `)}`)) as unknown as {
    rows: Array<Record<UserStatus, number | string>>;
  };
  const row = result.rows[0];
  const counts: StatusCounts = { all: 0, active: 0, pending: 0, banned: 0, rejected: 0 };
  const capped: StatusKey[] = [];
  for (const status of userStatuses) {
    const n = Number(row?.[status] ?? 0);
    if (n > COUNT_CAP) capped.push(status);
    counts[status] = Math.min(n, COUNT_CAP);
    counts.all += counts[status];
  }
  if (capped.length) capped.unshift('all');
  return { counts, capped };
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

  const { counts, capped } = q.search
    ? await searchCounts(db, q.search, q.role)
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
    .where(and(role, status ? eq(users.status, status) : undefined, search))
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

/** Whether another active admin than `excludeIds` exists. */
export async function otherActiveAdminExists(db: Db, excludeIds: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.status, 'active'),
        excludeIds.length ? notInArray(users.id, excludeIds) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
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

// ── public profiles ─────────────────────────────────────────────────────────────────────────────────────

function publicColumns(callerId: string) {
  // The subqueries name the outer row "users"."id" explicitly: drizzle writes a bare "id" for a
  // single-table select, which inside a subquery would bind to the subquery's own table.
  const outerId = sql.raw('"users"."id"');
  return {
    id: users.id,
    slug: users.slug,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    avatarUrl: users.avatarUrl,
    coverUrl: users.coverUrl,
    about: users.about,
    company: users.company,
    country: users.country,
    socialLinks: users.socialLinks,
    followerCount: sql<number>`(select count(*)::int from follows f join users o on o.id = f.follower_id
      where f.followee_id = ${outerId} and o.status = 'active')`,
    followingCount: sql<number>`(select count(*)::int from follows f join users o on o.id = f.followee_id
      where f.follower_id = ${outerId} and o.status = 'active')`,
    isFollowing: sql<boolean>`exists (select 1 from follows f
      where f.follower_id = ${callerId} and f.followee_id = ${outerId})`,
  };
}
interface PublicRow {
  id: string;
  slug: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'user';
  avatarUrl: string | null;
  coverUrl: string | null;
  about: string;
  company: string;
  country: string;
  socialLinks: UserRow['socialLinks'];
  followerCount: number;
  followingCount: number;
  isFollowing: boolean;
}

function toPublicUser(row: PublicRow): PublicUser {
  return {
    id: row.id,
    slug: row.slug,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    avatarUrl: row.avatarUrl,
    coverUrl: row.coverUrl,
    about: row.about,
    company: row.company,
    country: row.country,
    socialLinks: {
      facebook: row.socialLinks.facebook ?? '',
      instagram: row.socialLinks.instagram ?? '',
      linkedin: row.socialLinks.linkedin ?? '',
      twitter: row.socialLinks.twitter ?? '',
    },
    followerCount: Number(row.followerCount),
    followingCount: Number(row.followingCount),
    isFollowing: Boolean(row.isFollowing),
  };
}

/** The directory (cards, follower lists and counts) shows active users only, to everyone. */
const listed = eq(users.status, 'active');

export async function publicProfile(
  db: Db,
  callerId: string,
  userId: string,
): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicColumns(callerId)).from(users).where(eq(users.id, userId)).limit(1);
  return row ? toPublicUser(row) : undefined;
}

/**
 * The cards page: visible users by name, searched by name only. A search counts its matches up to
 * COUNT_CAP + 1 (`totalCapped` when there are more), like the admin list.
 */
export async function listCards(
  db: Db,
  callerId: string,
  q: { page: number; pageSize: number; search: string },
): Promise<PublicUserPage> {
  const where = and(listed, q.search ? matches(nameKey, q.search, { status: 'active' }) : undefined);
  let totalCapped = false;
  const { items, ...info } = await pagedList(
    q,
    ({ limit, offset }) =>
      db
        .select(publicColumns(callerId))
        .from(users)
        .where(where)
        .orderBy(asc(nameKey), asc(users.id))
        .limit(limit)
        .offset(offset),
    async () => {
      if (!q.search) {
        const [row] = await db
          .select({ n: sql<number>`coalesce(sum(${userCounts.n}), 0)::int` })
          .from(userCounts)
          .where(eq(userCounts.status, 'active'));
        return Number(row?.n ?? 0);
      }
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(where)
          .limit(COUNT_CAP + 1)
          .as('m'),
      );
      const total = Number(row?.n ?? 0);
      totalCapped = total > COUNT_CAP;
      return Math.min(total, COUNT_CAP);
    },
  );
  return { users: items.map(toPublicUser), ...info, totalCapped };
}

/** Followers (who follows `userId`) or following (whom `userId` follows), newest follow first. */
export async function listFollows(
  db: Db,
  callerId: string,
  userId: string,
  direction: 'followers' | 'following',
  q: { page: number; pageSize: number },
): Promise<PublicUserPage> {
  const joinOn =
    direction === 'followers' ? eq(users.id, follows.followerId) : eq(users.id, follows.followeeId);
  const match = direction === 'followers' ? eq(follows.followeeId, userId) : eq(follows.followerId, userId);
  const where = and(match, listed);
  const { items, ...info } = await pagedList(
    q,
    ({ limit, offset }) =>
      db
        .select(publicColumns(callerId))
        .from(follows)
        .innerJoin(users, joinOn)
        .where(where)
        .orderBy(desc(follows.createdAt), asc(users.id))
        .limit(limit)
        .offset(offset),
    async () =>
      Number(
        (await db.select({ n: count() }).from(follows).innerJoin(users, joinOn).where(where))[0]?.n ?? 0,
      ),
  );
  return { users: items.map(toPublicUser), ...info };
}

/** Whether this made a new follow (false when `followerId` already followed `followeeId`). */
export async function follow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const inserted = await db
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return inserted.length > 0;
}

export async function unfollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

export async function followerCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, userId), listed));
  return Number(row?.n ?? 0);
}

// ── images ──────────────────────────────────────────────────────────────────────────────────────────────
// A profile's gallery is its owner's files of the image uses (the files block, ADR 018).

export function toUserImage(row: FileRow): UserImage {
  return {
    id: row.id,
    kind: row.use as ImageKind,
    url: publicUploadUrl(row.storageKey),
    width: row.width ?? 0,
    height: row.height ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listImages(db: Db, userId: string, q: PageRequest): Promise<GalleryResponse> {
  const { items, ...info } = await listOwnFiles(db, userId, imageKinds, q);
  return { images: items.map(toUserImage), ...info };
}

/** Deletes one of the user's own images; undefined when it is not theirs. */
export const deleteOwnImage = (db: Db, userId: string, imageId: string) =>
  deleteOwnFile(db, userId, imageId, imageKinds);

// ── sessions ────────────────────────────────────────────────────────────────────────────────────────────

/** The user's sessions that are not revoked, expired or idle, most recently used first. */
export async function liveSessions(db: Db, userId: string, idleSeconds: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Revokes one live session of the user; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'revoked_by_user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
