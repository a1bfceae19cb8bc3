import { z } from 'zod';

/** What a notification is about; the client picks an icon per type. */
export const notificationTypes = ['system', 'account', 'security', 'mail', 'chat', 'order'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** An app path to open, e.g. `/dashboard/user/account`; null when there is nothing to open. */
  link: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuery = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

export const notificationPage = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });
