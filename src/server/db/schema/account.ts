import { sql } from 'drizzle-orm';
import {
  bigint,
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

import { users } from './users.ts';

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
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Sign-ins in a period, for the overview dashboards (sessions by device, top countries; ADR 036).
    index('sessions_created_idx').on(t.createdAt),
  ],
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
/** A file of a queued mail: its name, type and bytes in base64. */
export type OutboxAttachment = { filename: string; contentType: string; content: string };

export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    secret: text(),
    /** Files sent with the mail (an invoice's PDF), base64; dropped once the mail is sent or given up. */
    attachments: jsonb().$type<OutboxAttachment[]>(),
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

/**
 * A person's data export (issue 32 C, ADR 058): a zip of what is theirs, built in the background, stored in
 * the files store under `storageKey` until `expiresAt`; the row (and so the link) goes with the account.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['preparing', 'ready', 'failed'] })
      .notNull()
      .default('preparing'),
    storageKey: text(),
    size: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt),
    // One being prepared per person at a time: asked twice at once, the second gets the first.
    uniqueIndex('account_exports_preparing_unique')
      .on(t.userId)
      .where(sql`status = 'preparing'`),
  ],
);
export type AccountExportRow = typeof accountExports.$inferSelect;
