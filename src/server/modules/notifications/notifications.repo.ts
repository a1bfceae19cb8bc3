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

/** Demo notifications for the demo admin (db/seed): a few read, the newest unread. */
export async function seedNotifications(db: Db, userId: string, now = new Date()): Promise<void> {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const demo: Array<NewNotification & { minutesAgo: number; read: boolean }> = [
    {
      type: 'account',
      title: 'Welcome to Atrium',
      body: 'Your account is ready. Complete your profile so your team recognises you.',
      link: '/dashboard/user/account',
      minutesAgo: 60 * 24 * 6,
      read: true,
    },
    {
      type: 'security',
      title: 'New sign-in to your account',
      body: 'Your account was signed in from a new browser. If this was not you, change your password.',
      link: '/dashboard/user/account',
      minutesAgo: 60 * 24 * 2,
      read: true,
    },
    {
      type: 'system',
      title: 'Scheduled maintenance',
      body: 'Atrium will be updated on Sunday at 02:00 UTC; expect a few minutes of downtime.',
      link: '/maintenance',
      minutesAgo: 60 * 20,
      read: true,
    },
    {
      type: 'mail',
      title: 'You have 3 unread messages',
      body: 'New mail arrived in your inbox.',
      link: '/dashboard/mail',
      minutesAgo: 60 * 3,
      read: false,
    },
    {
      type: 'order',
      title: 'Your order is placed',
      body: 'Order #1042 is waiting for shipping.',
      link: '/dashboard/e-commerce/list',
      minutesAgo: 45,
      read: false,
    },
    {
      type: 'chat',
      title: 'New message from Deja Brady',
      body: 'Can we move the review to Thursday?',
      link: '/dashboard/chat',
      minutesAgo: 5,
      read: false,
    },
  ];
  await db.insert(notifications).values(
    demo.map((n) => ({
      userId,
      type: n.type,
      title: n.title,
      body: n.body ?? '',
      link: n.link ?? null,
      createdAt: ago(n.minutesAgo),
      readAt: n.read ? ago(n.minutesAgo - 1) : null,
    })),
  );
}
