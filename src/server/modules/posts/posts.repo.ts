import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  COMMENT_REPLIES_SHOWN,
  POST_LIKERS_SHOWN,
  type PostSort,
  type PostTab,
  type PostTabCounts,
} from '#shared/contract/posts.ts';

import type { Db } from '../../db/client.ts';
import { files, users } from '../../db/schema/index.ts';
import {
  postComments,
  postCounts,
  postFormerSlugs,
  postLikes,
  posts,
  postViews,
  type PostRow,
} from '../../db/schema/posts.ts';
import { capCount, COUNT_CAP } from '../../lib/capped-count.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { prefixQuery } from '../../lib/search.ts';

export type { PostRow };

/** Who is asking: lists and answers depend on it (drafts, "liked", "may delete"). */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

export interface PersonRow {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/** The advisory lock class of slug picking (the other key is the hash of the slug base). */
const POST_SLUG_LOCK = 727278;

const personName = (table: typeof users) => sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;

/** People by id (authors of a page of posts). */
export async function peopleById(db: Db, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: personName(users), avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

// ── search ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The words of title, description and tags match the search's word prefixes: one lookup in the GIN index
 * posts_search_idx (the expression must stay the index's).
 */
const matchesSearch = (terms: string) =>
  sql`atrium_post_terms(${posts.title}, ${posts.description}, ${posts.tags}) @@ to_tsquery('simple', ${terms})`;

// ── lists ───────────────────────────────────────────────────────────────────────────────────────────────

export interface PostFilter {
  tab: PostTab;
  search: string;
  authorId?: string | undefined;
  /** Only the featured posts. */
  featured?: boolean | undefined;
}

/** Featured posts: `featured` as it is (not `= true`), the partial index posts_featured_idx's predicate. */
const isFeatured = sql`${posts.featured}`;

/** What `viewer` may see: every post for administrators; published posts and their own otherwise. */
const visibleTo = (viewer: Viewer): SQL | undefined =>
  viewer.isAdmin ? undefined : or(eq(posts.publish, 'published'), eq(posts.authorId, viewer.id));

/** The posts of a tab `viewer` may see (the tab `draft` is their own drafts unless they are an administrator). */
function tabWhere(tab: PostTab, viewer: Viewer): SQL | undefined {
  if (tab === 'published') return eq(posts.publish, 'published');
  if (tab === 'draft') {
    return viewer.isAdmin
      ? eq(posts.publish, 'draft')
      : and(eq(posts.publish, 'draft'), eq(posts.authorId, viewer.id));
  }
  return visibleTo(viewer);
}

/** Sort keys come from this map only; each order ends in the id, so pages never overlap. */
const ORDER: Record<PostSort, SQL[]> = {
  latest: [desc(posts.listedAt), desc(posts.id)],
  oldest: [asc(posts.listedAt), asc(posts.id)],
  popular: [desc(posts.totalViews), desc(posts.id)],
};

/**
 * The same orders on expressions no index holds: the few matches of a narrow search are fetched through the
 * search index and sorted, rather than found by walking an order's index past every post that does not
 * match (4.7 s instead of 0.2 ms for one match among 100,000 posts on PGlite).
 */
const SORTED: Record<PostSort, SQL[]> = {
  latest: [sql`${posts.listedAt} + interval '0 seconds' desc`, desc(posts.id)],
  oldest: [sql`${posts.listedAt} + interval '0 seconds' asc`, asc(posts.id)],
  popular: [sql`${posts.totalViews} + 0 desc`, desc(posts.id)],
};

/** The columns a card shows (never the content), with whether `viewerId` liked the post. */
const cardColumns = (viewerId: string) => ({
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  slug: posts.slug,
  description: posts.description,
  coverFileId: posts.coverFileId,
  tags: posts.tags,
  publish: posts.publish,
  publishedAt: posts.publishedAt,
  totalViews: posts.totalViews,
  totalComments: posts.totalComments,
  totalFavorites: posts.totalFavorites,
  featured: posts.featured,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  isFavorited: sql<boolean>`exists (select 1 from ${postLikes} l
    where l.post_id = ${posts.id} and l.user_id = ${viewerId}::uuid)`,
});
type CardColumns = ReturnType<typeof cardColumns>;
export type CardRow = {
  [K in Exclude<keyof CardColumns, 'isFavorited'>]: PostRow[K];
} & { isFavorited: boolean; coverKey: string | null };

/** The storage keys of these cover files. */
async function coverKeys(db: Db, fileIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(fileIds.filter((id): id is string => id !== null))];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(inArray(files.id, ids));
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** Posts (cards, featured posts) with their covers' storage keys. */
async function withCovers<R extends { coverFileId: string | null }>(
  db: Db,
  rows: R[],
): Promise<Array<R & { coverKey: string | null }>> {
  const keys = await coverKeys(
    db,
    rows.map((r) => r.coverFileId),
  );
  return rows.map((r) => ({ ...r, coverKey: r.coverFileId ? (keys.get(r.coverFileId) ?? null) : null }));
}

/**
 * The tab counts without a search: from the per-author counters (post_counts), never by counting posts.
 * Published posts are everyone's; drafts the viewer's own (every draft for administrators).
 */
async function counterCounts(db: Db, viewer: Viewer, authorId: string | undefined): Promise<PostTabCounts> {
  const ownDraftsOnly = !viewer.isAdmin;
  if (authorId !== undefined && ownDraftsOnly && authorId !== viewer.id) {
    // Someone else's posts: their drafts are not the viewer's to see.
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${postCounts.total}), 0)::int` })
      .from(postCounts)
      .where(and(eq(postCounts.authorId, authorId), eq(postCounts.publish, 'published')));
    const published = Number(row?.n ?? 0);
    return { all: published, published, draft: 0 };
  }
  const [row] = await db
    .select({
      published: sql<number>`coalesce(sum(${postCounts.total}) filter (where ${postCounts.publish} = 'published'), 0)::int`,
      draft: sql<number>`coalesce(sum(${postCounts.total}) filter (where ${postCounts.publish} = 'draft'${
        ownDraftsOnly ? sql` and ${postCounts.authorId} = ${viewer.id}::uuid` : sql``
      }), 0)::int`,
    })
    .from(postCounts)
    .where(authorId !== undefined ? eq(postCounts.authorId, authorId) : undefined);
  const published = Number(row?.published ?? 0);
  const draft = Number(row?.draft ?? 0);
  return { all: published + draft, published, draft };
}

/**
 * The tab counts of a search: its matches the viewer may see, counted up to COUNT_CAP + 1 (a broad
 * search would otherwise count most posts); `capped` when there were more.
 */
async function searchCounts(
  db: Db,
  where: SQL | undefined,
): Promise<{ counts: PostTabCounts; capped: boolean }> {
  const matches = db
    .select({ publish: posts.publish })
    .from(posts)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matches');
  const [row] = await db
    .select({
      published: sql<number>`count(*) filter (where ${matches.publish} = 'published')::int`,
      draft: sql<number>`count(*) filter (where ${matches.publish} = 'draft')::int`,
    })
    .from(matches);
  const published = Number(row?.published ?? 0);
  const draft = Number(row?.draft ?? 0);
  return {
    counts: { all: published + draft, published, draft },
    capped: capCount(published + draft).capped,
  };
}

export interface CardPage {
  items: CardRow[];
  total: number;
  totalCapped: boolean;
  counts: PostTabCounts;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
}

/** One page of the posts `viewer` may see in a tab, sorted, with the counts of every tab. */
export async function listPosts(
  db: Db,
  viewer: Viewer,
  filter: PostFilter,
  sort: PostSort,
  page: PageRequest,
): Promise<CardPage> {
  const terms = prefixQuery(filter.search);
  const common = and(
    filter.authorId !== undefined ? eq(posts.authorId, filter.authorId) : undefined,
    terms ? matchesSearch(terms) : undefined,
    filter.featured ? isFeatured : undefined,
  );
  const where = and(tabWhere(filter.tab, viewer), common);
  // A search is counted first (through its index, up to the cap): a narrow one (fewer matches than the cap)
  // is then sorted from its matches, a broad one walks the order's index, where matches are dense. The
  // featured posts are a few, counted and sorted the same way (the per-author counters do not know them).
  const searched = terms || filter.featured ? await searchCounts(db, and(visibleTo(viewer), common)) : null;
  const counts = searched?.counts ?? (await counterCounts(db, viewer, filter.authorId));
  const capped = searched?.capped ?? false;
  const order = searched && !capped ? SORTED[sort] : ORDER[sort];
  const { items, ...info } = await pagedList(
    page,
    ({ limit, offset }) =>
      db
        .select(cardColumns(viewer.id))
        .from(posts)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => counts[filter.tab],
  );
  return {
    ...info,
    items: await withCovers(db, items),
    total: capped ? capCount(info.total).n : info.total,
    totalCapped: capped,
    counts,
  };
}

export type FeaturedRow = Pick<
  PostRow,
  'id' | 'authorId' | 'title' | 'slug' | 'description' | 'coverFileId' | 'publishedAt'
> & { coverKey: string | null };

/**
 * The newest `limit` featured posts that are published (newest published first). Featured posts are few:
 * the partial index posts_featured_idx holds them alone, by date.
 */
export async function featuredRows(db: Db, limit: number): Promise<FeaturedRow[]> {
  const rows = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      title: posts.title,
      slug: posts.slug,
      description: posts.description,
      coverFileId: posts.coverFileId,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(and(isFeatured, eq(posts.publish, 'published')))
    .orderBy(desc(posts.listedAt), desc(posts.id))
    .limit(limit);
  return withCovers(db, rows);
}

/** Up to `limit` published posts whose words start with the search's, newest first. */
export async function suggestions(
  db: Db,
  search: string,
  limit: number,
): Promise<Array<{ id: string; title: string; slug: string; coverKey: string | null }>> {
  const terms = prefixQuery(search);
  if (!terms) return [];
  const where = and(eq(posts.publish, 'published'), matchesSearch(terms));
  // As in the list: a narrow search is sorted from its matches, a broad one walks the date index.
  const { capped } = await searchCounts(db, where);
  const rows = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, coverFileId: posts.coverFileId })
    .from(posts)
    .where(where)
    .orderBy(...(capped ? ORDER.latest : SORTED.latest))
    .limit(limit);
  const keys = await coverKeys(
    db,
    rows.map((r) => r.coverFileId),
  );
  return rows.map(({ coverFileId, ...r }) => ({
    ...r,
    coverKey: coverFileId ? (keys.get(coverFileId) ?? null) : null,
  }));
}

// ── one post ────────────────────────────────────────────────────────────────────────────────────────────

export type PostDetailRow = PostRow & {
  author: PersonRow;
  coverKey: string | null;
  isFavorited: boolean;
};

/** A post with its author, cover and whether `viewerId` liked it. */
async function detailWhere(db: Db, viewerId: string, where: SQL): Promise<PostDetailRow | undefined> {
  const [row] = await db
    .select({
      post: posts,
      authorName: personName(users),
      authorAvatarUrl: users.avatarUrl,
      coverKey: files.storageKey,
      isFavorited: sql<boolean>`exists (select 1 from ${postLikes} l
        where l.post_id = ${posts.id} and l.user_id = ${viewerId}::uuid)`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(files, eq(files.id, posts.coverFileId))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  return {
    ...row.post,
    author: { id: row.post.authorId, name: row.authorName, avatarUrl: row.authorAvatarUrl },
    coverKey: row.coverKey,
    isFavorited: row.isFavorited,
  };
}

export const findPostDetail = (db: Db, id: string, viewerId: string) =>
  detailWhere(db, viewerId, eq(posts.id, id));

export async function findPostRow(db: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  return row;
}

/** By its slug, else by a slug it had before its title changed. */
export async function findPostBySlug(
  db: Db,
  slug: string,
  viewerId: string,
): Promise<PostDetailRow | undefined> {
  const current = await detailWhere(db, viewerId, eq(posts.slug, slug));
  if (current) return current;
  const [former] = await db
    .select({ postId: postFormerSlugs.postId })
    .from(postFormerSlugs)
    .where(eq(postFormerSlugs.slug, slug));
  return former ? detailWhere(db, viewerId, eq(posts.id, former.postId)) : undefined;
}

/** Until the transaction ends, makes anyone else picking a slug from `base` wait (see `withFreeSlug`). */
export async function lockSlugBase(tx: Db, base: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${POST_SLUG_LOCK}, hashtext(${base}))`);
}

/** The slugs in use that start with `base` (to pick `base`, `base-2`… that is free). */
export async function slugsLike(db: Db, base: string, exceptPostId?: string): Promise<Set<string>> {
  // `base` holds letters, digits and hyphens only: no LIKE wildcards.
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        or(eq(posts.slug, base), sql`${posts.slug} like ${`${base}-%`}`),
        exceptPostId ? ne(posts.id, exceptPostId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.slug));
}

