import { DndContext, MouseSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { KanbanCard } from '#shared/contract/kanban.ts';

import { renderRoutes } from '../../../testing/test-utils.tsx';
import { SortableCard } from './kanban-card.tsx';

const card = (id: number, extra: Partial<KanbanCard> = {}): KanbanCard => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  columnId: '00000000-0000-4000-8000-0000000000c1',
  name: `Card ${id}`,
  description: '',
  status: 'To do',
  priority: 'medium',
  labels: ['Planning'],
  due: { start: null, end: '2026-11-08T00:00:00.000Z' },
  assignees: [],
  reporter: null,
  completed: false,
  version: 1,
  commentCount: 2,
  attachmentCount: 0,
  cover: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/** A column's list as the board renders it (a click is a click until the pointer moves 6 px). */
function Column({ cards, onOpen }: { cards: KanbanCard[]; onOpen: (id: string) => void }) {
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 6 } }));
  return (
    <DndContext sensors={sensors}>
      <SortableContext items={cards.map((c) => c.id)}>
        <ul aria-label="To do">
          {cards.map((c) => (
            <SortableCard key={c.id} card={c} onOpen={onOpen} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function renderColumn(cards: KanbanCard[], onOpen = vi.fn()) {
  renderRoutes([{ path: '/', element: <Column cards={cards} onOpen={onOpen} /> }]);
  return { onOpen };
}

describe('a card on the board (issue #24: axe `list` and `label-content-name-mismatch`)', () => {
  it('is a list item holding a button named by the card’s own text, which opens the card', async () => {
    const cards = [card(1), card(2, { completed: true })];
    const { onOpen } = renderColumn(cards);
    const list = await screen.findByRole('list', { name: 'To do' });

    // The list holds list items only; each holds its card's button and the rest of its face.
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI', 'LI']);
    for (const item of list.children) expect(item.getAttribute('role')).toBeNull();
    const [first] = within(list).getAllByRole('listitem');
    const button = within(first!).getByRole('button', { name: 'Card 1' });
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.textContent).toBe('Card 1');
    expect(within(first!).getByLabelText('2 comments')).toBeTruthy();
    expect(within(first!).getByText('Planning')).toBeTruthy();

    await userEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(cards[0]!.id);
    within(list).getByRole('button', { name: 'Card 2' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(cards[1]!.id);
  });
});
