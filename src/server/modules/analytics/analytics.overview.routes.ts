import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { analyticsOverviewQuery, analyticsOverviewResponse } from '#shared/contract/analytics.ts';
import { errorResponses } from '#shared/contract/common.ts';

import { actor, signedInScope } from '../../plugins/auth.ts';
import { analyticsOverview } from './analytics.overview.ts';

/**
 * `GET /api/analytics/overview` (issue 30 B): /dashboard/analytics' figures. Every signed-in person may ask;
 * administrators get the workspace and the site's traffic, anyone else their own figures and no traffic
 * (analytics.overview.ts).
 */
export const analyticsOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

  app.get(
    '/overview',
    {
      schema: {
        querystring: analyticsOverviewQuery,
        response: { 200: analyticsOverviewResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { user, isAdmin } = actor(request);
      const { from, to, tz, site } = request.query;
      return analyticsOverview(db, { userId: user.id, isAdmin }, { from, to, timeZone: tz }, site);
    },
  );
};
