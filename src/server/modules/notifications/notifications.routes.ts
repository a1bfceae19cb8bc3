import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  listNotificationsQuery,
  notificationPage,
  notificationSchema,
  unreadCountResponse,
} from '#shared/contract/notifications.ts';

import { actor, signedInScope } from '../../plugins/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import { listNotifications, markAllRead, markRead } from './notifications.repo.ts';
import { pushUnreadCount } from './notifications.service.ts';

const idParams = z.object({ id: z.uuid() });
const notificationResponse = z.object({ notification: notificationSchema });

/** The caller's own notifications; nobody reads or marks anyone else's (another id answers 404). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

  app.get(
    '/',
    {
      schema: { querystring: listNotificationsQuery, response: { 200: notificationPage, ...errorResponses } },
    },
    async (request) => listNotifications(db, actor(request).user.id, request.query),
  );

  app.post(
    '/mark-all-read',
    { schema: { response: { 200: unreadCountResponse, ...errorResponses } } },
    async (request) => {
      const userId = actor(request).user.id;
      await markAllRead(db, userId);
      // The user's other tabs update their badge too.
      await pushUnreadCount(app, userId);
      return { unreadCount: 0 };
    },
  );

  app.post(
    '/:id/read',
    { schema: { params: idParams, response: { 200: notificationResponse, ...errorResponses } } },
    async (request) => {
      const userId = actor(request).user.id;
      const notification = await markRead(db, userId, request.params.id);
      if (!notification) throw notFound('Notification not found');
      await pushUnreadCount(app, userId);
      return { notification };
    },
  );
};
