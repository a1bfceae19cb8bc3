import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  appOverviewResponse,
  dashboardLayoutInput,
  dashboardLayoutResponse,
  dashboardParams,
  ecommerceOverviewResponse,
  layoutProblem,
  overviewQuery,
} from '#shared/contract/overview.ts';
import { fileOverviewQuery, fileOverviewResponse } from '#shared/contract/overview-file.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { HttpError } from '../../lib/http-error.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { fileOverview } from './overview.file.ts';
import { deleteLayout, findLayout, saveLayout } from './overview.repo.ts';
import { appOverview, ecommerceOverview, rangeOf, yearOf } from './overview.service.ts';

/**
 * The overview dashboards' figures (ADR 036): every signed-in person may ask; what each answer holds depends
 * on who asks (administrators: the workspace; anyone else: their own figures, workspace-only ones absent).
 * And each person's layout of each dashboard (issue 26 A), their own only.
 */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

  app.get(
    '/app',
    {
      schema: { querystring: overviewQuery, response: { 200: appOverviewResponse, ...errorResponses } },
    },
    async (request) => {
      const { user, isAdmin } = actor(request);
      return appOverview(db, { userId: user.id, isAdmin }, rangeOf(request.query), {
        year: yearOf(request.query),
      });
    },
  );

  app.get(
    '/ecommerce',
    {
      schema: { querystring: overviewQuery, response: { 200: ecommerceOverviewResponse, ...errorResponses } },
    },
    async (request) => {
      const { user, isAdmin } = actor(request);
      return ecommerceOverview(db, { userId: user.id, isAdmin }, rangeOf(request.query), {
        year: yearOf(request.query),
      });
    },
  );

  // The file overview (issue 27 B, ADR 048): the viewer's storage, uploads, folders and recent files.
  app.get(
    '/file',
    {
      schema: { querystring: fileOverviewQuery, response: { 200: fileOverviewResponse, ...errorResponses } },
    },
    async (request) => {
      const { user, isAdmin } = actor(request);
      return fileOverview(app, { userId: user.id, isAdmin }, request.query);
    },
  );

  const layoutSchema = {
    params: dashboardParams,
    response: { 200: dashboardLayoutResponse, ...errorResponses },
  };

  app.get('/layouts/:dashboard', { schema: layoutSchema }, async (request) =>
    findLayout(db, actor(request).user.id, request.params.dashboard),
  );

  app.put(
    '/layouts/:dashboard',
    { schema: { ...layoutSchema, body: dashboardLayoutInput } },
    async (request) => {
      const { dashboard } = request.params;
      const problem = layoutProblem(dashboard, request.body.widgets);
      if (problem) {
        // Answered as a schema failure would be: the client's form helper reads the same shape.
        const message = validationMessageEn(problem);
        throw new HttpError(400, `widgets: ${message}`, {
          code: 'VALIDATION_FAILED',
          issues: [{ path: ['widgets'], message }],
        });
      }
      return saveLayout(db, actor(request).user.id, dashboard, request.body.widgets);
    },
  );

  app.delete('/layouts/:dashboard', { schema: layoutSchema }, async (request) =>
    deleteLayout(db, actor(request).user.id, request.params.dashboard),
  );
};
