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
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { KanbanCard } from '#shared/contract/kanban.ts';

import { personAvatarSx } from '../../../components/people-picker/people-picker.tsx';
import { fDate } from '../../../lib/format.ts';
import { PriorityIcon } from './priority-icon.tsx';

/** The "+2" of an avatar group: readable (4.5:1) in light and dark. */
export const avatarSurplusSx = {
  '& .MuiAvatar-colorDefault': { bgcolor: 'text.secondary', color: 'background.paper' },
} as const;

type CardFaceProps = {
  card: KanbanCard;
  dragging?: boolean;
  /** Wraps the card's name (the board's cards make it the button that opens and drags the card). */
  nameWrapper?: (name: ReactNode) => ReactNode;
};

/**
 * What a card shows on the board: cover, name, labels, priority, due date, counts and assignees. A completed
 * card is muted with its cover and name only: its texts keep their contrast.
 */
export function CardFace({ card, dragging = false, nameWrapper = (name) => name }: CardFaceProps) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 1.5,
        boxShadow: dragging ? 8 : 0,
        bgcolor: 'background.paper',
      }}
    >
      {card.cover && (
        <Box
          component="img"
          src={card.cover}
          alt=""
          loading="lazy"
          sx={{
            display: 'block',
            width: 1,
            height: 120,
            objectFit: 'cover',
            opacity: card.completed ? 0.72 : 1,
          }}
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
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {nameWrapper(
              <Typography
                variant="subtitle2"
                sx={{ wordBreak: 'break-word', color: card.completed ? 'text.secondary' : undefined }}
              >
                {card.name}
              </Typography>,
            )}
          </Box>
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
            <AvatarGroup
              max={3}
              sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 11 }, ...avatarSurplusSx }}
            >
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
 * and opened (click, or Enter). The list item holds the card; its name is the button (named by its own text,
 * so the list has only list items and the button's name is what it shows), stretched over the whole card
 * so a click or a drag anywhere on it works.
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
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ listStyle: 'none', opacity: isDragging ? 0.4 : 1 }}
    >
      <CardFace
        card={card}
        nameWrapper={(name) => (
          <Box
            {...attributes}
            {...listeners}
            onKeyDown={onKeyDown}
            onClick={() => onOpen(card.id)}
            sx={{
              cursor: 'grab',
              touchAction: 'manipulation',
              outline: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1, borderRadius: 1.5 },
              '&:focus-visible::after': {
                outline: '2px solid',
                outlineColor: 'primary.main',
                outlineOffset: -2,
              },
            }}
          >
            {name}
          </Box>
        )}
      />
    </Box>
  );
}
