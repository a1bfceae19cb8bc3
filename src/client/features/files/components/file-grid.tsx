import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import AvatarGroup from '@mui/material/AvatarGroup';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileItem } from '#shared/contract/files.ts';

import { fData, fDate } from '../../../lib/format.ts';
import { FileItemMenu, type ItemAction } from './file-item-menu.tsx';
import { FileKindIcon } from './file-kind-icon.tsx';

/** The drag and drop of one item: dragged (to move it), and for folders dropped on. */
export type ItemDnd = {
  draggable: boolean;
  onDragStart?: (event: DragEvent) => void;
  onDragOver?: (event: DragEvent) => void;
  onDragLeave?: (event: DragEvent) => void;
  onDrop?: (event: DragEvent) => void;
  /** Something is held over this folder. */
  over: boolean;
};

type FileGridProps = {
  label: string;
  items: readonly FileItem[];
  inTrash: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onOpen: (item: FileItem) => void;
  onAction: (action: ItemAction, item: FileItem) => void;
  dnd: (item: FileItem) => ItemDnd;
  dimmed: boolean;
};

/** People an item is shared with, as small avatars (the count when more than shown). */
export function SharedAvatars({ item, size = 24 }: { item: FileItem; size?: number }) {
  const { t } = useTranslation();
  if (item.sharedCount === 0) return null;
  return (
    <AvatarGroup
      max={4}
      total={Math.max(item.sharedCount, item.sharedWith.length)}
      role="img"
      aria-label={t('files.sharedWithCount', { count: item.sharedCount })}
      sx={{
        justifyContent: 'flex-end',
        '& .MuiAvatar-root': { width: size, height: size, fontSize: size / 2.2 },
      }}
    >
      {item.sharedWith.map((person) => (
        <Avatar
          key={person.id}
          alt=""
          src={person.avatarUrl ?? undefined}
          sx={{ '&.MuiAvatar-colorDefault': { bgcolor: 'grey.600', color: 'common.white' } }}
        >
          {person.name.charAt(0)}
        </Avatar>
      ))}
    </AvatarGroup>
  );
}

/** A star that adds an item to favourites or takes it off (a toggle button). */
export function FavouriteToggle({
  item,
  onAction,
}: {
  item: FileItem;
  onAction: (action: ItemAction, item: FileItem) => void;
}) {
  const { t } = useTranslation();
  const label = t(item.favourite ? 'files.actions.unfavourite' : 'files.actions.favourite');
  return (
    <IconButton
      size="small"
      aria-label={`${label}: ${item.name}`}
      aria-pressed={item.favourite}
      onClick={(event) => {
        event.stopPropagation();
        onAction('favourite', item);
      }}
    >
      {item.favourite ? (
        <Star fontSize="small" sx={{ color: 'warning.main' }} />
      ) : (
        <StarBorder fontSize="small" />
      )}
    </IconButton>
  );
}

/**
 * The grid layout: a card per item (folders first, as the server sends them) with a thumbnail for
 * pictures and an icon for the rest; one column on a phone. The name opens a folder or shows a file's
 * details; folders take dropped files and items.
 */
export function FileGrid({
  label,
  items,
  inTrash,
  selected,
  onToggle,
  onOpen,
  onAction,
  dnd,
  dimmed,
}: FileGridProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: 'repeat(4, minmax(0, 1fr))',
        },
        opacity: dimmed ? 0.6 : 1,
        transition: 'opacity 0.2s',
      }}
    >
      {items.map((item) => {
        const drag = dnd(item);
        const isSelected = selected.has(item.id);
        const meta =
          item.type === 'folder'
            ? t('files.grid.folder')
            : `${fData(item.size)} · ${fDate(item.deletedAt ?? item.updatedAt)}`;
        return (
          <Box component="li" key={item.id} sx={{ listStyle: 'none', minWidth: 0 }}>
            <Card
              variant="outlined"
              data-item={item.name}
              draggable={drag.draggable}
              onDragStart={drag.onDragStart}
              onDragOver={drag.onDragOver}
              onDragLeave={drag.onDragLeave}
              onDrop={drag.onDrop}
              sx={{
                position: 'relative',
                height: 1,
                borderColor: drag.over ? 'primary.main' : isSelected ? 'primary.light' : 'divider',
                borderWidth: drag.over ? 2 : 1,
                bgcolor: drag.over || isSelected ? 'action.selected' : 'background.paper',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', px: 1, pt: 1 }}>
                <Checkbox
                  size="small"
                  checked={isSelected}
                  onChange={(event) => onToggle(item.id, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('common.table.selectRow', { name: item.name }) } }}
                />
                <Box sx={{ flexGrow: 1 }} />
                {!inTrash && <FavouriteToggle item={item} onAction={onAction} />}
                <FileItemMenu item={item} inTrash={inTrash} onAction={onAction} />
              </Stack>
              <ButtonBase
                onClick={() => onOpen(item)}
                aria-label={t('files.actions.open', { name: item.name })}
                sx={{ display: 'block', width: 1, textAlign: 'start', px: 2, pb: 0.5 }}
              >
                <Box
                  sx={{
                    height: 112,
                    mb: 1.5,
                    borderRadius: 1,
                    bgcolor: 'background.neutral',
                    display: 'grid',
                    placeItems: 'center',
                    overflow: 'hidden',
                  }}
                >
                  {item.thumbnailUrl ? (
                    <Box
                      component="img"
                      src={item.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      draggable={false}
                      sx={{ width: 1, height: 1, objectFit: 'cover' }}
                    />
                  ) : (
                    <FileKindIcon kind={item.kind} sx={{ fontSize: 56 }} />
                  )}
                </Box>
                <Typography
                  variant="subtitle2"
                  noWrap
                  title={item.name}
                  component="span"
                  sx={{ display: 'block' }}
                >
                  {item.name}
                </Typography>
              </ButtonBase>
              {/* Outside the button: its name says what it opens, and WCAG's "label in name" wants every
                  word it shows in that name (axe: label-content-name-mismatch). */}
              <Stack
                direction="row"
                onClick={() => onOpen(item)}
                sx={{ alignItems: 'center', gap: 1, minHeight: 24, px: 2, pb: 2, cursor: 'pointer' }}
              >
                <Typography
                  variant="caption"
                  sx={{ color: 'text.secondary', flexGrow: 1 }}
                  noWrap
                  component="span"
                >
                  {inTrash && item.originalPath ? item.originalPath : meta}
                </Typography>
                <SharedAvatars item={item} size={22} />
              </Stack>
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
