import Add from '@mui/icons-material/Add';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { personAvatarSx } from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import {
  useBoard,
  useBoards,
  useDeleteBoard,
  useKanbanLive,
  useNewBoard,
  useRenameBoard,
} from '../api/kanban-api.ts';
import { BoardNameDialog, MembersDialog } from '../components/board-dialogs.tsx';
import { KanbanBoardView } from '../components/kanban-board.tsx';
import { avatarSurplusSx } from '../components/kanban-card.tsx';

// The card drawer (pickers, uploads, comments) loads when a card is opened.
const CardDrawer = lazy(() =>
  import('../components/card-drawer.tsx').then((m) => ({ default: m.CardDrawer })),
);

type Dialog = 'new' | 'rename' | 'delete' | 'members' | null;

/**
 * `/dashboard/kanban` (issue #12): the last used board (or `?board=`), a switcher with "New board", the
 * members, and the board; `?card=` opens a card. Members' changes arrive live.
 */
export function KanbanView() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user);
  const [params, setParams] = useSearchParams();
  const boardParam = params.get('board') ?? '';
  const cardId = params.get('card');
  const boards = useBoards();
  const board = useBoard(boardParam);
  const createBoard = useNewBoard();
  const renameBoard = useRenameBoard();
  const deleteBoard = useDeleteBoard();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  useKanbanLive();

  const go = (next: { board?: string | null; card?: string | null }) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) copy.set(key, value);
          else copy.delete(key);
        }
        return copy;
      },
      { replace: 'card' in next && !('board' in next) ? false : true },
    );
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const current = board.data;
  const isOwner = current?.ownerId === me?.id;
  const boardName = (b: { name: string; personal: boolean }) =>
    b.personal ? `${b.name} (${t('kanban.boards.personal')})` : b.name;

  return (
    <>
      <PageHeading
        title={t('kanban.heading')}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog('new')}>
            {t('kanban.boards.newBoard')}
          </Button>
        }
      />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 3, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('kanban.boards.switcher')}
          value={current?.id ?? ''}
          onChange={(event) => go({ board: event.target.value, card: null })}
          sx={{ width: { xs: 1, sm: 320 } }}
          disabled={!boards.data}
        >
          {(boards.data?.boards ?? []).map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {boardName(b)}
            </MenuItem>
          ))}
          {current && !boards.data?.boards.some((b) => b.id === current.id) && (
            <MenuItem value={current.id}>{boardName(current)}</MenuItem>
          )}
        </TextField>
        {current && (
          <>
            <Button color="inherit" startIcon={<GroupOutlined />} onClick={() => setDialog('members')}>
              {/* The button is named by this text; the faces say nothing more (and show a "+N"). */}
              <Box component="span" sx={visuallyHidden}>
                {`${t('kanban.boards.members')} (${current.members.length})`}
              </Box>
              <AvatarGroup
                max={4}
                aria-hidden
                sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 12 }, ...avatarSurplusSx }}
              >
                {current.members.map((member) => (
                  <Avatar
                    key={member.id}
                    alt={member.name}
                    src={member.avatarUrl ?? undefined}
                    sx={personAvatarSx}
                  />
                ))}
              </AvatarGroup>
            </Button>
            {isOwner && (
              <>
                <IconButton
                  aria-label={t('kanban.boards.switcher')}
                  aria-haspopup="menu"
                  onClick={(event) => setMenu(event.currentTarget)}
                >
                  <MoreVert />
                </IconButton>
                <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
                  <MenuItem
                    onClick={() => {
                      setMenu(null);
                      setDialog('rename');
                    }}
                  >
                    {t('kanban.boards.rename')}
                  </MenuItem>
                  {!current.personal && (
                    <MenuItem
                      sx={{ color: 'error.main' }}
                      onClick={() => {
                        setMenu(null);
                        setDialog('delete');
                      }}
                    >
                      {t('kanban.boards.delete')}
                    </MenuItem>
                  )}
                </Menu>
              </>
            )}
          </>
        )}
      </Stack>

      {board.isPending && (
        <Stack direction="row" spacing={2} sx={{ overflow: 'hidden' }}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" width={300} height={420} sx={{ flexShrink: 0 }} />
          ))}
        </Stack>
      )}
      {board.isError && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => (boardParam ? go({ board: null }) : void board.refetch())}
            >
              {t('kanban.retry')}
            </Button>
          }
        >
          {t('kanban.loadFailed')} {errorMessage(board.error, t)}
        </Alert>
      )}
      {current && <KanbanBoardView board={current} onOpenCard={(id) => go({ card: id })} />}

      <Suspense>
        {current && cardId && current.cards[cardId] && (
          <CardDrawer board={current} cardId={cardId} onClose={() => go({ card: null })} />
        )}
      </Suspense>
      {dialog === 'new' && (
        <BoardNameDialog
          title={t('kanban.boards.newBoard')}
          action={t('kanban.boards.create')}
          loading={createBoard.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(name) =>
            createBoard.mutate(name, {
              onSuccess: ({ board: created }) => {
                setDialog(null);
                enqueueSnackbar(t('kanban.boards.created'), { variant: 'success' });
                go({ board: created.id, card: null });
              },
              onError: failed,
            })
          }
        />
      )}
      {dialog === 'rename' && current && (
        <BoardNameDialog
          title={t('kanban.boards.rename')}
          action={t('kanban.drawer.save')}
          initialName={current.name}
          loading={renameBoard.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(name) =>
            renameBoard.mutate(
              { boardId: current.id, name },
              { onSuccess: () => setDialog(null), onError: failed },
            )
          }
        />
      )}
      {dialog === 'members' && current && (
        <MembersDialog
          board={current}
          onClose={() => setDialog(null)}
          onLeft={() => {
            setDialog(null);
            go({ board: null, card: null });
          }}
        />
      )}
      {current && (
        <ConfirmDialog
          open={dialog === 'delete'}
          title={t('kanban.boards.delete')}
          content={t('kanban.boards.deleteConfirm', { name: current.name })}
          action={t('kanban.column.delete')}
          loading={deleteBoard.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            deleteBoard.mutate(current.id, {
              onSuccess: () => {
                setDialog(null);
                enqueueSnackbar(t('kanban.boards.deleted'), { variant: 'success' });
                go({ board: null, card: null });
              },
              onError: failed,
            })
          }
        />
      )}
    </>
  );
}
