import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { postPublishStates } from '#shared/contract/posts-limits.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A blog post (issue #14, ADR 029). `slug` is made from the title and unique; slugs a post had before its
 * title changed stay in `post_former_slugs`, so old links still find it. The figures (`total_views`,
 * `total_favorites`, `total_comments`) are kept by triggers in the statement that writes a view, a like or
 * a comment (drizzle/0019_posts.sql), never read and written back; they do not raise the version.
 * `listed_at` is what `latest` and `oldest` sort by: when it was published, or for a draft when it was
 * written.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    /** Sanitised HTML. */
    content: text().notNull().default(''),
    /** A file of the public `cover` use; gone with the file. */
    coverFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    metaTitle: text().notNull().default(''),
    metaDescription: text().notNull().default(''),
    metaKeywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publish: text({ enum: postPublishStates }).notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    allowComments: boolean().notNull().default(true),
    /** Chosen by an administrator for the overview's "Featured" carousel (issue 26 B). */
    featured: boolean().notNull().default(false),
    totalViews: integer().notNull().default(0),
    totalFavorites: integer().notNull().default(0),
    totalComments: integer().notNull().default(0),
    listedAt: timestamp({ withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(published_at, created_at)`),
    /** Raised by edits of the fields (`posts_bump_version`), not by the figures. */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_slug_unique').on(t.slug),
    // The list's orders, each walked forwards or backwards: every post (administrators), published posts,
    // one author's posts; most viewed first.
    index('posts_listed_idx').on(t.listedAt, t.id),
    index('posts_publish_listed_idx').on(t.publish, t.listedAt, t.id),
    index('posts_author_idx').on(t.authorId, t.publish, t.listedAt, t.id),
    index('posts_popular_idx').on(t.totalViews, t.id),
    index('posts_publish_popular_idx').on(t.publish, t.totalViews, t.id),
    index('posts_cover_idx').on(t.coverFileId),
    // The overview's featured carousel: the few featured posts, newest first.
    index('posts_featured_idx')
      .on(t.listedAt)
      .where(sql`featured`),
    // Word prefixes of title, description and tags (atrium_post_terms(), drizzle/0019_posts.sql): full
    // text with core functions only, so it works on PGlite as on PostgreSQL.
    index('posts_search_idx').using('gin', sql`atrium_post_terms(title, description, tags)`),
    check('posts_published_at', sql`(publish = 'published') = (published_at is not null)`),
    check('posts_figures', sql`total_views >= 0 and total_favorites >= 0 and total_comments >= 0`),
  ],
);

export type PostRow = typeof posts.$inferSelect;

/** Slugs posts had before their titles changed: a link to one still finds the post. */
export const postFormerSlugs = pgTable(
  'post_former_slugs',
  {
    slug: text().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('post_former_slugs_post_idx').on(t.postId)],
);

/**
 * Posts per author and publish state, kept by the `posts_counts` trigger: the list's tab counts without
 * counting the posts (a row per author and state; no foreign key, a deleted author's rows fall to 0).
 */
export const postCounts = pgTable(
  'post_counts',
  {
    authorId: uuid().notNull(),
    publish: text({ enum: postPublishStates }).notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.publish] })],
);

/** Who liked a post (once each); `posts.total_favorites` follows (the `post_likes_count` trigger). */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_newest_idx').on(t.postId, t.createdAt),
    index('post_likes_user_idx').on(t.userId),
  ],
);

/**
 * Comments, with one level of replies: a reply's `parent_id` is a top-level comment of the same post (a
 * reply to a reply joins its thread, `reply_to_user_id` naming whom it answers). Deleting a comment deletes
 * its replies; `posts.total_comments` follows (the `post_comments_count` trigger).
 */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    replyToUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Plain text. */
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A post's top-level comments, newest first; a thread's replies, oldest first.
    index('post_comments_top_idx')
      .on(t.postId, t.createdAt, t.id)
      .where(sql`parent_id is null`),
    index('post_comments_replies_idx').on(t.parentId, t.createdAt, t.id),
    index('post_comments_author_idx').on(t.authorId),
    index('post_comments_reply_to_idx').on(t.replyToUserId),
  ],
);

/**
 * One row per post, reader and day (UTC): a view counts once per reader and day (the `post_views_count`
 * trigger adds it to `posts.total_views`).
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.day] }), index('post_views_user_idx').on(t.userId)],
);
