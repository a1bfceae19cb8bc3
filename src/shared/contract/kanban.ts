/**
 * Kanban (issue #12): `/api/kanban/*`. The spec's calls keep their paths and fields (`GET /board` with
 * `columns`, `cards` and `columnOrder`; `columns/new`, `columns/update`, `columns/delete`); boards and their
 * members, moves, cards, comments and attachments are ours (ADR 024).
 */
import { z } from 'zod';

import { versionField } from './common.ts';
import { fileSchema } from './files.ts';
import {
  BOARD_NAME_MAX,
  CARD_ASSIGNEES_MAX,
  CARD_DESCRIPTION_MAX,
  CARD_LABEL_MAX,
  CARD_LABELS_MAX,
  CARD_NAME_MAX,
  COLUMN_NAME_MAX,
  COMMENT_MAX,
  kanbanPriorities,
} from './kanban-limits.ts';

export * from './kanban-limits.ts';

/** Limits of one board (what one answer holds) and of one person's own boards. */
export const BOARD_MEMBERS_MAX = 100;
export const BOARD_COLUMNS_MAX = 50;
export const BOARD_CARDS_MAX = 5000;
export const OWNED_BOARDS_MAX = 50;
export const CARD_COMMENTS_MAX = 500;
export const CARD_ATTACHMENTS_MAX = 20;

/** The name a person's personal board gets when it is made (the client may show its own words for it). */
export const PERSONAL_BOARD_NAME = 'My board';
/** The columns a new board starts with. */
export const DEFAULT_COLUMNS = ['To do', 'In progress', 'Done'] as const;

export const boardRoles = ['owner', 'member'] as const;
export type BoardRole = (typeof boardRoles)[number];

// ── answers ─────────────────────────────────────────────────────────────────────────────────────────────

export const kanbanPersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type KanbanPerson = z.infer<typeof kanbanPersonSchema>;

export const boardMemberSchema = kanbanPersonSchema.extend({ role: z.enum(boardRoles) });
export type BoardMember = z.infer<typeof boardMemberSchema>;

const isoTime = z.iso.datetime({ offset: true });

/** A card as the board shows it (the face: counts and a cover, not the comments and files themselves). */
export const kanbanCardSchema = z.object({
  id: z.uuid(),
  columnId: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** The name of its column. */
  status: z.string(),
  priority: z.enum(kanbanPriorities),
  labels: z.array(z.string()),
  due: z.object({ start: isoTime.nullable(), end: isoTime.nullable() }),
  /** Members of the board, by name. */
  assignees: z.array(kanbanPersonSchema),
  /** Who made it; null once their account is deleted. */
  reporter: kanbanPersonSchema.nullable(),
  completed: z.boolean(),
  /** Raised by every change of the fields above (not by moves, comments or attachments): ADR 017. */
  version: z.number().int(),
  commentCount: z.number().int(),
  attachmentCount: z.number().int(),
  /** The first picture attached, as a signed link; null without one. */
  cover: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type KanbanCard = z.infer<typeof kanbanCardSchema>;

export const kanbanCommentSchema = z.object({
  id: z.uuid(),
  author: kanbanPersonSchema,
  message: z.string(),
  createdAt: isoTime,
});
export type KanbanComment = z.infer<typeof kanbanCommentSchema>;

/** `GET /cards/:id`: the card with its comments (oldest first) and attachments (the files block's shape). */
export const kanbanCardDetailSchema = kanbanCardSchema.extend({
  comments: z.array(kanbanCommentSchema),
  attachments: z.array(fileSchema),
});
export type KanbanCardDetail = z.infer<typeof kanbanCardDetailSchema>;

export const kanbanColumnSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Its cards, in order. */
  cardIds: z.array(z.uuid()),
});
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

export const kanbanBoardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  personal: z.boolean(),
  /** The owner first, then by name. */
  members: z.array(boardMemberSchema),
  columnOrder: z.array(z.uuid()),
  columns: z.record(z.string(), kanbanColumnSchema),
  cards: z.record(z.string(), kanbanCardSchema),
});
export type KanbanBoard = z.infer<typeof kanbanBoardSchema>;

