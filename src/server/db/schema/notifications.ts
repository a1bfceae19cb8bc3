import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { notificationTypes } from '../../../shared/contract/notifications.ts';

import { users } from './users.ts';

/** In-app notifications of one user (the header's bell). Every query is scoped to the owner. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: notificationTypes }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** An app path to open, e.g. `/dashboard/user/account`. */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The unread badge counts these on every page load.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);
