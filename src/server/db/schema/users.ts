import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './account.ts';

/** Who follows whom: one row per pair, nobody follows themself. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
    check('follows_not_self', sql`follower_id <> followee_id`),
  ],
);

/**
 * Admin actions on users. Actor and target are plain ids (no foreign key), so the entry outlives both;
 * `targetLabel` keeps the target's name and email as they were. `changes` is field → [old, new], never a
 * password or hash.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid(),
    action: text().notNull(),
    targetUserId: uuid(),
    targetLabel: text().notNull().default(''),
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetUserId, t.createdAt),
  ],
);

/** Last number handed out per slug base (`ada-lovelace` → 3 means `ada-lovelace-3` was the last). */
export const userSlugCounters = pgTable('user_slug_counters', {
  base: text().primaryKey(),
  last: integer().notNull(),
});

/**
 * Users per (role, status), kept by statement triggers on `users` (drizzle/0002_users_search_index.sql):
 * the list's tab counts without counting 100,000 rows per request.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text().notNull(),
    status: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.status] })],
);
