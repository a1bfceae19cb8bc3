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
      const q = request.query;
      reply.header('cache-control', 'no-store');
      const result = await listAudit(app.db, q);
      return { ...result, page: q.page, pageSize: q.pageSize };
    },
  );
};
