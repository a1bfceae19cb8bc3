import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  myPresenceResponse,
  presenceChoiceInput,
  presenceQuery,
  presenceResponse,
} from '#shared/contract/presence.ts';

import { notFound } from '../../lib/http-error.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';

/** `/api/presence`: who is there (any signed-in user may ask about active users), and one's own status. */
export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  signedInScope(app);

  app.get(
    '/',
    { schema: { querystring: presenceQuery, response: { 200: presenceResponse, ...errorResponses } } },
    async (request) => ({ presence: await app.presence.of(request.query.userIds) }),
  );

  app.get(
    '/me',
    { schema: { response: { 200: myPresenceResponse, ...errorResponses } } },
    async (request) => {
      const { user } = actor(request);
      const [presence] = await app.presence.of([user.id]);
      if (!presence) throw notFound('User not found');
      return { choice: await app.presence.choiceOf(user.id), presence };
    },
  );

  app.put(
    '/me',
    { schema: { body: presenceChoiceInput, response: { 200: myPresenceResponse, ...errorResponses } } },
    async (request) => {
      const { user } = actor(request);
      const presence = await app.presence.choose(user.id, request.body.status);
      if (!presence) throw notFound('User not found');
      return { choice: request.body.status, presence };
    },
  );
};
