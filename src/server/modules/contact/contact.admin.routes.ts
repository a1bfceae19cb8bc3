import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import { contactMessagePage, listContactMessagesQuery } from '#shared/contract/contact.ts';

import { adminScope } from '../../plugins/auth.ts';
import { listContactMessages } from './contact.repo.ts';

/** `GET /api/contact` for administrators: the messages sent through the contact form. */
export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminScope(app);

  app.get(
    '/',
    {
      schema: {
        querystring: listContactMessagesQuery,
        response: { 200: contactMessagePage, ...errorResponses },
      },
    },
    async (request) => listContactMessages(app.db, request.query),
  );
};
