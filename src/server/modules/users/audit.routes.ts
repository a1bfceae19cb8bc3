import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorSchema } from '#shared/contract/common.ts';
import { auditLogQuery, auditLogResponse } from '#shared/contract/users.ts';

import { listAudit } from './audit.repo.ts';

/** `GET /api/audit-log`: admin actions on users, newest first (admins only). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.requireAdmin,
      schema: {
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAudit(app.db, request.query);
    },
  );
};
