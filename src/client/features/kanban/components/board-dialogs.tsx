import Close from '@mui/icons-material/Close';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { BOARD_NAME_MAX } from '#shared/contract/kanban-limits.ts';
import type { KanbanBoard } from '#shared/contract/kanban.ts';

import {
  PeoplePicker,
  personAvatarSx,
  type Person,
} from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAddMember, useRemoveMember } from '../api/kanban-api.ts';

/** Asks a board's name (new board, rename). */
export function BoardNameDialog({
  title,
  action,
  initialName = '',
  loading,
  onSubmit,
  onClose,
}: {
  title: string;
  action: string;
  initialName?: string;
  loading: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('kanban.boards.newBoardName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: BOARD_NAME_MAX } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('kanban.boards.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={loading} disabled={!name.trim()}>
            {action}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The board's members: the owner invites (search by name) and removes; a member may leave. */
export function MembersDialog({
  board,
  onClose,
  onLeft,
}: {
  board: KanbanBoard;
  onClose: () => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user);
  const add = useAddMember();
  const remove = useRemoveMember();
  const [picked, setPicked] = useState<Person[]>([]);
  const isOwner = board.ownerId === me?.id;
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });

  const invite = async () => {
    for (const person of picked) {
      await add.mutateAsync({ boardId: board.id, userId: person.id }).catch(failed);
    }
    setPicked([]);
    enqueueSnackbar(t('kanban.boards.memberAdded'), { variant: 'success' });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('kanban.boards.membersTitle')}</DialogTitle>
      <DialogContent>
        {isOwner && !board.personal && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1, mb: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
              <PeoplePicker
                label={t('kanban.boards.invite')}
                placeholder={t('kanban.boards.invitePlaceholder')}
                value={picked}
                onChange={setPicked}
                excludeIds={board.members.map((member) => member.id)}
              />
            </Box>
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={picked.length === 0}
              loading={add.isPending}
              onClick={() => void invite()}
            >
              {t('kanban.boards.add')}
            </Button>
          </Stack>
        )}
        <List>
          {board.members.map((member) => (
            <ListItem
              key={member.id}
              secondaryAction={
                member.role !== 'owner' && (isOwner || member.id === me?.id) ? (
                  <IconButton
                    edge="end"
                    aria-label={
                      member.id === me?.id
                        ? t('kanban.boards.leave')
                        : t('kanban.boards.remove', { name: member.name })
                    }
                    onClick={() =>
                      remove.mutate(
                        { boardId: board.id, userId: member.id },
                        {
                          onSuccess: () => {
                            if (member.id === me?.id) {
                              enqueueSnackbar(t('kanban.boards.left'), { variant: 'success' });
                              onLeft();
                            } else {
                              enqueueSnackbar(t('kanban.boards.memberRemoved'), { variant: 'success' });
                            }
                          },
                          onError: failed,
                        },
                      )
                    }
                  >
                    <Close />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemAvatar>
                <Avatar alt="" src={member.avatarUrl ?? undefined} sx={personAvatarSx}>
                  {member.name.charAt(0)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={member.name}
                secondary={member.role === 'owner' ? t('kanban.boards.owner') : t('kanban.boards.member')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('kanban.drawer.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
