import { describe, expect, it } from 'vitest';

import type { KanbanBoard, KanbanCard } from '#shared/contract/kanban.ts';

import { withCardAt } from './kanban-api.ts';

const card = (id: string, columnId: string): KanbanCard => ({
  id,
  columnId,
  name: id,
  description: '',
  status: columnId,
  priority: 'medium',
  labels: [],
  due: { start: null, end: null },
  assignees: [],
  reporter: null,
  completed: false,
  version: 1,
  commentCount: 0,
  attachmentCount: 0,
  cover: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const board: KanbanBoard = {
  id: 'b',
  name: 'Board',
  ownerId: 'o',
  personal: false,
  members: [],
  columnOrder: ['todo', 'done'],
  columns: {
    todo: { id: 'todo', name: 'To do', cardIds: ['a', 'b', 'c'] },
    done: { id: 'done', name: 'Done', cardIds: ['d'] },
  },
  cards: { a: card('a', 'todo'), b: card('b', 'todo'), c: card('c', 'todo'), d: card('d', 'done') },
};

describe('withCardAt (the optimistic move)', () => {
  it('moves a card to another column at the index, with its new status', () => {
    const moved = withCardAt(board, 'b', 'done', 0);
    expect(moved.columns.todo!.cardIds).toEqual(['a', 'c']);
    expect(moved.columns.done!.cardIds).toEqual(['b', 'd']);
    expect(moved.cards.b).toMatchObject({ columnId: 'done', status: 'Done' });
    // The cached board is not changed in place (undo restores it).
    expect(board.columns.todo!.cardIds).toEqual(['a', 'b', 'c']);
  });

  it('reorders within a column and clamps an index past the end', () => {
    expect(withCardAt(board, 'a', 'todo', 2).columns.todo!.cardIds).toEqual(['b', 'c', 'a']);
    expect(withCardAt(board, 'a', 'done', 9).columns.done!.cardIds).toEqual(['d', 'a']);
  });

  it('leaves the board as it is for an unknown card or column', () => {
    expect(withCardAt(board, 'x', 'done', 0)).toBe(board);
    expect(withCardAt(board, 'a', 'nowhere', 0)).toBe(board);
  });
});
