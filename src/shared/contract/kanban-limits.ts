/**
 * The kanban's limits and fixed lists (issue #12), without zod: the board page's code imports these, and
 * zod stays out of its first load (the contract, kanban.ts, re-exports them and builds the schemas).
 */
export const BOARD_NAME_MAX = 100;
export const COLUMN_NAME_MAX = 100;
export const CARD_NAME_MAX = 255;
export const CARD_DESCRIPTION_MAX = 10_000;
export const CARD_LABELS_MAX = 10;
export const CARD_LABEL_MAX = 40;
export const CARD_ASSIGNEES_MAX = 20;
export const COMMENT_MAX = 2000;

export const kanbanPriorities = ['low', 'medium', 'high'] as const;
export type KanbanPriority = (typeof kanbanPriorities)[number];
