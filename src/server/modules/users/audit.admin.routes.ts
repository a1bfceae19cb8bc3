import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import { auditLogQuery, auditLogResponse } from '#shared/contract/users.ts';

import { adminScope } from '../../plugins/auth.ts';
import { listAudit } from './audit.repo.ts';

/** `GET /api/audit-log`: admin actions on users, newest first (admins only). */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);
  app.get(
    '/',
    { schema: { querystring: auditLogQuery, response: { 200: auditLogResponse, ...errorResponses } } },
    async (request) => listAudit(app.db, request.query),
  );
};
