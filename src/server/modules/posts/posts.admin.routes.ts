import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import { postIdParams, postResponse, setPostFeaturedInput } from '#shared/contract/posts.ts';

import { actor, adminScope } from '../../plugins/auth.ts';
import { findPostRow, setFeatured, type Viewer } from './posts.repo.ts';
import { announcePost, currentPost, postNotFound } from './posts.service.ts';

/**
 * `/api/posts` for administrators (ADR 043): `PUT /:id/featured` features a post on the overview's
 * "Featured" carousel or takes it off; 403 for anyone else. Any post may be featured, a draft too: the
 * carousel shows the featured posts that are published. The flag is no part of an edit: it moves neither
 * the version nor `updatedAt`, so an edit open on the post still saves.
 */
export const postsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  const db = app.db;

  app.put(
    '/:id/featured',
    {
      schema: {
        params: postIdParams,
        body: setPostFeaturedInput,
        response: { 200: postResponse, ...errorResponses },
      },
    },
    async (request) => {
      const me = actor(request);
      const viewer: Viewer = { id: me.user.id, isAdmin: true };
      const { featured } = request.body;
      const before = await findPostRow(db, request.params.id);
      if (!before) throw postNotFound();
      // Already so: nothing written, nothing announced (a second click, two administrators at once).
      if (before.featured !== featured) {
        const after = await setFeatured(db, before.id, featured);
        if (!after) throw postNotFound();
        request.log.info({
          event: featured ? 'post.feature' : 'post.unfeature',
          actorId: me.user.id,
          postId: after.id,
        });
        // The overview's carousel and the posts pages refresh (`posts.changed`).
        await announcePost(app, after);
      }
      return { post: await currentPost(db, before.id, viewer) };
    },
  );
};
