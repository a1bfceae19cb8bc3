import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import { fileResponse } from '#shared/contract/files.ts';
import {
  commentPageResponse,
  commentParams,
  commentRemovedResponse,
  commentResponse,
  commentsQuery,
  createCommentInput,
  createPostInput,
  listPostsQuery,
  POST_SUGGESTIONS_MAX,
  postIdParams,
  postLikeResponse,
  postPageResponse,
  postResponse,
  postSchema,
  postSlugParams,
  postSuggestionsQuery,
  postSuggestionsResponse,
  postViewResponse,
  updatePostInput,
} from '#shared/contract/posts.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, HttpError, notFound, stale } from '../../lib/http-error.ts';
import { writeLimit } from '../../lib/limits.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { actor, signedInScope, type Actor } from '../../plugins/auth.ts';
import { isUniqueViolation, sqlStateOf } from '../../plugins/errors.ts';
import { findFile, publicUploadUrl } from '../files/files.service.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import {
  commentsOf,
  deleteComment,
  deletePost,
  figuresOf,
  findComment,
  findPostBySlug,
  findPostDetail,
  findPostRow,
  insertComment,
  insertPost,
  likersOf,
  listPosts,
  peopleById,
  recordView,
  setLike,
  lockSlugBase,
  slugsLike,
  suggestions,
  updatePost,
  type PostRow,
  type PostUpdate,
  type Viewer,
} from './posts.repo.ts';
import {
  announcePost,
  commentText,
  currentPost,
  firstFreeSlug,
  mayDeleteComment,
  postAnswer,
  postNotFound,
  randomSlug,
  slugBase,
  toCard,
  toComment,
  toPerson,
  toReply,
} from './posts.service.ts';

/** Tries at a free slug when another post takes the same one at the same moment. */
const SLUG_ATTEMPTS = 5;

const viewerOf = (me: Actor): Viewer => ({ id: me.user.id, isAdmin: me.isAdmin });
/** Drafts are their author's and the administrators'. */
const maySee = (post: Pick<PostRow, 'publish' | 'authorId'>, viewer: Viewer) =>
  post.publish === 'published' || viewer.isAdmin || post.authorId === viewer.id;
const mayEdit = (post: Pick<PostRow, 'authorId'>, viewer: Viewer) =>
  viewer.isAdmin || post.authorId === viewer.id;

/**
 * `/api/posts` (issue #14, ADR 029): the blog for every signed-in user. Anyone writes posts; a post's
 * author edits and deletes it, administrators any post (a version check on edits, 409 `STALE` with the
 * current post). Drafts are a 404 to anyone but their author and administrators. Likes, views (once per
 * reader and day) and comments with one level of replies (their authors, the post's author and
 * administrators delete them). A comment notifies the post's author (and a reply the person answered);
 * `posts.changed` tells open pages (everyone for a published post, the author and administrators for a
 * draft). Administrators feature posts on the overview through `posts.admin.routes.ts`.
 */
