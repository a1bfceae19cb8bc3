import AttachFile from '@mui/icons-material/AttachFile';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { KanbanCard } from '#shared/contract/kanban.ts';

import { personAvatarSx } from '../../../components/people-picker/people-picker.tsx';
import { fDate } from '../../../lib/format.ts';
import { PriorityIcon } from './priority-icon.tsx';

/** What a card shows on the board: cover, name, labels, priority, due date, counts and assignees. */
export function CardFace({ card, dragging = false }: { card: KanbanCard; dragging?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        overflow: 'hidden',
        borderRadius: 1.5,
        boxShadow: dragging ? 8 : 0,
        opacity: card.completed ? 0.72 : 1,
        bgcolor: 'background.paper',
      }}
    >
      {card.cover && (
        <Box
          component="img"
          src={card.cover}
          alt=""
          loading="lazy"
          sx={{ display: 'block', width: 1, height: 120, objectFit: 'cover' }}
        />
      )}
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {card.completed && (
            <CheckCircle
              fontSize="small"
              sx={{ color: 'success.main' }}
              aria-label={t('kanban.card.completed')}
            />
          )}
          <Typography variant="subtitle2" sx={{ flexGrow: 1, wordBreak: 'break-word' }}>
            {card.name}
          </Typography>
          <Box title={t(`kanban.priority.${card.priority}`)} sx={{ display: 'flex' }}>
            <PriorityIcon priority={card.priority} />
          </Box>
        </Stack>
        {card.labels.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {card.labels.map((label) => (
              <Chip key={label} label={label} size="small" variant="outlined" color="info" />
            ))}
          </Box>
        )}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          {card.due.end && (
            <Typography variant="caption">{t('kanban.card.due', { date: fDate(card.due.end) })}</Typography>
          )}
          {card.commentCount > 0 && (
            <Stack
              direction="row"
              spacing={0.25}
              sx={{ alignItems: 'center' }}
              aria-label={t('kanban.card.comments', { count: card.commentCount })}
            >
              <ChatBubbleOutline sx={{ fontSize: 14 }} />
              <Typography variant="caption">{card.commentCount}</Typography>
            </Stack>
          )}
          {card.attachmentCount > 0 && (
            <Stack
              direction="row"
              spacing={0.25}
              sx={{ alignItems: 'center' }}
              aria-label={t('kanban.card.attachments', { count: card.attachmentCount })}
            >
              <AttachFile sx={{ fontSize: 14 }} />
              <Typography variant="caption">{card.attachmentCount}</Typography>
            </Stack>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {card.assignees.length > 0 && (
            <AvatarGroup max={3} sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 11 } }}>
              {card.assignees.map((person) => (
                <Avatar
                  key={person.id}
                  alt={person.name}
                  src={person.avatarUrl ?? undefined}
                  title={person.name}
                  sx={personAvatarSx}
                />
              ))}
            </AvatarGroup>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * A card that can be dragged (mouse, touch, or the keyboard: Space picks it up, arrows move it, Space drops)
 * and opened (click, or Enter).
 */
export function SortableCard({ card, onOpen }: { card: KanbanCard; onOpen: (cardId: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    data: { type: 'card', columnId: card.columnId },
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen(card.id);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <Box
      component="li"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      aria-label={card.name}
      onClick={() => onOpen(card.id)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        listStyle: 'none',
        cursor: 'grab',
        touchAction: 'manipulation',
        opacity: isDragging ? 0.4 : 1,
        borderRadius: 1.5,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CardFace card={card} />
    </Box>
  );
}