/** A board in the switcher. */
export const boardSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  personal: z.boolean(),
  memberCount: z.number().int(),
});
export type BoardSummary = z.infer<typeof boardSummarySchema>;

export const boardResponse = z.object({ board: kanbanBoardSchema });
export const boardsResponse = z.object({ boards: z.array(boardSummarySchema) });
export const boardSummaryResponse = z.object({ board: boardSummarySchema });
export const boardMembersResponse = z.object({ members: z.array(boardMemberSchema) });
export const columnResponse = z.object({ column: kanbanColumnSchema });
export const columnOrderResponse = z.object({ columnOrder: z.array(z.uuid()) });
export const cardResponse = z.object({ card: kanbanCardSchema });
export const cardDetailResponse = z.object({ card: kanbanCardDetailSchema });
export const commentResponse = z.object({ comment: kanbanCommentSchema });
export const attachmentResponse = z.object({ attachment: fileSchema });

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────

const boardId = z.uuid({ error: 'validation.boardIdInvalid' });
const columnId = z.uuid({ error: 'validation.columnIdInvalid' });
const cardId = z.uuid({ error: 'validation.cardIdInvalid' });

const boardName = z
  .string({ error: 'validation.boardNameRequired' })
  .trim()
  .min(1, 'validation.boardNameRequired')
  .max(BOARD_NAME_MAX, 'validation.fieldTooLong');

const columnName = z
  .string({ error: 'validation.columnNameRequired' })
  .trim()
  .min(1, 'validation.columnNameRequired')
  .max(COLUMN_NAME_MAX, 'validation.fieldTooLong');

/** ISO 8601 with an offset, or a date (midnight UTC); null for none. */
const dueInstant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'validation.dateInvalid' })
  .nullable();

/** A due range; either end may be open, and the end is never before the start. */
export const dueInput = z
  .object(
    { start: dueInstant.default(null), end: dueInstant.default(null) },
    { error: 'validation.dateInvalid' },
  )
  .refine((due) => !due.start || !due.end || Date.parse(due.end) >= Date.parse(due.start), {
    message: 'validation.endBeforeStart',
    path: ['end'],
  });

const cardFields = {
  name: z
    .string({ error: 'validation.cardNameRequired' })
    .trim()
    .min(1, 'validation.cardNameRequired')
    .max(CARD_NAME_MAX, 'validation.fieldTooLong'),
  description: z
    .string({ error: 'validation.fieldTooLong' })
    .max(CARD_DESCRIPTION_MAX, 'validation.fieldTooLong'),
  priority: z.enum(kanbanPriorities, { error: 'validation.priorityInvalid' }),
  /** Free text tags, each kept once. */
  labels: z
    .array(
      z
        .string({ error: 'validation.labelInvalid' })
        .trim()
        .min(1, 'validation.labelInvalid')
        .max(CARD_LABEL_MAX, 'validation.labelInvalid'),
      { error: 'validation.labelInvalid' },
    )
    .max(CARD_LABELS_MAX, 'validation.tooManyLabels')
    .transform((labels) => [...new Set(labels)]),
  due: dueInput,
  /** Members of the board (anyone else is a 400). */
  assigneeIds: z
    .array(z.uuid({ error: 'validation.userRefInvalid' }), { error: 'validation.userRefInvalid' })
    .max(CARD_ASSIGNEES_MAX, 'validation.tooManyAssignees'),
  completed: z.boolean({ error: 'validation.completedInvalid' }),
};

export const boardQuery = z.object({ boardId: boardId.optional() });
export const newBoardInput = z.object({ name: boardName });
export const renameBoardInput = z.object({ name: boardName });
export const boardIdParams = z.object({ id: boardId });
export const addMemberInput = z.object({ userId: z.uuid({ error: 'validation.userRefInvalid' }) });
export const memberParams = z.object({ id: boardId, userId: z.uuid({ error: 'validation.userRefInvalid' }) });

