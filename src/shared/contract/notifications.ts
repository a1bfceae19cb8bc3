import { z } from 'zod';

import { cursorField, cursorInfoFields, listPageSchema, pageFields } from './list.ts';

/** What a notification is about; the client picks an icon per type. */
export const notificationTypes = [
  'system',
  'account',
  'security',
  'mail',
  'chat',
  'order',
  'blog',
  'banking',
] as const;
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
  filter: z.enum(['all', 'unread'], { error: 'validation.filterInvalid' }).default('all'),
  ...pageFields(10, 50),
  /** The previous answer's `nextCursor`: the page after it (keyset paging, `page` is then ignored). */
  cursor: cursorField,
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

export const notificationPage = listPageSchema('notifications', notificationSchema).extend({
  ...cursorInfoFields,
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });
