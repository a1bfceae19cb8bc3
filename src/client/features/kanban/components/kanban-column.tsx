import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CARD_NAME_MAX, COLUMN_NAME_MAX } from '#shared/contract/kanban-limits.ts';
import type { KanbanCard, KanbanColumn } from '#shared/contract/kanban.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useClearColumn, useDeleteColumn, useNewCard, useRenameColumn } from '../api/kanban-api.ts';
import { InlineNameForm } from './inline-name-form.tsx';
import { SortableCard } from './kanban-card.tsx';

export const COLUMN_WIDTH = 300;

type KanbanColumnViewProps = {
  column: KanbanColumn;
  cardIds: string[];
  cards: Record<string, KanbanCard>;
  onOpenCard: (cardId: string) => void;
};

/** A column: its name (rename inline), count and menu (rename, clear, delete), its cards, and "Add card". */
export function SortableColumn({ column, cardIds, cards, onOpenCard }: KanbanColumnViewProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: column.id, data: { type: 'column' } });
  const [renaming, setRenaming] = useState(false);
  const listId = `column-${column.id}`;

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={`${listId}-name`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        width: COLUMN_WIDTH,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 1,
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100'),
        borderRadius: 2,
        opacity: isDragging ? 0.5 : 1,
      }}
      elevation={0}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, px: 1, pt: 1.5, pb: 1 }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          size="small"
          aria-label={t('kanban.column.dragHandle', { name: column.name })}
          sx={{ cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicator fontSize="small" />
        </IconButton>
        {renaming ? (
          <RenameColumn column={column} onDone={() => setRenaming(false)} />
        ) : (
          <Typography
            id={`${listId}-name`}
            variant="h6"
            component="h2"
            noWrap
            sx={{ flexGrow: 1, fontSize: '1rem', cursor: 'text' }}
            onClick={() => setRenaming(true)}
          >
            {column.name}
          </Typography>
        )}
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', px: 0.75 }}
          aria-label={t('kanban.column.cardCount', { count: cardIds.length })}
        >
          {cardIds.length}
        </Typography>
        <ColumnMenu column={column} onRename={() => setRenaming(true)} />
      </Stack>
      <SortableContext id={column.id} items={cardIds} strategy={verticalListSortingStrategy}>
        <Box
          component="ul"
          aria-labelledby={`${listId}-name`}
          sx={{
            m: 0,
            px: 1,
            pb: 1,
            minHeight: 48,
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
          }}
        >
          {cardIds.map((id) => {
            const card = cards[id];
            return card ? <SortableCard key={id} card={card} onOpen={onOpenCard} /> : null;
          })}
        </Box>
      </SortableContext>
      <AddCard columnId={column.id} />
    </Paper>
  );
}

function RenameColumn({ column, onDone }: { column: KanbanColumn; onDone: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const rename = useRenameColumn();
  const [name, setName] = useState(column.name);
  const save = () => {
    const next = name.trim();
    onDone();
    if (!next || next === column.name) return;
    rename.mutate(
      { columnId: column.id, name: next },
      { onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }) },
    );
  };
  return (
    <InputBase
      autoFocus
      value={name}
      onChange={(event) => setName(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') onDone();
      }}
      inputProps={{ maxLength: COLUMN_NAME_MAX, 'aria-label': t('kanban.column.name') }}
      sx={{ flexGrow: 1, typography: 'h6', fontSize: '1rem' }}
    />
  );
}

function ColumnMenu({ column, onRename }: { column: KanbanColumn; onRename: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState<'clear' | 'delete' | null>(null);
  const clear = useClearColumn();
  const remove = useDeleteColumn();
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const run = () => {
    if (confirm === 'clear') {
      clear.mutate(column.id, {
        onSuccess: () => enqueueSnackbar(t('kanban.toast.columnCleared'), { variant: 'success' }),
        onError: failed,
        onSettled: () => setConfirm(null),
      });
    } else if (confirm === 'delete') {
      remove.mutate(column.id, {
        onSuccess: () => enqueueSnackbar(t('kanban.toast.columnDeleted'), { variant: 'success' }),
        onError: failed,
        onSettled: () => setConfirm(null),
      });
    }
  };
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('kanban.column.menu', { name: column.name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreHoriz fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(onRename)}>{t('kanban.column.rename')}</MenuItem>
        <MenuItem onClick={pick(() => setConfirm('clear'))}>{t('kanban.column.clear')}</MenuItem>
        <MenuItem onClick={pick(() => setConfirm('delete'))} sx={{ color: 'error.main' }}>
          {t('kanban.column.delete')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'clear' ? t('kanban.column.clearConfirmTitle') : t('kanban.column.deleteConfirmTitle')
        }
        content={
          confirm === 'clear'
            ? t('kanban.column.clearConfirm', { name: column.name })
            : t('kanban.column.deleteConfirm', { name: column.name })
        }
        action={confirm === 'clear' ? t('kanban.column.clear') : t('kanban.column.delete')}
        loading={clear.isPending || remove.isPending}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** "Add card": a name, Enter adds it at the end of the column and keeps the field open for the next. */
function AddCard({ columnId }: { columnId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useNewCard();
  return (
    <Box sx={{ p: 1, pt: 0, display: 'flex', flexDirection: 'column' }}>
      <InlineNameForm
        openLabel={t('kanban.card.addCard')}
        label={t('kanban.card.name')}
        placeholder={t('kanban.card.namePlaceholder')}
        maxLength={CARD_NAME_MAX}
        loading={create.isPending}
        buttonSx={{ justifyContent: 'flex-start' }}
        onSubmit={(name, done) =>
          create.mutate(
            { columnId, name },
            {
              onSuccess: done,
              onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
            },
          )
        }
      />
    </Box>
  );
}
