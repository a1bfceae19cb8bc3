import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import { appOverviewResponse, overviewRangeQuery } from '#shared/contract/overview.ts';

import { actor, signedInScope } from '../../plugins/auth.ts';
import { appOverview, rangeOf } from './overview.service.ts';

/**
 * The overview dashboards' figures (ADR 036): every signed-in person may ask; what each answer holds depends
 * on who asks (administrators: the workspace; anyone else: their own figures, workspace-only ones absent).
 */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

  app.get(
    '/app',
    {
      schema: { querystring: overviewRangeQuery, response: { 200: appOverviewResponse, ...errorResponses } },
    },
    async (request) => {
      const { user, isAdmin } = actor(request);
      return appOverview(db, { userId: user.id, isAdmin }, rangeOf(request.query));
    },
  );
};