/** The spec's body; without `boardId`, the board `GET /board` shows (the last used one). */
export const newColumnInput = z.object({ name: columnName, boardId: boardId.optional() });
/** The spec's body `{ columnId, column }`; `column` holds only what changes. */
export const updateColumnInput = z.object({
  columnId,
  column: z.object({ name: columnName }).partial(),
});
export const deleteColumnInput = z.object({ columnId });
export const clearColumnInput = z.object({ columnId });
/**
 * Where a column goes: its neighbours once moved (`beforeId` the one just before it, `afterId` the one just
 * after it; `beforeId: null` = first, `afterId: null` = last). A neighbour that moved away meanwhile is
 * ignored: the column goes after `beforeId` if it is still there, else before `afterId`, else first when
 * `beforeId` is null, else last.
 */
export const moveColumnInput = z.object({
  columnId,
  beforeId: columnId.nullable().optional(),
  afterId: columnId.nullable().optional(),
});

export const newCardInput = z.object({
  columnId,
  name: cardFields.name,
  description: cardFields.description.default(''),
  priority: cardFields.priority.default('medium'),
  labels: cardFields.labels.default([]),
  due: dueInput.default({ start: null, end: null }),
  assigneeIds: cardFields.assigneeIds.default([]),
  completed: cardFields.completed.default(false),
});
export type NewCardInput = z.input<typeof newCardInput>;

/** `card` holds only what changes; `version` is the card's version the edit was based on (409 if stale). */
export const updateCardInput = z.object({
  cardId,
  version: versionField,
  card: z.object(cardFields).partial(),
});
export type UpdateCardInput = z.input<typeof updateCardInput>;

/** To a column, between neighbours as for columns (`moveColumnInput`); a move never conflicts with an edit. */
export const moveCardInput = z.object({
  cardId,
  columnId,
  beforeId: cardId.nullable().optional(),
  afterId: cardId.nullable().optional(),
});
export type MoveCardInput = z.input<typeof moveCardInput>;

export const deleteCardInput = z.object({ cardId });
export const cardIdParams = z.object({ id: cardId });

export const newCommentInput = z.object({
  message: z
    .string({ error: 'validation.commentRequired' })
    .trim()
    .min(1, 'validation.commentRequired')
    .max(COMMENT_MAX, 'validation.commentTooLong'),
});
export const commentIdParams = z.object({ id: z.uuid({ error: 'validation.commentIdInvalid' }) });
export const attachmentParams = z.object({
  cardId,
  fileId: z.uuid({ error: 'validation.fileIdInvalid' }),
});

// ── cards due (the analytics overview's task list, issue 30 B) ───────────────────────────────────────────

/** How many cards `GET /cards/due` answers at most. */
export const DUE_CARDS_MAX = 50;

/**
 * `GET /api/kanban/cards/due?before=&limit=`: the viewer's own cards (assigned to them, on boards they are a
 * member of), not completed, due before `before` (late ones included), soonest first.
 */
export const dueCardsQuery = z.object({
  before: z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }),
  limit: z.coerce
    .number({ error: 'validation.pageSizeInvalid' })
    .int('validation.pageSizeInvalid')
    .min(1, 'validation.pageSizeInvalid')
    .max(DUE_CARDS_MAX, 'validation.pageSizeInvalid')
    .default(10),
});
export type DueCardsQuery = z.input<typeof dueCardsQuery>;

/** A card due, with its board (to open it: `/dashboard/kanban?board=&card=`). */
export const dueCardSchema = kanbanCardSchema
  .pick({ id: true, columnId: true, name: true, status: true, priority: true, due: true, version: true })
  .extend({ boardId: z.uuid(), boardName: z.string(), personal: z.boolean() });
export type DueCard = z.infer<typeof dueCardSchema>;

export const dueCardsResponse = z.object({ cards: z.array(dueCardSchema) });