/** Up to POST_LIKERS_SHOWN people who liked the post, newest first. */
export async function likersOf(db: Db, postId: string): Promise<PersonRow[]> {
  return db
    .select({ id: users.id, name: personName(users), avatarUrl: users.avatarUrl })
    .from(postLikes)
    .innerJoin(users, eq(users.id, postLikes.userId))
    .where(eq(postLikes.postId, postId))
    .orderBy(desc(postLikes.createdAt), desc(postLikes.userId))
    .limit(POST_LIKERS_SHOWN);
}

export type PostInsert = typeof posts.$inferInsert;
export type PostUpdate = Partial<
  Omit<
    PostInsert,
    | 'id'
    | 'authorId'
    | 'version'
    | 'createdAt'
    | 'totalViews'
    | 'totalFavorites'
    | 'totalComments'
    | 'listedAt'
  >
>;

export async function insertPost(db: Db, values: PostInsert): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('Post insert returned nothing');
  return row;
}

/**
 * Writes `patch` if the post is still at `version` (ADR 017; the trigger raises it): undefined when it
 * changed meanwhile or is gone. A new slug keeps the old one as a former slug (in the same transaction).
 */
export async function updatePost(db: Db, before: PostRow, patch: PostUpdate): Promise<PostRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(posts)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(posts.id, before.id), eq(posts.version, before.version)))
      .returning();
    if (!row) return undefined;
    if (row.slug !== before.slug) {
      await tx
        .insert(postFormerSlugs)
        .values({ slug: before.slug, postId: row.id })
        .onConflictDoUpdate({ target: postFormerSlugs.slug, set: { postId: row.id } });
      // A slug in use is nobody's former slug any more.
      await tx.delete(postFormerSlugs).where(eq(postFormerSlugs.slug, row.slug));
    }
    return row;
  });
}

