/**
 * The blog (issue #14, ADR 029): `/api/posts/*`. Posts have a URL name (`slug`) made from the title, unique,
 * in the title's own script ("Hello, World!" → `hello-world`, "Tiếng Việt" → `tieng-viet`, "你好世界" →
 * `你好世界`); `GET /api/posts/by-slug/:slug` finds a post by it (or by a slug it had before its title
 * changed, or by the title itself). Drafts are seen only by their author and administrators (a 404 to
 * anyone else); a post's author edits it, administrators edit any.
 *
 * Content is rich text (HTML from the editor), sanitised by the server before it is stored: render it as it
 * is. Titles, descriptions, tags, meta fields and comments are plain text: render them as text.
 */
import { z } from 'zod';

import { versionField } from './common.ts';
import { listPageSchema, pageFields, searchField } from './list.ts';
import {
  COMMENT_MAX,
  COMMENTS_PAGE_SIZE,
  COMMENTS_PAGE_SIZE_MAX,
  POST_CONTENT_MAX,
  POST_DESCRIPTION_MAX,
  POST_META_DESCRIPTION_MAX,
  POST_META_KEYWORD_MAX,
  POST_META_KEYWORDS_MAX,
  POST_META_TITLE_MAX,
  POST_SLUG_MAX,
  POST_TAG_MAX,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
  postPublishStates,
  POSTS_PAGE_SIZE,
  POSTS_PAGE_SIZE_MAX,
  postSorts,
  postTabs,
} from './posts-limits.ts';

export * from './posts-limits.ts';

const isoTime = z.iso.datetime({ offset: true });

// ── answers ─────────────────────────────────────────────────────────────────────────────────────────────

/** A person as the blog shows them (an author, a liker, a commenter). */
export const postPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PostPerson = z.infer<typeof postPersonSchema>;

/** A post as the list's cards show it (no content). */
export const postCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The URL name: `/dashboard/blog/post/{slug}`. */
  slug: z.string(),
  description: z.string(),
  /** The cover picture's public address; null without one. */
  coverUrl: z.string().nullable(),
  tags: z.array(z.string()),
  publish: z.enum(postPublishStates),
  /** When it was (last) published; null for a draft. */
  publishedAt: isoTime.nullable(),
  author: postPersonSchema,
  /** Readers counted once per person and day (the author's own visits are not counted). */
  totalViews: z.number().int(),
  /** Comments and replies. */
  totalComments: z.number().int(),
  /** People who liked it. */
  totalFavorites: z.number().int(),
  /** Whether the caller liked it. */
  isFavorited: z.boolean(),
  /**
   * Chosen by an administrator for the overview's "Featured" carousel (`PUT /:id/featured`, ADR 043); the
   * carousel shows it while it is published.
   */
  featured: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type PostCard = z.infer<typeof postCardSchema>;

