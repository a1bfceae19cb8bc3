import { and, count, eq, getTableColumns, isNull } from 'drizzle-orm';

import type {
  ListNotificationsQuery,
  Notification,
  NotificationPage,
} from '#shared/contract/notifications.ts';

import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { newestFirst, newestFirstList } from '../../lib/list.ts';

type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  type: Notification['type'];
  title: string;
  body?: string;
  /** An app path, e.g. `/dashboard/user/account`. */
  link?: string | null;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** Sends `userId` a notification. Other modules call this (registration, password reset…). */
export async function notify(db: Db, userId: string, input: NewNotification): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: input.type,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? null,
    })
    .returning();
  if (!row) throw new Error('notification was not stored');
  return toNotification(row);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * One page of the caller's notifications, newest first, with the total of the filter and the unread count.
 * With a `cursor` (the previous answer's `nextCursor`) the page starts right after that notification
 * (keyset paging: nothing repeats or goes missing when new ones arrive meanwhile); otherwise by `page`.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  { filter, page, pageSize, cursor }: ListNotificationsQuery,
): Promise<NotificationPage> {
  const mine = eq(notifications.userId, userId);
  const where = filter === 'unread' ? and(mine, isNull(notifications.readAt)) : mine;
  const order = newestFirst(notifications.createdAt, notifications.id);
  const { items, ...info } = await newestFirstList(
    { page, pageSize, cursor },
    order,
    ({ limit, offset, after }) =>
      db
        .select({ ...getTableColumns(notifications), position: order.position })
        .from(notifications)
        .where(and(where, after))
        .orderBy(...order.orderBy)
        .limit(limit)
        .offset(offset),
    () => db.$count(notifications, where),
  );
  const unreadCount = filter === 'unread' ? info.total : await countUnread(db, userId);
  return { notifications: items.map(toNotification), ...info, unreadCount };
}

/** Marks one of the caller's notifications read (kept as first read). Undefined when it is not theirs. */
export async function markRead(db: Db, userId: string, id: string): Promise<Notification | undefined> {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning();
  if (updated) return toNotification(updated);
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return existing ? toNotification(existing) : undefined;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
