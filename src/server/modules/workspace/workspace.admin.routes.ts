import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import { updateWorkspaceSettingsInput, workspaceSettingsSchema } from '#shared/contract/workspace.ts';

import { stale } from '../../lib/http-error.ts';
import { actor, adminScope } from '../../plugins/auth.ts';
import { writeWorkspaceSettings } from './workspace.repo.ts';
import { workspaceSettings } from './workspace.service.ts';

/**
 * `/api/workspace/settings` (issue 24 A, ADR 034): the workspace settings, read and changed (version-checked)
 * by administrators only.
 */
export const workspaceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  const db = app.db;

  app.get('/settings', { schema: { response: { 200: workspaceSettingsSchema, ...errorResponses } } }, () =>
    workspaceSettings(app),
  );

  app.put(
    '/settings',
    {
      schema: {
        body: updateWorkspaceSettingsInput,
        response: { 200: workspaceSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await writeWorkspaceSettings(db, request.body, actor(request).user.id))) {
        throw stale(await workspaceSettings(app));
      }
      return workspaceSettings(app);
    },
  );
};