/** A post with everything its page and its edit form show (comments: `GET /:id/comments`). */
export const postSchema = postCardSchema.extend({
  /** Sanitised HTML (rich text): render it as it is. */
  content: z.string(),
  /** The cover's file (send it back as `coverId` to keep it); null without a cover. */
  coverId: z.uuid().nullable(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.array(z.string()),
  allowComments: z.boolean(),
  /** Some of the people who liked it, newest first (at most POST_LIKERS_SHOWN). */
  favoritePerson: z.array(postPersonSchema),
  /** Whether the caller may edit and delete it (its author, or an administrator). */
  canEdit: z.boolean(),
  /**
   * Raised by every change of the fields above (not by views, likes or comments, nor by `featured`, which is
   * the administrators' and not part of an edit): ADR 017.
   */
  version: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;

/** Posts per tab, under the same search and author filter as the list (lower bounds when `totalCapped`). */
export const postTabCountsSchema = z.object({
  all: z.number().int(),
  published: z.number().int(),
  draft: z.number().int(),
});
export type PostTabCounts = z.infer<typeof postTabCountsSchema>;

/**
 * `GET /api/posts`: `{ posts, total, totalCapped, counts, page, pageSize, hasNextPage }`. Without a search
 * `total` and `counts` are exact; with one they count up to the cap (1,000) matches, and
 * `totalCapped` says a figure is a lower bound ("1,000+"). `hasNextPage` is exact either way.
 */
export const postPageResponse = listPageSchema('posts', postCardSchema).extend({
  totalCapped: z.boolean(),
  counts: postTabCountsSchema,
  /** Who the `author` filter names (null: no such person), absent without it: the list's filter chip. */
  author: postPersonSchema.nullable().optional(),
});
export type PostPage = z.infer<typeof postPageResponse>;

export const postResponse = z.object({ post: postSchema });
export type PostResponse = z.infer<typeof postResponse>;

/**
 * A post in the overview's "Featured" carousel (issue 26 B, ADR 043): a published post an administrator
 * featured, as `featuredPosts` on the server gives it (newest first).
 */
export const featuredPostSchema = postCardSchema
  .pick({ id: true, title: true, slug: true, description: true, coverUrl: true, author: true })
  .extend({ publishedAt: isoTime });
export type FeaturedPost = z.infer<typeof featuredPostSchema>;

export const postSuggestionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  coverUrl: z.string().nullable(),
});
export type PostSuggestion = z.infer<typeof postSuggestionSchema>;
/** At most POST_SUGGESTIONS_MAX published posts, newest first. */
export const postSuggestionsResponse = z.object({ results: z.array(postSuggestionSchema) });

/** After a like or an unlike: the post's figures as they are now. */
export const postLikeResponse = z.object({
  totalFavorites: z.number().int(),
  isFavorited: z.boolean(),
  favoritePerson: z.array(postPersonSchema),
});
export type PostLikeResponse = z.infer<typeof postLikeResponse>;

/** `POST /:id/views`: whether this visit counted (once per reader and day), and the total after it. */
export const postViewResponse = z.object({ totalViews: z.number().int(), counted: z.boolean() });
export type PostViewResponse = z.infer<typeof postViewResponse>;

const commentFields = {
  id: z.uuid(),
  postId: z.uuid(),
  /** The top-level comment a reply belongs to; null for a top-level comment. */
  parentId: z.uuid().nullable(),
  /** Plain text: render it as text. */
  message: z.string(),
  author: postPersonSchema,
  /** Whom a reply answers (the author of the comment or reply it was written to); null otherwise. */
  tagUser: postPersonSchema.pick({ id: true, name: true }).nullable(),
  createdAt: isoTime,
  /** Whether the caller may delete it: their own, or any on their own post, or any for administrators. */
  canDelete: z.boolean(),
};

export const commentReplySchema = z.object(commentFields);
export type CommentReply = z.infer<typeof commentReplySchema>;

/** A top-level comment with its replies, oldest first (one level: a reply to a reply joins the thread). */
export const commentSchema = z.object({
  ...commentFields,
  replies: z.array(commentReplySchema),
  /** All of its replies (more than `replies` holds past COMMENT_REPLIES_SHOWN). */
  totalReplies: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;

/**
 * `GET /:id/comments`: a page of top-level comments, newest first, each with its replies; `total` counts
 * top-level comments, `totalComments` comments and replies.
 */
export const commentPageResponse = listPageSchema('comments', commentSchema).extend({
  totalComments: z.number().int(),
});
export type CommentPage = z.infer<typeof commentPageResponse>;

/** After a comment or reply is written: it (a reply has no `replies`) and the post's count. */
export const commentResponse = z.object({ comment: commentReplySchema, totalComments: z.number().int() });
export type CommentResponse = z.infer<typeof commentResponse>;

export const commentRemovedResponse = z.object({ totalComments: z.number().int() });

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────

const postId = z.uuid({ error: 'validation.postIdInvalid' });

/** Kept once each, in the order given. */
const unique = <T>(items: T[]) => [...new Set(items)];

const wordList = (max: number, itemMax: number, tooMany: string) =>
  z
    .array(
      z
        .string({ error: 'validation.tagInvalid' })
        .trim()
        .min(1, 'validation.tagInvalid')
        .max(itemMax, 'validation.tagInvalid'),
      { error: 'validation.tagInvalid' },
    )
    .max(max, tooMany)
    .transform(unique);

const postFields = {
  title: z
    .string({ error: 'validation.postTitleRequired' })
    .trim()
    .min(1, 'validation.postTitleRequired')
    .max(POST_TITLE_MAX, 'validation.postTitleTooLong'),
  description: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(POST_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  /** HTML from the editor; sanitised by the server before it is stored. */
  content: z
    .string({ error: 'validation.postContentTooLong' })
    .max(POST_CONTENT_MAX, 'validation.postContentTooLong'),
  /** A file from `POST /api/posts/cover` (the caller's own upload, or the post's current cover); null: none. */
  coverId: z.uuid({ error: 'validation.coverInvalid' }).nullable(),
  tags: wordList(POST_TAGS_MAX, POST_TAG_MAX, 'validation.tooManyTags'),
  metaTitle: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(POST_META_TITLE_MAX, 'validation.fieldTooLong'),
  metaDescription: z
    .string({ error: 'validation.fieldTooLong' })
    .trim()
    .max(POST_META_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  metaKeywords: wordList(POST_META_KEYWORDS_MAX, POST_META_KEYWORD_MAX, 'validation.tooManyTags'),
  publish: z.enum(postPublishStates, { error: 'validation.publishInvalid' }),
  allowComments: z.boolean({ error: 'validation.allowCommentsInvalid' }),
};

export const createPostInput = z.strictObject({
  title: postFields.title,
  description: postFields.description.default(''),
  content: postFields.content.default(''),
  coverId: postFields.coverId.default(null),
  tags: postFields.tags.default([]),
  metaTitle: postFields.metaTitle.default(''),
  metaDescription: postFields.metaDescription.default(''),
  metaKeywords: postFields.metaKeywords.default([]),
  publish: postFields.publish.default('draft'),
  allowComments: postFields.allowComments.default(true),
});
export type CreatePostInput = z.input<typeof createPostInput>;

/**
 * Only the fields sent change; `version` (required, ADR 017) is the one the edit was based on (409 `STALE`
 * with `current` when older). A new title gives the post a new slug (the old one still finds it).
 */
export const updatePostInput = z.strictObject({
  ...z.object(postFields).partial().shape,
  version: versionField,
});
export type UpdatePostInput = z.input<typeof updatePostInput>;

export const postIdParams = z.object({ id: postId });

/**
 * `PUT /api/posts/:id/featured` (administrators, ADR 043): features the post on the overview's carousel,
 * or takes it off; answers the post. Any post, draft or published: the carousel shows it once published.
 */
export const setPostFeaturedInput = z.strictObject({
  featured: z.boolean({ error: 'validation.featuredInvalid' }),
});
export type SetPostFeaturedInput = z.input<typeof setPostFeaturedInput>;

/** A slug, a former slug, or a title (its slug is looked up). */
export const postSlugParams = z.object({
  slug: z
    .string({ error: 'validation.slugInvalid' })
    .trim()
    .min(1, 'validation.slugInvalid')
    .max(POST_TITLE_MAX + POST_SLUG_MAX, 'validation.slugInvalid'),
});

/**
 * `GET /api/posts`. `publish` is the tab: `all` (published posts and the caller's own drafts; every draft
 * for administrators), `published`, or `draft` (the caller's own; every draft for administrators).
 * `author` keeps one person's posts (their drafts only for themself and administrators): a profile's
 * "recent posts" is `?author={id}&publish=published`. `search` matches word prefixes of the title,
 * description and tags ("tra eur" finds "Travelling in Europe"). `featured=true` keeps the featured posts
 * (the administrators' filter; anyone may ask, featured posts are no secret).
 */
export const listPostsQuery = z.object({
  ...pageFields(POSTS_PAGE_SIZE, POSTS_PAGE_SIZE_MAX),
  search: searchField(),
  sort: z.enum(postSorts, { error: 'validation.postSortInvalid' }).default('latest'),
  publish: z.enum(postTabs, { error: 'validation.postTabInvalid' }).default('all'),
  author: z.uuid({ error: 'validation.userRefInvalid' }).optional(),
  /** `true`: only featured posts (among those the tab holds). */
  featured: z.literal('true', { error: 'validation.featuredInvalid' }).optional(),
});
export type ListPostsQuery = z.input<typeof listPostsQuery>;

/** `GET /api/posts/search?q=`: suggestions while typing (an empty `q` has none). */
export const postSuggestionsQuery = z.object({ q: searchField() });

export const commentsQuery = z.object({ ...pageFields(COMMENTS_PAGE_SIZE, COMMENTS_PAGE_SIZE_MAX) });
export type CommentsQuery = z.input<typeof commentsQuery>;

/** A comment, or with `parentId` a reply (to a comment or to a reply: either joins that thread). */
export const createCommentInput = z.strictObject({
  message: z
    .string({ error: 'validation.commentRequired' })
    .trim()
    .min(1, 'validation.commentRequired')
    .max(COMMENT_MAX, 'validation.commentTooLong'),
  parentId: z.uuid({ error: 'validation.commentIdInvalid' }).optional(),
});
export type CreateCommentInput = z.input<typeof createCommentInput>;

export const commentParams = z.object({
  id: postId,
  commentId: z.uuid({ error: 'validation.commentIdInvalid' }),
});
