import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { NewNotification } from './notifications.repo.ts';

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
