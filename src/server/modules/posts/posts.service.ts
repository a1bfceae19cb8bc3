import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';

import {
  POST_SLUG_MAX,
  type Comment,
  type CommentReply,
  type FeaturedPost,
  type Post,
  type PostCard,
  type PostPerson,
} from '#shared/contract/posts.ts';

import type { Db } from '../../db/client.ts';
import { activeAdminIds } from '../../lib/admins.ts';
import { notFound } from '../../lib/http-error.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import {
  featuredRows,
  findPostDetail,
  likersOf,
  listPosts,
  peopleById,
  type CardRow,
  type CommentRow,
  type PersonRow,
  type PostDetailRow,
  type PostRow,
  type Viewer,
} from './posts.repo.ts';

export const postNotFound = () => notFound('Post not found');

/**
 * The URL name of a title, in the title's own script: lower-case letters (of any script) and digits in
 * words joined by hyphens. Accents and other combining marks go ("Tiếng Việt" → `tieng-viet`, "Café" →
 * `cafe`, Arabic vowel marks too), letters without a decomposition stay as they are ("你好，世界" →
 * `你好-世界`, "مرحبا بالعالم" → `مرحبا-بالعالم`), full-width forms become their plain ones. Null when nothing
 * is left (a title of emoji or punctuation).
 */
export function slugBase(title: string): string | null {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    // Letters with a stroke do not decompose: the Vietnamese đ is a d in a URL.
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = Array.from(words).slice(0, POST_SLUG_MAX).join('').replace(/-+$/, '');
  return cut || null;
}

/** A slug for a title nothing else is made from (`post-` and random hex digits). */
export const randomSlug = () => `post-${randomBytes(4).toString('hex')}`;

/**
 * The first of `base`, `base-2`, `base-3`… that is not in `taken` (the slugs starting with `base`).
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Text in sanitize-html's escaped form, back to plain text. */
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

const NO_TAGS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math'],
};

/**
 * A comment as stored: plain text, markup removed (with the text of scripts, styles and SVG), line breaks
 * kept. Entities are decoded and the result checked again until nothing changes, so no tag survives however
 * it was escaped ("&lt;script&gt;" goes as "<script>" does); "a < b" stays as written.
 */
export function commentText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  for (let pass = 0; pass < 5; pass++) {
    const next = unescape(sanitizeHtml(text, NO_TAGS));
    if (next === text) break;
    text = next;
    if (pass === 4) text = text.replace(/[<>]/g, '');
  }
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const toPerson = (row: PersonRow): PostPerson => ({
  id: row.id,
  name: row.name,
  avatarUrl: row.avatarUrl,
});

const unknownAuthor = (id: string): PostPerson => ({ id, name: '', avatarUrl: null });

/** A post's author among those fetched for a page of posts (nameless if the account was gone meanwhile). */
const authorOf = (authorId: string, authors: ReadonlyMap<string, PersonRow>): PostPerson => {
  const author = authors.get(authorId);
  return author ? toPerson(author) : unknownAuthor(authorId);
};

/** The cover's public address from its storage key; null without a cover. */
const coverUrlOf = (coverKey: string | null) => (coverKey ? publicUploadUrl(coverKey) : null);

export function toCard(row: CardRow, authors: ReadonlyMap<string, PersonRow>): PostCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    coverUrl: coverUrlOf(row.coverKey),
    tags: row.tags,
    publish: row.publish,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    author: authorOf(row.authorId, authors),
    totalViews: row.totalViews,
    totalComments: row.totalComments,
    totalFavorites: row.totalFavorites,
    isFavorited: row.isFavorited,
    featured: row.featured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The newest featured posts that are published (what the overview's carousel shows), at most `limit`
 * (ADR 043). Published posts are public, so the answer is the same for everyone.
 */
export async function featuredPosts(db: Db, limit = 6): Promise<FeaturedPost[]> {
  const rows = await featuredRows(db, limit);
  const authors = await peopleById(
    db,
    rows.map((r) => r.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    coverUrl: coverUrlOf(row.coverKey),
    // Published posts always have a date (the posts_published_at check).
    publishedAt: row.publishedAt!.toISOString(),
    author: authorOf(row.authorId, authors),
  }));
}

/**
 * The newest published posts as `viewer` sees them, as cards without their authors (the analytics overview's
 * news), at most `limit`.
 */
export async function latestPublishedCards(db: Db, viewer: Viewer, limit: number): Promise<PostCard[]> {
  const page = await listPosts(db, viewer, { tab: 'published', search: '' }, 'latest', {
    page: 1,
    pageSize: limit,
  });
  return page.items.map((row) => toCard(row, new Map()));
}

/** The whole post as `viewer` sees it. */
export function toPost(
  row: PostDetailRow,
  viewer: { id: string; isAdmin: boolean },
  likers: readonly PersonRow[],
): Post {
  return {
    ...toCard(row, new Map([[row.authorId, row.author]])),
    content: row.content,
    coverId: row.coverFileId,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    allowComments: row.allowComments,
    favoritePerson: likers.map(toPerson),
    canEdit: viewer.isAdmin || row.authorId === viewer.id,
    version: row.version,
  };
}

/** The post's answer to `viewer`, with its latest likers. */
export async function postAnswer(db: Db, row: PostDetailRow, viewer: Viewer): Promise<Post> {
  return toPost(row, viewer, await likersOf(db, row.id));
}

/** The post as it is now, for `viewer`; 404 when it is gone. */
export async function currentPost(db: Db, id: string, viewer: Viewer): Promise<Post> {
  const row = await findPostDetail(db, id, viewer.id);
  if (!row) throw postNotFound();
  return postAnswer(db, row, viewer);
}

/**
 * Tells open pages the post changed (`posts.changed`): everyone when it is (or was) published, else its
 * author and the administrators. A failed push is logged, never the request's failure.
 */
export async function announcePost(
  app: FastifyInstance,
  post: Pick<PostRow, 'id' | 'authorId' | 'publish'>,
  wasPublished = false,
): Promise<void> {
  try {
    const event = { type: 'posts.changed' as const, postId: post.id };
    if (post.publish === 'published' || wasPublished) await app.realtime.broadcast(event);
    else await app.realtime.publish([...new Set([post.authorId, ...(await activeAdminIds(app.db))])], event);
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push a post change');
  }
}

/** Whether `viewer` may delete a comment: their own, any on their own post, any for administrators. */
export const mayDeleteComment = (
  comment: { authorId: string },
  post: { authorId: string },
  viewer: { id: string; isAdmin: boolean },
) => viewer.isAdmin || comment.authorId === viewer.id || post.authorId === viewer.id;

export function toReply(
  row: CommentRow,
  post: { authorId: string },
  viewer: { id: string; isAdmin: boolean },
): CommentReply {
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    message: row.message,
    author: toPerson({ id: row.authorId, name: row.authorName, avatarUrl: row.authorAvatarUrl }),
    tagUser:
      row.replyToUserId && row.replyToName !== null ? { id: row.replyToUserId, name: row.replyToName } : null,
    createdAt: row.createdAt.toISOString(),
    canDelete: mayDeleteComment(row, post, viewer),
  };
}

export function toComment(
  row: CommentRow,
  replies: readonly (CommentRow & { totalReplies: number })[],
  post: { authorId: string },
  viewer: { id: string; isAdmin: boolean },
): Comment {
  return {
    ...toReply(row, post, viewer),
    replies: replies.map((r) => toReply(r, post, viewer)),
    totalReplies: replies[0]?.totalReplies ?? 0,
  };
}
