import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorSchema } from '#shared/contract/common.ts';
import {
  listNotificationsQuery,
  notificationPage,
  notificationSchema,
  unreadCountResponse,
} from '#shared/contract/notifications.ts';

import { notFound } from '../../lib/http-error.ts';
import { authUser } from '../account/account.routes.ts';
import { listNotifications, markAllRead, markRead } from './notifications.repo.ts';
import { pushUnreadCount } from './notify.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const idParams = z.object({ id: z.uuid() });
const notificationResponse = z.object({ notification: notificationSchema });

/** The caller's own notifications; nobody reads or marks anyone else's (another id answers 404). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // Checked first, so an anonymous caller gets 401 whatever else is wrong with the request.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/',
    { schema: { querystring: listNotificationsQuery, response: { 200: notificationPage, ...errors } } },
    async (request) => listNotifications(db, authUser(request).id, request.query),
  );

  app.post(
    '/mark-all-read',
    { schema: { response: { 200: unreadCountResponse, ...errors } } },
    async (request) => {
      const userId = authUser(request).id;
      await markAllRead(db, userId);
      // The user's other tabs update their badge too.
      await pushUnreadCount(app, userId);
      return { unreadCount: 0 };
    },
  );

  app.post(
    '/:id/read',
    { schema: { params: idParams, response: { 200: notificationResponse, ...errors } } },
    async (request) => {
      const userId = authUser(request).id;
      const notification = await markRead(db, userId, request.params.id);
      if (!notification) throw notFound('Notification not found');
      await pushUnreadCount(app, userId);
      return { notification };
    },
  );
};
