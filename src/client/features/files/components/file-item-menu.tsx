import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileItem } from '#shared/contract/files.ts';

export type ItemAction =
  | 'details'
  | 'download'
  | 'share'
  | 'rename'
  | 'move'
  | 'copy'
  | 'favourite'
  | 'trash'
  | 'restore'
  | 'deleteForever';

/** What the caller may do with an item where it is shown (the server checks again). */
export function itemActions(item: FileItem, inTrash: boolean): ItemAction[] {
  if (inTrash) return ['restore', 'deleteForever'];
  const canEdit = item.access !== 'view';
  return [
    'details',
    'download',
    ...(item.access === 'owner' ? (['share'] as const) : []),
    ...(canEdit ? (['rename', 'move'] as const) : []),
    'copy',
    'favourite',
    ...(canEdit ? (['trash'] as const) : []),
  ];
}

/** An item's "more" button and its menu of actions. */
export function FileItemMenu({
  item,
  inTrash,
  onAction,
}: {
  item: FileItem;
  inTrash: boolean;
  onAction: (action: ItemAction, item: FileItem) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = (action: ItemAction) =>
    action === 'favourite'
      ? t(item.favourite ? 'files.actions.unfavourite' : 'files.actions.favourite')
      : action === 'trash'
        ? t('files.actions.delete')
        : t(`files.actions.${action}`);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('files.actions.more', { name: item.name })}
        aria-haspopup="menu"
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {itemActions(item, inTrash).map((action) => (
          <MenuItem
            key={action}
            sx={action === 'trash' || action === 'deleteForever' ? { color: 'error.main' } : undefined}
            onClick={() => {
              close();
              onAction(action, item);
            }}
          >
            {label(action)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
