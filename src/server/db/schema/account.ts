import { sql } from 'drizzle-orm';
import {
  boolean,
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
  ],
);

/** One row per sign-in. Access tokens name their session; a request is served only while it is live. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the current refresh secret; rotated on every refresh. */
    refreshHash: text().notNull(),
    /**
     * The hash it replaced and when: two tabs of one browser refreshing at the same instant both present
     * the same cookie; the later one is answered within a few seconds' grace instead of counting as theft.
     */
    previousRefreshHash: text(),
    refreshedAt: timestamp({ withTimezone: true }),
    /** Whether the replaced cookie has had its one grace access token (ADR 005). */
    graceUsed: boolean().notNull().default(false),
    userAgent: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Every refresh secret a session has replaced (SHA-256). A refresh cookie that matches one of these is a real
 * earlier secret coming back, a replay, and ends the session; a made-up cookie naming the session only gets
 * a 401, so knowing a session id is not enough to end someone's session (ADR 005).
 */
export const sessionRefreshHistory = pgTable(
  'session_refresh_history',
  {
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    refreshHash: text().notNull(),
    replacedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.refreshHash] })],
);

/** One-time codes (password reset, email verification), stored as HMACs, newest one per purpose wins. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['reset_password', 'verify_email'] }).notNull(),
    /** The address the code was sent to: it works only while the account still has that address. */
    email: text().notNull().default(''),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Outgoing mail, a queue (ADR 006): routes add a row and answer; the mail worker sends it through SMTP with
 * timeouts and retries. Without SMTP the mail is `kept` here and written to the log (the laptop fallback).
 * A one-time code travels in `secret` and is masked in `text` once the mail has been sent or given up.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    secret: text(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_created_at_idx').on(t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
  ],
);

/** Fixed-window counters shared by every instance (sign-in, registration and reset limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
