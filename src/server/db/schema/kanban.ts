import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { boardRoles, kanbanPriorities } from '#shared/contract/kanban.ts';

import { files } from './files.ts';
import { users } from './users.ts';

/**
 * A fractional position key (`fractional-indexing`, ADR 024): compared byte by byte (`COLLATE "C"`), as the
 * library orders keys, whatever the database's default collation ("a0" < "Zz" in en_US, not in C).
 */
const orderKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * A kanban board (issue #12). Every person has one personal board (the partial unique index settles the
 * race of two first visits); any board can be shared with members.
 */
export const kanbanBoards = pgTable(
  'kanban_boards',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    personal: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kanban_boards_owner_idx').on(t.ownerId),
    uniqueIndex('kanban_boards_personal_unique')
      .on(t.ownerId)
      .where(sql`personal`),
  ],
);

/** Who may read and change a board (the owner too), and when each last opened it (the board shown first). */
export const kanbanBoardMembers = pgTable(
  'kanban_board_members',
  {
    boardId: uuid()
      .notNull()
      .references(() => kanbanBoards.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: boardRoles }).notNull().default('member'),
    lastOpenedAt: timestamp({ withTimezone: true }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.userId] }),
    index('kanban_board_members_user_idx').on(t.userId, t.lastOpenedAt),
  ],
);

/** A board's columns, ordered by `position` (unique per board: a move writes one row). */
export const kanbanColumns = pgTable(
  'kanban_columns',
  {
    id: uuid().primaryKey().defaultRandom(),
    boardId: uuid()
      .notNull()
      .references(() => kanbanBoards.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: orderKey().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kanban_columns_board_position_unique').on(t.boardId, t.position),
    // What the cards' (column, board) foreign key refers to: a card's column is always on its board.
    unique('kanban_columns_id_board_unique').on(t.id, t.boardId),
  ],
);

/**
 * Cards, ordered in their column by `position` (unique per column). `boardId` is the column's board (the
 * composite foreign key keeps them together): a board loads its cards by one index, and access checks go
 * from a card straight to the board's members. `version` is raised by a trigger on edits of the fields
 * only (drizzle/0015_kanban.sql), never by a move.
 */
export const kanbanCards = pgTable(
  'kanban_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    boardId: uuid().notNull(),
    columnId: uuid().notNull(),
    position: orderKey().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    priority: text({ enum: kanbanPriorities }).notNull().default('medium'),
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueStart: timestamp({ withTimezone: true }),
    dueEnd: timestamp({ withTimezone: true }),
    completed: boolean().notNull().default(false),
    reporterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'kanban_cards_column_fk',
      columns: [t.columnId, t.boardId],
      foreignColumns: [kanbanColumns.id, kanbanColumns.boardId],
    }).onDelete('cascade'),
    uniqueIndex('kanban_cards_column_position_unique').on(t.columnId, t.position),
    index('kanban_cards_board_idx').on(t.boardId),
    index('kanban_cards_reporter_idx').on(t.reporterId),
    check('kanban_cards_due_order', sql`due_start is null or due_end is null or due_end >= due_start`),
  ],
);

export const kanbanCardAssignees = pgTable(
  'kanban_card_assignees',
  {
    cardId: uuid()
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.userId] }),
    index('kanban_card_assignees_user_idx').on(t.userId),
  ],
);

export const kanbanComments = pgTable(
  'kanban_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    cardId: uuid()
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kanban_comments_card_idx').on(t.cardId, t.createdAt),
    index('kanban_comments_author_idx').on(t.authorId),
  ],
);

/** Files on a card (the files block, use `kanban`): one card per file; the file goes with the card. */
export const kanbanAttachments = pgTable(
  'kanban_attachments',
  {
    fileId: uuid()
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    cardId: uuid()
      .notNull()
      .references(() => kanbanCards.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kanban_attachments_card_idx').on(t.cardId, t.createdAt)],
);
