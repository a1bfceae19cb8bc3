/**
 * The directory: what signed-in users see of each other (public fields only), follows, and profile galleries.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

import {
  imageKinds,
  type GalleryResponse,
  type ImageKind,
  type PublicUser,
  type PublicUserPage,
  type UserImage,
} from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { follows, userCounts, users, type UserRow } from '../../db/schema/index.ts';
import { cappedCount } from '../../lib/capped-count.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { matches, nameKey, type Viewer } from '../../lib/search.ts';
import { deleteOwnFile, listOwnFiles, publicUploadUrl, type FileRow } from '../files/files.service.ts';

// ── contact details ─────────────────────────────────────────────────────────────────────────────────────

export type ContactDetailsRow = Pick<
  UserRow,
  'id' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'country' | 'emailVisibility' | 'phoneVisibility'
>;

/**
 * What `viewer` may see of a person's email, phone and postal address (issue 24 B): everything of their own
 * and, for administrators, of anyone; otherwise the email and the phone only where the person chose to show
 * them to members, and never the postal address. Hidden details are '' (the shape stays the same).
 */
export function contactDetailsFor(
  viewer: Viewer,
  person: ContactDetailsRow,
): { email: string; phone: string; address: string } {
  const all = viewer.isAdmin || viewer.id === person.id;
  return {
    email: all || person.emailVisibility === 'members' ? person.email : '',
    phone: all || person.phoneVisibility === 'members' ? person.phone : '',
    address: all
      ? [person.address, person.city, person.state, person.country].filter(Boolean).join(', ')
      : '',
  };
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
 * COUNT_CAP + 1 (lib/capped-count.ts; `totalCapped` when there are more), like the admin list.
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
      const counted = await cappedCount(db, users, where);
      totalCapped = counted.capped;
      return counted.n;
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
