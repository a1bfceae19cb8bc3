import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
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

import { labelColors, mailFolders } from '#shared/contract/mail.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/** An address as stored: the name shown and the address itself (lower case). */
export interface MailAddressColumn {
  name: string;
  email: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A mail, stored once (issue #11): who wrote it, to whom, its sanitised HTML and its plain text (excerpts
 * and search). `sentAt` is null while it is a draft. Each participant's state lives in `mail_entries`.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** null for mail from the instance itself (the welcome mail) or a deleted account. */
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    from: jsonb().$type<MailAddressColumn>().notNull(),
    to: jsonb().$type<MailAddressColumn[]>().notNull().default([]),
    cc: jsonb().$type<MailAddressColumn[]>().notNull().default([]),
    bcc: jsonb().$type<MailAddressColumn[]>().notNull().default([]),
    subject: text().notNull().default(''),
    html: text().notNull().default(''),
    text: text().notNull().default(''),
    /** The message this one answers or forwards. */
    inReplyTo: uuid(),
    /** External addresses kept in the outbox because no SMTP server is configured. */
    undelivered: jsonb().$type<string[]>().notNull().default([]),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Full-text search over subject, sender, recipients and text ('simple': every language alike). */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', coalesce(subject, '') || ' ' || coalesce("from"::text, '') || ' ' || coalesce("to"::text, '') || ' ' || coalesce(cc::text, '') || ' ' || coalesce(text, ''))`,
    ),
  },
  (t) => [
    index('mail_messages_search_idx').using('gin', t.search),
    // The overview's mail sent per day across the workspace (mail.stats.ts); drafts are not in it.
    index('mail_messages_sent_at_idx')
      .on(t.sentAt)
      .where(sql`sent_at is not null`),
  ],
);

/**
 * A participant's copy of a mail: its folder, read/star/important state and labels. Its id is what the API
 * calls the mail's id, so one user's id never opens another's copy. `at` orders the lists (sent time, or
 * the draft's last save).
 */
export const mailEntries = pgTable(
  'mail_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid()
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    folder: text({ enum: mailFolders }).notNull(),
    /** Where a mail moved to trash or spam came from (restore puts it back). */
    previousFolder: text({ enum: mailFolders }),
    isRead: boolean().notNull().default(false),
    isStarred: boolean().notNull().default(false),
    isImportant: boolean().notNull().default(false),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_entries_user_folder_at_idx').on(t.userId, t.folder, t.at, t.id),
    index('mail_entries_user_at_idx').on(t.userId, t.at, t.id),
    index('mail_entries_message_idx').on(t.messageId),
    index('mail_entries_unread_idx')
      .on(t.userId, t.folder)
      .where(sql`not is_read`),
  ],
);

/** A user's own labels (Social, Promotions…). */
export const mailLabels = pgTable(
  'mail_labels',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text({ enum: labelColors }).notNull().default('primary'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_labels_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

export const mailEntryLabels = pgTable(
  'mail_entry_labels',
  {
    entryId: uuid()
      .notNull()
      .references(() => mailEntries.id, { onDelete: 'cascade' }),
    labelId: uuid()
      .notNull()
      .references(() => mailLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.labelId] }),
    index('mail_entry_labels_label_idx').on(t.labelId),
  ],
);

/** Files sent with a mail (the files block; readable by the mail's participants). */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    messageId: uuid()
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), index('mail_attachments_file_idx').on(t.fileId)],
);
