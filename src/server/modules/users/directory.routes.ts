import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  followResponse,
  galleryResponse,
  listCardsQuery,
  pageQuery,
  profileResponse,
  publicUserPageResponse,
  userRefParams,
} from '#shared/contract/users.ts';

import { badRequest, notFound } from '../../lib/http-error.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import {
  follow,
  followerCount,
  listCards,
  listFollows,
  listImages,
  publicProfile,
  unfollow,
} from './directory.repo.ts';
import { findUserByRef } from './users.repo.ts';

const userNotFound = () => notFound('User not found');

/**
 * `/api/users`, directory half: what any signed-in user may see of others (cards, profiles, follows,
 * galleries: public fields only) and following them.
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  /** The target of a member route: 404 unless it exists and the caller may see it (active, self, or admin). */
  async function visibleUser(request: FastifyRequest, ref: string): Promise<UserRow> {
    const me = actor(request);
    const target = await findUserByRef(db, ref);
    if (!target || (!me.isAdmin && target.status !== 'active' && target.id !== me.user.id)) {
      throw userNotFound();
    }
    return target;
  }

  app.get(
    '/cards',
    {
      schema: { querystring: listCardsQuery, response: { 200: publicUserPageResponse, ...errorResponses } },
    },
    async (request) => {
      return listCards(db, actor(request).user.id, request.query);
    },
  );

  app.get(
    '/:id/profile',
    {
      schema: { params: userRefParams, response: { 200: profileResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const target = await visibleUser(request, request.params.id);
      const user = await publicProfile(db, me.user.id, target.id);
      if (!user) throw userNotFound();
      return { user };
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/:id/${direction}`,
      {
        schema: {
          params: userRefParams,
          querystring: pageQuery,
          response: { 200: publicUserPageResponse, ...errorResponses },
        },
      },
      async (request) => {
        const me = actor(request);
        const target = await visibleUser(request, request.params.id);
        return listFollows(db, me.user.id, target.id, direction, request.query);
      },
    );
  }

  app.get(
    '/:id/gallery',
    {
      schema: {
        params: userRefParams,
        querystring: pageQuery,
        response: { 200: galleryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const target = await visibleUser(request, request.params.id);
      return listImages(db, target.id, request.query);
    },
  );

  // POST follows, DELETE unfollows; both answer the new state and the target's follower count.
  for (const [method, following] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/follow',
      schema: { params: userRefParams, response: { 200: followResponse, ...errorResponses } },
      handler: async (request) => {
        const me = actor(request);
        const target = await visibleUser(request, request.params.id);
        if (following) {
          if (target.id === me.user.id) throw badRequest('You cannot follow yourself', 'SELF_FOLLOW');
          if (await follow(db, me.user.id, target.id)) {
            await notifyUser(app, target.id, {
              type: 'account',
              title: `${me.user.firstName} ${me.user.lastName} started following you`,
              link: '/dashboard/user/profile?tab=followers',
            });
          }
        } else {
          await unfollow(db, me.user.id, target.id);
        }
        return { isFollowing: following, followerCount: await followerCount(db, target.id) };
      },
    });
  }
};
