import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Profile links, each an http(s) URL or ''. */
export interface SocialLinksColumn {
  facebook?: string;
  instagram?: string;
  linkedin?: string;
  twitter?: string;
}
/** Notification switches of the account page; missing keys take their defaults (contract/users.ts). */
export type NotificationsColumn = Partial<Record<string, boolean>>;

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    status: text({ enum: ['active', 'pending', 'banned', 'rejected'] })
      .notNull()
      .default('active'),
    avatarUrl: text(),
    emailVerified: boolean().notNull().default(false),
    /**
     * Unique URL name (`ada-lovelace`, `ada-lovelace-2`). '' on insert or a change of name = derived by the
     * `users_assign_slug` trigger (drizzle/0001_users_profiles.sql), so every way of creating a user gets one.
     */
    slug: text().notNull().default(''),
    phone: text().notNull().default(''),
    country: text().notNull().default(''),
    state: text().notNull().default(''),
    city: text().notNull().default(''),
    address: text().notNull().default(''),
    zipCode: text().notNull().default(''),
    company: text().notNull().default(''),
    about: text().notNull().default(''),
    coverUrl: text(),
    socialLinks: jsonb().$type<SocialLinksColumn>().notNull().default({}),
    notifications: jsonb().$type<NotificationsColumn>().notNull().default({}),
    /**
     * Who besides administrators sees the person's email address and phone number (issue 24 B): `members`
     * (every signed-in member) or `nobody`. The postal address is never shown to members.
     */
    emailVisibility: text({ enum: ['members', 'nobody'] })
      .notNull()
      .default('nobody'),
    phoneVisibility: text({ enum: ['members', 'nobody'] })
      .notNull()
      .default('nobody'),
    /** Storage quota in bytes set by an administrator (issue 24 C); null = the workspace's default. */
    storageQuotaBytes: bigint({ mode: 'number' }),
    /** What the admin list searches: name, email, company and phone, lower-cased (kept by PostgreSQL). */
    searchText: text().generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || company || ' ' || phone)`,
    ),
    /**
     * Raised by one on every write (the `users_bump_version` trigger, drizzle/0007_versions.sql): an edit
     * states the version it was based on and a stale one is refused (ADR 017).
     */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_slug_unique').on(t.slug),
    // Sort keys of the admin list (ORDER BY … LIMIT walks the index instead of sorting 100k rows).
    index('users_name_sort_idx').on(sql`lower(first_name || ' ' || last_name)`, t.id),
    index('users_company_sort_idx').on(sql`lower(company)`, t.id),
    index('users_role_idx').on(t.role, t.id),
    index('users_status_idx').on(t.status, t.id),
    // Substring search without a sequential scan: a GIN index over the 1-, 2- and 3-character substrings
    // of search_text plus status and role tokens (atrium_user_terms(), drizzle/0004_search_grams.sql;
    // pg_trgm's idea with core operators only, so it works on PGlite without extensions). Queries filter
    // `@>` first, then recheck with LIKE.
    index('users_search_idx').using('gin', sql`atrium_user_terms(search_text, status, role)`),
    check('users_email_visibility_valid', sql`${t.emailVisibility} in ('members', 'nobody')`),
    check('users_phone_visibility_valid', sql`${t.phoneVisibility} in ('members', 'nobody')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

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
