import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { publicConfigResponse, type PublicConfig } from '#shared/contract/account.ts';

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});

/** What any visitor may know of this instance (`GET /api/config`, and inlined in index.html). */
export function publicConfigOf(config: {
  demoAccount: PublicConfig['demo'];
  currency: string;
}): PublicConfig {
  return { demo: config.demoAccount, currency: config.currency };
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      reply.header('cache-control', 'no-store');
      return up
        ? { status: 'ok' as const, database: 'up' as const }
        : reply.code(503).send({ status: 'unavailable', database: 'down' });
    },
  );

  app.get('/config', { schema: { response: { 200: publicConfigResponse } } }, async () =>
    publicConfigOf(app.config),
  );
};
