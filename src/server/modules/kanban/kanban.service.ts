import type {
  KanbanBoard,
  KanbanCard,
  KanbanColumn,
  KanbanComment,
  KanbanPerson,
} from '#shared/contract/kanban.ts';

import { signedContentUrl } from '../files/files.service.ts';
import type { BoardAccess, CardData, CommentData, Member } from './kanban.repo.ts';

/**
 * The API's card: assignees as the board's members (in the members' order), the cover as a signed link to
 * the first picture (readable by the members only, like every card file).
 */
export function toCard(secret: Uint8Array, data: CardData, people: People): KanbanCard {
  return {
    id: data.id,
    columnId: data.columnId,
    name: data.name,
    description: data.description,
    status: data.status,
    priority: data.priority,
    labels: data.labels,
    due: { start: data.dueStart, end: data.dueEnd },
    assignees: people.assignees(data.assigneeIds),
    reporter: data.reporter,
    completed: data.completed,
    version: data.version,
    commentCount: data.commentCount,
    attachmentCount: data.attachmentCount,
    cover: data.coverFileId ? signedContentUrl(secret, data.coverFileId) : null,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
  };
}

/** A board's members as the cards show them, looked up by id. */
export interface People {
  /** The members among `ids`, in the members' order (the owner, then by name). */
  assignees(ids: readonly string[]): KanbanPerson[];
}

export function peopleOf(members: readonly Member[]): People {
  const index = new Map(members.map((m, i) => [m.id, i]));
  const persons = members.map(({ id, name, avatarUrl }): KanbanPerson => ({ id, name, avatarUrl }));
  return {
    assignees(ids) {
      if (!ids.length) return [];
      const at = ids.map((id) => index.get(id)).filter((i) => i !== undefined);
      return at.sort((a, b) => a - b).map((i) => persons[i]!);
    },
  };
}

export const toComment = (comment: CommentData): KanbanComment => ({
  id: comment.id,
  author: comment.author,
  message: comment.message,
  createdAt: comment.createdAt.toISOString(),
});

/** The spec's board: columns and cards keyed by id, the columns' order, each column's cards in order. */
export function toBoard(
  secret: Uint8Array,
  access: BoardAccess,
  columns: ReadonlyArray<{ id: string; name: string }>,
  cards: readonly CardData[],
): KanbanBoard {
  const byColumn: Record<string, KanbanColumn> = {};
  for (const column of columns) byColumn[column.id] = { id: column.id, name: column.name, cardIds: [] };
  const byId: Record<string, KanbanCard> = {};
  const people = peopleOf(access.members);
  // `cards` come in (position, id) order: each column's list is in order too.
  for (const data of cards) {
    const column = byColumn[data.columnId];
    if (!column) continue;
    column.cardIds.push(data.id);
    byId[data.id] = toCard(secret, data, people);
  }
  const { board } = access;
  return {
    id: board.id,
    name: board.name,
    ownerId: board.ownerId,
    personal: board.personal,
    members: access.members.map(({ id, name, avatarUrl, role }) => ({ id, name, avatarUrl, role })),
    columnOrder: columns.map((c) => c.id),
    columns: byColumn,
    cards: byId,
  };
}