export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  /** The post if `viewer` may see it, else 404. */
  function visible<T extends Pick<PostRow, 'publish' | 'authorId'>>(post: T | undefined, viewer: Viewer): T {
    if (!post || !maySee(post, viewer)) throw postNotFound();
    return post;
  }

  /** The post if `viewer` may edit it: 404 when they may not see it, 403 when they may only read it. */
  function editable<T extends Pick<PostRow, 'publish' | 'authorId'>>(post: T | undefined, viewer: Viewer): T {
    const seen = visible(post, viewer);
    if (!mayEdit(seen, viewer)) throw forbidden('Only the post’s author or an administrator may change it');
    return seen;
  }

  /** A cover the caller may give a post: their own upload of the `cover` use, or the post's current one. */
  async function checkCover(coverId: string, me: Actor, current: string | null): Promise<void> {
    if (coverId === current) return;
    const file = await findFile(db, coverId);
    if (!file || file.use !== 'cover' || file.ownerId !== me.user.id) {
      throw badRequest(validationMessageEn('validation.coverInvalid'), 'COVER_INVALID');
    }
  }

  /**
   * Writes a post under a slug made from `title` (the first free of `base`, `base-2`…). Writers of one slug
   * base take turns (an advisory lock until their transaction ends), so each sees the slug the one before
   * took; a clash with another base's numbered slug (`Race Day 2` against `race-day-2`) tries again.
   */
  async function withFreeSlug<T>(
    title: string,
    exceptPostId: string | undefined,
    write: (db: Db, slug: string) => Promise<T>,
  ): Promise<T> {
    const base = slugBase(title);
    for (let attempt = 1; ; attempt++) {
      try {
        if (!base) return await write(db, randomSlug());
        return await db.transaction(async (tx) => {
          await lockSlugBase(tx, base);
          return write(tx, firstFreeSlug(base, await slugsLike(tx, base, exceptPostId)));
        });
      } catch (error) {
        if (!isUniqueViolation(error, 'posts_slug_unique') || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  // ── lists ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/',
    { schema: { querystring: listPostsQuery, response: { 200: postPageResponse, ...errorResponses } } },
    async (request) => {
      const q = request.query;
      const viewer = viewerOf(actor(request));
      const { items, ...page } = await listPosts(
        db,
        viewer,
        { tab: q.publish, search: q.search, authorId: q.author, featured: q.featured === 'true' },
        q.sort,
        q,
      );
      const authors = await peopleById(db, [
        ...items.map((p) => p.authorId),
        ...(q.author ? [q.author] : []),
      ]);
      const author = q.author ? authors.get(q.author) : undefined;
      return {
        posts: items.map((p) => toCard(p, authors)),
        ...page,
        ...(q.author && { author: author ? toPerson(author) : null }),
      };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        querystring: postSuggestionsQuery,
        response: { 200: postSuggestionsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const found = await suggestions(db, request.query.q, POST_SUGGESTIONS_MAX);
      return {
        results: found.map(({ coverKey, ...post }) => ({
          ...post,
          coverUrl: coverKey ? publicUploadUrl(coverKey) : null,
        })),
      };
    },
  );

  // ── one post ──────────────────────────────────────────────────────────────────────────────────────────

  /** By its slug, a slug it had before, or its title (the title's slug): the answer's `slug` is the current one. */
  app.get(
    '/by-slug/:slug',
    { schema: { params: postSlugParams, response: { 200: postResponse, ...errorResponses } } },
    async (request) => {
      const viewer = viewerOf(actor(request));
      const asked = request.params.slug.normalize('NFC').toLowerCase();
      let row = await findPostBySlug(db, asked, viewer.id);
      const base = slugBase(asked);
      if (!row && base && base !== asked) row = await findPostBySlug(db, base, viewer.id);
      return { post: await postAnswer(db, visible(row, viewer), viewer) };
    },
  );

  app.get(
    '/:id',
    { schema: { params: postIdParams, response: { 200: postResponse, ...errorResponses } } },
    async (request) => {
      const viewer = viewerOf(actor(request));
      const row = visible(await findPostDetail(db, request.params.id, viewer.id), viewer);
      return { post: await postAnswer(db, row, viewer) };
    },
  );

  /** A cover picture (multipart; re-encoded): send its `id` as a post's `coverId`. */
  app.post('/cover', { schema: { response: { 200: fileResponse, ...errorResponses } } }, async (request) => {
    const me = actor(request);
    const file = await app.files.store(request, { use: 'cover', ownerId: me.user.id });
    return { file: app.files.toFile(file) };
  });

  app.post(
    '/',
    { schema: { body: createPostInput, response: { 201: postResponse, ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const viewer = viewerOf(me);
      const { content, coverId, ...input } = request.body;
      if (coverId) await checkCover(coverId, me, null);
      const row = await withFreeSlug(input.title, undefined, (tx, slug) =>
        insertPost(tx, {
          ...input,
          slug,
          authorId: me.user.id,
          content: sanitizeRichText(content),
          coverFileId: coverId,
          publishedAt: input.publish === 'published' ? new Date() : null,
        }),
      );
      request.log.info({ event: 'post.create', actorId: me.user.id, postId: row.id });
      await announcePost(app, row);
      return reply.code(201).send({ post: await currentPost(db, row.id, viewer) });
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: postIdParams,
        body: updatePostInput,
        response: { 200: postResponse, ...errorResponses, 409: staleErrorSchema(postSchema) },
      },
    },
    async (request) => {
      const me = actor(request);
      const viewer = viewerOf(me);
      const { version, content, coverId, ...fields } = request.body;
      const before = editable(await findPostRow(db, request.params.id), viewer);
      // Based on an older version: someone else saved meanwhile (ADR 017).
      if (version !== before.version) {
        throw stale(await currentPost(db, before.id, viewer));
      }
      const patch: PostUpdate = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      if (content !== undefined) patch.content = sanitizeRichText(content);
      if (coverId !== undefined) {
        if (coverId !== null) await checkCover(coverId, me, before.coverFileId);
        patch.coverFileId = coverId;
      }
      if (patch.publish !== undefined && patch.publish !== before.publish) {
        patch.publishedAt = patch.publish === 'published' ? new Date() : null;
      }
      if (!Object.keys(patch).length) return { post: await currentPost(db, before.id, viewer) };
      // A new title that makes another slug: the post moves to it (the old slug still finds it).
      const base = patch.title !== undefined ? slugBase(patch.title) : null;
      const reslug =
        base !== null && base !== before.slug && !new RegExp(`^${base}-\\d+$`, 'u').test(before.slug);
      const after = reslug
        ? await withFreeSlug(patch.title!, before.id, (tx, slug) =>
            updatePost(tx, before, { ...patch, slug }),
          )
        : await updatePost(db, before, patch);
      // Changed between the read and the write.
      if (!after) throw stale(await currentPost(db, before.id, viewer));
      await announcePost(app, after, before.publish === 'published');
      return { post: await currentPost(db, after.id, viewer) };
    },
  );

  app.delete(
    '/:id',
    { schema: { params: postIdParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const me = actor(request);
      const post = editable(await findPostRow(db, request.params.id), viewerOf(me));
      if (!(await deletePost(db, post.id))) throw postNotFound();
      request.log.info({ event: 'post.delete', actorId: me.user.id, postId: post.id });
      await announcePost(app, post);
      return reply.code(204).send(null);
    },
  );

  // ── likes and views ───────────────────────────────────────────────────────────────────────────────────

  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/like',
      schema: { params: postIdParams, response: { 200: postLikeResponse, ...errorResponses } },
      handler: async (request) => {
        const viewer = viewerOf(actor(request));
        const post = visible(await findPostRow(db, request.params.id), viewer);
        try {
          await setLike(db, post.id, viewer.id, liked);
        } catch (error) {
          // The post was deleted meanwhile.
          if (sqlStateOf(error) === '23503') throw postNotFound();
          throw error;
        }
        const [figures, likers] = await Promise.all([figuresOf(db, post.id), likersOf(db, post.id)]);
        if (!figures) throw postNotFound();
        await announcePost(app, post);
        return {
          totalFavorites: figures.totalFavorites,
          isFavorited: liked,
          favoritePerson: likers,
        };
      },
    });
  }

  /**
   * A reader opened the post: counted once per reader and day (UTC), not for its author, not for drafts.
   * No event: the figure shows on the next load.
   */
  app.post(
    '/:id/views',
    { schema: { params: postIdParams, response: { 200: postViewResponse, ...errorResponses } } },
    async (request) => {
      const viewer = viewerOf(actor(request));
      const post = visible(await findPostRow(db, request.params.id), viewer);
      let counted = false;
      if (post.publish === 'published' && post.authorId !== viewer.id) {
        try {
          counted = await recordView(db, post.id, viewer.id);
        } catch (error) {
          if (sqlStateOf(error) === '23503') throw postNotFound();
          throw error;
        }
      }
      const figures = await figuresOf(db, post.id);
      if (!figures) throw postNotFound();
      return { totalViews: figures.totalViews, counted };
    },
  );

  // ── comments ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/:id/comments',
    {
      schema: {
        params: postIdParams,
        querystring: commentsQuery,
        response: { 200: commentPageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(actor(request));
      const post = visible(await findPostRow(db, request.params.id), viewer);
      const { items, replies, ...page } = await commentsOf(db, post.id, request.query);
      const figures = await figuresOf(db, post.id);
      return {
        comments: items.map((c) => toComment(c, replies.get(c.id) ?? [], post, viewer)),
        ...page,
        totalComments: figures?.totalComments ?? 0,
      };
    },
  );

  /** A comment, or a reply (to a comment or a reply of the post: either joins that comment's thread). */
  app.post(
    '/:id/comments',
    {
      schema: {
        params: postIdParams,
        body: createCommentInput,
        response: { 201: commentResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = actor(request);
      const viewer = viewerOf(me);
      const post = visible(await findPostRow(db, request.params.id), viewer);
      if (!post.allowComments) {
        throw new HttpError(403, 'Comments are closed on this post', { code: 'COMMENTS_CLOSED' });
      }
      const message = commentText(request.body.message);
      if (!message) throw badRequest(validationMessageEn('validation.commentRequired'), 'COMMENT_EMPTY');
      const parent = request.body.parentId
        ? await findComment(db, post.id, request.body.parentId)
        : undefined;
      if (request.body.parentId && !parent) throw notFound('Comment not found');
      await enforce(db, writeLimit('comment', me.user.id));
      let id: string;
      try {
        ({ id } = await insertComment(db, {
          postId: post.id,
          authorId: me.user.id,
          parentId: parent ? (parent.parentId ?? parent.id) : null,
          replyToUserId: parent ? parent.authorId : null,
          message,
        }));
      } catch (error) {
        // The post or the comment answered was deleted meanwhile.
        if (sqlStateOf(error) === '23503') throw notFound(parent ? 'Comment not found' : 'Post not found');
        throw error;
      }
      const [comment, figures] = await Promise.all([findComment(db, post.id, id), figuresOf(db, post.id)]);
      if (!comment) throw notFound('Comment not found');

      // The post's author hears of every comment, the person answered of a reply; nobody of their own.
      const name = comment.authorName || 'Someone';
      const link = `/dashboard/blog/post/${encodeURIComponent(post.slug)}`;
      if (post.authorId !== me.user.id) {
        await notifyUser(app, post.authorId, {
          type: 'blog',
          title: parent
            ? `${name} replied on your post “${post.title}”`
            : `${name} commented on your post “${post.title}”`,
          body: message.slice(0, 200),
          link,
        });
      }
      if (parent && parent.authorId !== me.user.id && parent.authorId !== post.authorId) {
        await notifyUser(app, parent.authorId, {
          type: 'blog',
          title: `${name} replied to your comment on “${post.title}”`,
          body: message.slice(0, 200),
          link,
        });
      }
      await announcePost(app, post);
      return reply
        .code(201)
        .send({ comment: toReply(comment, post, viewer), totalComments: figures?.totalComments ?? 0 });
    },
  );

  /** Its author deletes a comment; the post's author and administrators delete any on the post. */
  app.delete(
    '/:id/comments/:commentId',
    { schema: { params: commentParams, response: { 200: commentRemovedResponse, ...errorResponses } } },
    async (request) => {
      const me = actor(request);
      const viewer = viewerOf(me);
      const post = visible(await findPostRow(db, request.params.id), viewer);
      const comment = await findComment(db, post.id, request.params.commentId);
      if (!comment) throw notFound('Comment not found');
      if (!mayDeleteComment(comment, post, viewer)) {
        throw forbidden('Only its author, the post’s author or an administrator may delete a comment');
      }
      if (!(await deleteComment(db, post.id, comment.id))) throw notFound('Comment not found');
      if (comment.authorId !== me.user.id) {
        request.log.info({
          event: 'post.comment_moderate',
          actorId: me.user.id,
          postId: post.id,
          commentId: comment.id,
        });
      }
      const figures = await figuresOf(db, post.id);
      await announcePost(app, post);
      return { totalComments: figures?.totalComments ?? 0 };
    },
  );
};
