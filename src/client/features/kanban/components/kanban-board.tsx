import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import {
  closestCenter,
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { COLUMN_NAME_MAX } from '#shared/contract/kanban-limits.ts';
import type { KanbanBoard } from '#shared/contract/kanban.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useMoveCard, useMoveColumn, useNewColumn } from '../api/kanban-api.ts';
import { InlineNameForm } from './inline-name-form.tsx';
import { CardFace } from './kanban-card.tsx';
import { COLUMN_WIDTH, SortableColumn } from './kanban-column.tsx';

type Items = Record<string, string[]>;

const itemsOf = (board: KanbanBoard): Items =>
  Object.fromEntries(board.columnOrder.map((id) => [id, board.columns[id]?.cardIds ?? []]));

/** The column that holds `id` (a card's id, or a column's own id). */
function containerOf(items: Items, id: UniqueIdentifier): string | undefined {
  const key = String(id);
  if (key in items) return key;
  return Object.keys(items).find((column) => items[column]!.includes(key));
}

/** Neighbours of the item at `index` once moved: what the server places it between. */
const neighbours = (list: string[], index: number) => ({
  beforeId: list[index - 1] ?? null,
  afterId: list[index + 1] ?? null,
});

/**
 * The board: columns side by side (scrolling sideways on a phone; right to left in Arabic), cards and columns
 * dragged with dnd-kit by mouse, touch or keyboard. A move shows at once and is saved as one row (the
 * server places it between its new neighbours); refused, it goes back with a toast.
 */
export function KanbanBoardView({
  board,
  onOpenCard,
}: {
  board: KanbanBoard;
  onOpenCard: (cardId: string) => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const moveCard = useMoveCard(board.id);
  const moveColumn = useMoveColumn(board.id);
  // While a card is dragged, where it is shown (across columns) is local until it is dropped.
  const [dragItems, setDragItems] = useState<Items | null>(null);
  const [active, setActive] = useState<{ id: string; type: 'card' | 'column' } | null>(null);
  const boardItems = useMemo(() => itemsOf(board), [board]);
  const items = dragItems ?? boardItems;

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter opens a card; Space picks it up and drops it.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  /** Columns collide with columns only; cards with the nearest card or column. */
  const collisionDetection: CollisionDetection = (args) => {
    if (active?.type === 'column') {
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => c.data.current?.type === 'column'),
      });
    }
    return closestCorners(args);
  };

  const refused = (error: unknown) =>
    enqueueSnackbar(t('kanban.toast.moveRefused', { message: errorMessage(error, t) }), { variant: 'error' });

  const onDragStart = ({ active: dragged }: DragStartEvent) => {
    const type = dragged.data.current?.type === 'column' ? 'column' : 'card';
    setActive({ id: String(dragged.id), type });
    if (type === 'card') setDragItems(boardItems);
  };

  /** A card over another column moves there now (so that column makes room for it). */
  const onDragOver = ({ active: dragged, over }: DragOverEvent) => {
    if (active?.type !== 'card' || !over) return;
    setDragItems((current) => {
      const state = current ?? boardItems;
      const from = containerOf(state, dragged.id);
      const to = containerOf(state, over.id);
      if (!from || !to || from === to) return current;
      const target = state[to]!;
      const overIndex = target.indexOf(String(over.id));
      const index = overIndex >= 0 ? overIndex : target.length;
      return {
        ...state,
        [from]: state[from]!.filter((id) => id !== String(dragged.id)),
        [to]: [...target.slice(0, index), String(dragged.id), ...target.slice(index)],
      };
    });
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    const state = dragItems ?? boardItems;
    const kind = active?.type;
    setActive(null);
    setDragItems(null);
    if (!over) return;
    if (kind === 'column') {
      const from = board.columnOrder.indexOf(String(dragged.id));
      const to = board.columnOrder.indexOf(String(over.id));
      if (from < 0 || to < 0 || from === to) return;
      const order = arrayMove(board.columnOrder, from, to);
      moveColumn.mutate(
        { columnId: String(dragged.id), ...neighbours(order, to), order },
        { onError: refused },
      );
      return;
    }
    const column = containerOf(state, dragged.id);
    if (!column) return;
    let list = state[column]!;
    const from = list.indexOf(String(dragged.id));
    const overIndex = list.indexOf(String(over.id));
    if (overIndex >= 0 && overIndex !== from) list = arrayMove(list, from, overIndex);
    const index = list.indexOf(String(dragged.id));
    const original = boardItems[column] ?? [];
    if (
      original.indexOf(String(dragged.id)) === index &&
      board.cards[String(dragged.id)]?.columnId === column
    )
      return;
    moveCard.mutate(
      { cardId: String(dragged.id), columnId: column, index, ...neighbours(list, index) },
      { onError: refused },
    );
  };

  const nameOf = (id: UniqueIdentifier) =>
    board.cards[String(id)]?.name ?? board.columns[String(id)]?.name ?? '';
  const placeOf = (id: UniqueIdentifier) => {
    const column = containerOf(items, id);
    if (!column) return { column: '', position: 0 };
    if (column === String(id))
      return { column: board.columns[column]?.name ?? '', position: board.columnOrder.indexOf(column) + 1 };
    return { column: board.columns[column]?.name ?? '', position: items[column]!.indexOf(String(id)) + 1 };
  };
  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) => t('kanban.dnd.pickedUp', { name: nameOf(dragged.id) }),
    onDragOver: ({ active: dragged, over }) =>
      over ? t('kanban.dnd.movedOver', { name: nameOf(dragged.id), ...placeOf(over.id) }) : undefined,
    onDragEnd: ({ active: dragged, over }) =>
      over ? t('kanban.dnd.dropped', { name: nameOf(dragged.id), ...placeOf(over.id) }) : undefined,
    onDragCancel: ({ active: dragged }) => t('kanban.dnd.cancelled', { name: nameOf(dragged.id) }),
  };

  const activeCard = active?.type === 'card' ? board.cards[active.id] : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null);
        setDragItems(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.dnd.instructions') } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 2,
          overflowX: 'auto',
          pb: 2,
          minHeight: 480,
          scrollSnapType: { xs: 'x proximity', sm: 'none' },
          '& > *': { scrollSnapAlign: 'start' },
        }}
      >
        <SortableContext items={board.columnOrder} strategy={horizontalListSortingStrategy}>
          {board.columnOrder.map((columnId) => {
            const column = board.columns[columnId];
            return column ? (
              <SortableColumn
                key={columnId}
                column={column}
                cardIds={items[columnId] ?? []}
                cards={board.cards}
                onOpenCard={onOpenCard}
              />
            ) : null;
          })}
        </SortableContext>
        <NewColumn boardId={board.id} />
      </Box>
      <DragOverlay>{activeCard ? <CardFace card={activeCard} dragging /> : null}</DragOverlay>
    </DndContext>
  );
}

function NewColumn({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useNewColumn();
  return (
    <Paper
      variant="outlined"
      sx={{
        width: COLUMN_WIDTH,
        flexShrink: 0,
        p: 1,
        borderStyle: 'dashed',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <InlineNameForm
        openLabel={t('kanban.column.newColumn')}
        label={t('kanban.column.name')}
        maxLength={COLUMN_NAME_MAX}
        loading={create.isPending}
        closeAfter
        onSubmit={(name, done) =>
          create.mutate(
            { boardId, name },
            {
              onSuccess: done,
              onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
            },
          )
        }
      />
    </Paper>
  );
}
