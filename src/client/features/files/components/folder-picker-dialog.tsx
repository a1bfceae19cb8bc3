import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Folder from '@mui/icons-material/Folder';
import FolderSpecialOutlined from '@mui/icons-material/FolderSpecialOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFolderTree } from '../api/files-api.ts';

type Target = { id: string | null; path: string[] };

/** One level of the tree: the folders in `parentId`, each opening its own level on demand. */
function Level({
  parentId,
  path,
  exclude,
  target,
  onPick,
  depth,
}: {
  parentId: string | null;
  path: string[];
  exclude: ReadonlySet<string>;
  target: Target;
  onPick: (target: Target) => void;
  depth: number;
}) {
  const { t } = useTranslation();
  const folders = useFolderTree(parentId);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  if (folders.isPending) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', paddingInlineStart: 2 + depth * 2, py: 1 }}>
        {t('files.moveDialog.loading')}
      </Typography>
    );
  }
  const shown = (folders.data ?? []).filter((folder) => folder.access !== 'view');
  if (shown.length === 0) {
    return depth > 0 ? (
      <Typography
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary', paddingInlineStart: 2 + depth * 2, py: 0.5 }}
      >
        {t('files.moveDialog.noSubfolders')}
      </Typography>
    ) : null;
  }
  return (
    <List dense disablePadding>
      {shown.map((folder) => {
        const isOpen = open.has(folder.id);
        const excluded = exclude.has(folder.id);
        const folderPath = [...path, folder.name];
        return (
          <Box component="li" key={folder.id} sx={{ listStyle: 'none' }}>
            <ListItem
              component="div"
              disablePadding
              secondaryAction={undefined}
              sx={{ paddingInlineStart: depth * 2 }}
            >
              <IconButton
                size="small"
                aria-label={t('files.moveDialog.expand', { name: folder.name })}
                aria-expanded={isOpen}
                disabled={!folder.hasChildren || excluded}
                onClick={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (next.has(folder.id)) next.delete(folder.id);
                    else next.add(folder.id);
                    return next;
                  })
                }
                sx={{ visibility: folder.hasChildren ? 'visible' : 'hidden' }}
              >
                {isOpen ? (
                  <ExpandMore fontSize="small" />
                ) : (
                  <ChevronRight
                    fontSize="small"
                    sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
                  />
                )}
              </IconButton>
              <ListItemButton
                selected={target.id === folder.id}
                aria-pressed={target.id === folder.id}
                disabled={excluded}
                onClick={() => onPick({ id: folder.id, path: folderPath })}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <Folder fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
                </ListItemIcon>
                <ListItemText primary={folder.name} slotProps={{ primary: { noWrap: true } }} />
              </ListItemButton>
            </ListItem>
            {isOpen && (
              <Level
                parentId={folder.id}
                path={folderPath}
                exclude={exclude}
                target={target}
                onPick={onPick}
                depth={depth + 1}
              />
            )}
          </Box>
        );
      })}
    </List>
  );
}

const titles = {
  move: 'files.moveDialog.move',
  copy: 'files.moveDialog.copy',
  save: 'files.saveTo.title',
} as const;
const confirms = {
  move: 'files.moveDialog.moveHere',
  copy: 'files.moveDialog.copyHere',
  save: 'files.saveTo.saveHere',
} as const;

/**
 * Move, copy or save (an attachment, "Save to files"): the folder tree of My files (opened level by level), the chosen place written out, and the
 * confirming button. The moved folders themselves cannot be chosen (nor opened: no folder goes into itself).
 */
export function FolderPickerDialog({
  mode,
  names,
  exclude,
  loading,
  onPick,
  onClose,
}: {
  mode: 'move' | 'copy' | 'save';
  /** The names of what is moved (the title names one, or counts them). */
  names: string[];
  exclude: readonly string[];
  loading: boolean;
  onPick: (parentId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [target, setTarget] = useState<Target>({ id: null, path: [] });
  const root = t('files.root');
  const excluded = new Set(exclude);
  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(titles[mode], {
          count: names.length,
          name: names[0] ?? '',
        })}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 1 }}>
        <Box
          role="group"
          aria-label={t('files.moveDialog.tree')}
          sx={{ minHeight: 240, maxHeight: 420, overflowY: 'auto' }}
        >
          <ListItemButton
            selected={target.id === null}
            aria-pressed={target.id === null}
            onClick={() => setTarget({ id: null, path: [] })}
            sx={{ borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <FolderSpecialOutlined fontSize="small" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={root} />
          </ListItemButton>
          <Level parentId={null} path={[]} exclude={excluded} target={target} onPick={setTarget} depth={1} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" sx={{ flexGrow: 1, color: 'text.secondary', minWidth: 0 }} noWrap>
          {t('files.moveDialog.to', { path: [root, ...target.path].join(' / ') })}
        </Typography>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" loading={loading} onClick={() => onPick(target.id)}>
          {t(confirms[mode])}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
