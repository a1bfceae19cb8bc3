import type { FastifyInstance } from 'fastify';

import type { Notification } from '#shared/contract/notifications.ts';

import { countUnread, notify, type NewNotification } from './notifications.repo.ts';

/**
 * Tells the user's open tabs, on every instance, that their notifications changed (with the new unread
 * count). A failed push is logged, never the request's failure: the next page load shows the truth.
 */
export async function pushUnreadCount(app: FastifyInstance, userId: string): Promise<void> {
  try {
    const unreadCount = await countUnread(app.db, userId);
    await app.realtime.publish([userId], { type: 'notifications.changed', unreadCount });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push a notification change');
  }
}

/** Stores a notification for `userId` and pushes it to their open tabs at once. */
export async function notifyUser(
  app: FastifyInstance,
  userId: string,
  input: NewNotification,
): Promise<Notification> {
  const notification = await notify(app.db, userId, input);
  await pushUnreadCount(app, userId);
  return notification;
}
