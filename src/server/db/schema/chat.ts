import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { chatContentTypes, conversationTypes } from '#shared/contract/chat.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A conversation between people of the instance (issue #10). A one-to-one conversation has a `pairKey`
 * (the two user ids, sorted), unique, so two people never get two of them, however they race.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text({ enum: conversationTypes }).notNull(),
    /** Groups only; renamable by their members. */
    name: text(),
    pairKey: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Newest activity first in the list: the last message's time (or the creation). */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_conversations_pair_unique').on(t.pairKey)],
);

/** Who is in a conversation, with their own unread count and how far they have read. */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: uuid()
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer().notNull().default(0),
    /** The `seq` of the last message they have seen (read receipts). */
    lastReadSeq: bigint({ mode: 'number' }).notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_participants_user_idx').on(t.userId),
  ],
);

/**
 * Messages. `seq` is their one order (an identity: concurrent sends get distinct, increasing numbers);
 * `(senderId, clientId)` is unique, so a retried send never stores a second copy.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid()
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    clientId: text().notNull(),
    body: text().notNull().default(''),
    contentType: text({ enum: chatContentTypes }).notNull().default('text'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    // A message by its `seq` alone (read receipts: each participant's last read `seq` → message id).
    uniqueIndex('chat_messages_seq_unique').on(t.seq),
    uniqueIndex('chat_messages_sender_client_unique').on(t.senderId, t.clientId),
    // The overview's messages per day across the workspace (chat.stats.ts).
    index('chat_messages_created_idx').on(t.createdAt),
  ],
);

/** Files sent with a message (the files block; readable by the conversation's participants). */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    messageId: uuid()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), index('chat_attachments_file_idx').on(t.fileId)],
);
