import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { presenceStatuses } from '#shared/contract/realtime.ts';

import { users } from './users.ts';

/** Each person's chosen status and last activity (ADR 020). A missing row = `online`, never active. */
export const presence = pgTable('presence', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choice: text({ enum: presenceStatuses }).notNull().default('online'),
  lastActiveAt: timestamp({ withTimezone: true }),
});

/**
 * Who holds a real-time socket on which app instance: a row per (instance, user) while they do, its
 * `lastSeenAt` refreshed every 30 s by the instance. Rows of an instance that died go stale and stop
 * counting after 90 s.
 */
export const presenceSockets = pgTable(
  'presence_sockets',
  {
    instanceId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId] }), index('presence_sockets_user_idx').on(t.userId)],
);