/**
 * Features the post or takes it off (ADR 043): neither `updated_at` nor the version moves (the
 * `posts_bump_version` trigger watches neither `featured` nor a write that leaves `updated_at` alone), so
 * an edit open on the post still saves. Undefined when the post is gone.
 */
export async function setFeatured(db: Db, id: string, featured: boolean): Promise<PostRow | undefined> {
  const [row] = await db.update(posts).set({ featured }).where(eq(posts.id, id)).returning();
  return row;
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}

// ── likes and views ─────────────────────────────────────────────────────────────────────────────────────

/** Likes the post for `userId`, or takes the like back (once each; the trigger keeps the count). */
export async function setLike(db: Db, postId: string, userId: string, liked: boolean): Promise<void> {
  if (liked) {
    await db.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
  } else {
    await db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
  }
}

export async function figuresOf(
  db: Db,
  postId: string,
): Promise<{ totalViews: number; totalFavorites: number; totalComments: number } | undefined> {
  const [row] = await db
    .select({
      totalViews: posts.totalViews,
      totalFavorites: posts.totalFavorites,
      totalComments: posts.totalComments,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

/**
 * Records that `userId` read the post today (UTC): true when this is their first view of the day (the
 * `post_views_count` trigger then adds it to the post's total, in the same statement).
 */
export async function recordView(db: Db, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(postViews)
    .values({ postId, userId, day: sql`(now() at time zone 'utc')::date` })
    .onConflictDoNothing()
    .returning({ postId: postViews.postId });
  return rows.length > 0;
}

// ── comments ────────────────────────────────────────────────────────────────────────────────────────────

export interface CommentRow {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string;
  authorName: string;
  authorAvatarUrl: string | null;
  replyToUserId: string | null;
  replyToName: string | null;
  message: string;
  createdAt: Date;
}

const replyTo = alias(users, 'reply_to');

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  parentId: postComments.parentId,
  authorId: postComments.authorId,
  authorName: personName(users),
  authorAvatarUrl: users.avatarUrl,
  replyToUserId: postComments.replyToUserId,
  replyToName: sql<string | null>`trim(${replyTo.firstName} || ' ' || ${replyTo.lastName})`,
  message: postComments.message,
  createdAt: postComments.createdAt,
};

const commentsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(replyTo, eq(replyTo.id, postComments.replyToUserId))
    .where(where);

export async function findComment(
  db: Db,
  postId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const [row] = await commentsWhere(db, and(eq(postComments.id, commentId), eq(postComments.postId, postId)));
  return row;
}

/**
 * A page of the post's top-level comments, newest first, and the replies of each (oldest first, the
 * newest COMMENT_REPLIES_SHOWN of a long thread) with the thread's reply count.
 */
export async function commentsOf(db: Db, postId: string, page: PageRequest) {
  const top = and(eq(postComments.postId, postId), isNull(postComments.parentId));
  const result = await pagedList(
    page,
    ({ limit, offset }) =>
      commentsWhere(db, top)
        .orderBy(desc(postComments.createdAt), desc(postComments.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(postComments, top),
  );
  const parentIds = result.items.map((c) => c.id);
  const replies = new Map<string, Array<CommentRow & { totalReplies: number }>>();
  if (parentIds.length) {
    const ranked = db
      .select({
        ...commentColumns,
        // Raw SQL fields of a subquery need names of their own.
        authorName: personName(users).as('author_name'),
        replyToName: sql<string | null>`trim(${replyTo.firstName} || ' ' || ${replyTo.lastName})`.as(
          'reply_to_name',
        ),
        rank: sql<number>`row_number() over (partition by ${postComments.parentId}
          order by ${postComments.createdAt} desc, ${postComments.id} desc)`.as('rank'),
        totalReplies: sql<number>`(count(*) over (partition by ${postComments.parentId}))::int`.as(
          'total_replies',
        ),
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .leftJoin(replyTo, eq(replyTo.id, postComments.replyToUserId))
      .where(inArray(postComments.parentId, parentIds))
      .as('ranked');
    const rows = await db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, COMMENT_REPLIES_SHOWN))
      .orderBy(asc(ranked.createdAt), asc(ranked.id));
    for (const { rank: _rank, ...row } of rows) {
      const reply = { ...row, totalReplies: Number(row.totalReplies) };
      const thread = replies.get(row.parentId!) ?? [];
      thread.push(reply);
      replies.set(row.parentId!, thread);
    }
  }
  return { ...result, replies };
}

export async function insertComment(
  db: Db,
  values: typeof postComments.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(postComments).values(values).returning({ id: postComments.id });
  if (!row) throw new Error('Comment insert returned nothing');
  return row;
}

/** Deletes a comment of the post (its replies go with it); false when it was gone already. */
export async function deleteComment(db: Db, postId: string, commentId: string): Promise<boolean> {
  const rows = await db
    .delete(postComments)
    .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId)))
    .returning({ id: postComments.id });
  return rows.length > 0;
}
