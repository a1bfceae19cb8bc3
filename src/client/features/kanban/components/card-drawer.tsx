import AttachFile from '@mui/icons-material/AttachFile';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ATTACHMENT_ACCEPT, FILE_LIMITS } from '#shared/contract/file-limits.ts';
import {
  CARD_DESCRIPTION_MAX,
  CARD_LABEL_MAX,
  CARD_LABELS_MAX,
  CARD_NAME_MAX,
  COMMENT_MAX,
  kanbanPriorities,
  type KanbanPriority,
} from '#shared/contract/kanban-limits.ts';
import type { KanbanBoard, KanbanCardDetail, UpdateCardInput } from '#shared/contract/kanban.ts';

import { AttachmentAction } from '../../../components/attachment-action/attachment-action.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { DatePickersProvider } from '../../../components/date-pickers/date-pickers-provider.tsx';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { PeoplePicker, personAvatarSx } from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { staleRecord } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData, fRelativeTime } from '../../../lib/format.ts';
import {
  kanbanKeys,
  uploadCardAttachment,
  useAddComment,
  useCardDetail,
  useDeleteCard,
  useDeleteComment,
  useMoveCard,
  useRefreshAfterUpload,
  useRemoveAttachment,
  useUpdateCard,
} from '../api/kanban-api.ts';
import { PriorityIcon } from './priority-icon.tsx';

type CardDrawerProps = { board: KanbanBoard; cardId: string; onClose: () => void };

/**
 * A card in full (its own chunk, with the pickers): every field saved as it changes with the version it was
 * read at (someone else's newer save wins: the drawer then shows theirs and says so), status, attachments
 * and comments.
 */
export function CardDrawer({ board, cardId, onClose }: CardDrawerProps) {
  const { t } = useTranslation();
  const card = useCardDetail(cardId);
  return (
    <DatePickersProvider>
      <Drawer
        anchor="right"
        open
        onClose={onClose}
        slotProps={{ paper: { sx: { width: { xs: 1, sm: 480 } } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
          <Box sx={{ flexGrow: 1 }} />
          <IconButton aria-label={t('kanban.drawer.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        {card.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        )}
        {card.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(card.error, t)}
          </Alert>
        )}
        {card.data && <CardEditor key={card.data.id} board={board} card={card.data} onClose={onClose} />}
      </Drawer>
    </DatePickersProvider>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '112px 1fr' },
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

function CardEditor({
  board,
  card,
  onClose,
}: {
  board: KanbanBoard;
  card: KanbanCardDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const update = useUpdateCard();
  const move = useMoveCard(board.id);
  const remove = useDeleteCard();
  const [name, setName] = useState(card.name);
  const [description, setDescription] = useState(card.description);
  const [confirming, setConfirming] = useState(false);
  const members = board.members.map(({ id, name: memberName, avatarUrl }) => ({
    id,
    name: memberName,
    avatarUrl,
  }));

  /** Saves `change` on top of the version shown; a stale one shows the card as it is now. */
  const save = (change: UpdateCardInput['card']) =>
    update.mutate(
      { cardId: card.id, version: card.version, card: change },
      {
        onError: (error) => {
          const fresh = staleRecord<KanbanCardDetail>(error);
          if (fresh) {
            queryClient.setQueryData(kanbanKeys.card(card.id), { card: { ...card, ...fresh } });
            setName(fresh.name);
            setDescription(fresh.description);
            enqueueSnackbar(t('kanban.drawer.stale'), { variant: 'warning' });
          } else {
            enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
          }
        },
      },
    );

  const moveTo = (columnId: string) => {
    const ids = board.columns[columnId]?.cardIds.filter((id) => id !== card.id) ?? [];
    move.mutate(
      { cardId: card.id, columnId, index: ids.length, beforeId: ids.at(-1) ?? null, afterId: null },
      { onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }) },
    );
  };

  return (
    <Box sx={{ overflowY: 'auto', p: 2.5, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          variant={card.completed ? 'contained' : 'outlined'}
          color="success"
          startIcon={<CheckCircleOutline />}
          aria-pressed={card.completed}
          onClick={() => save({ completed: !card.completed })}
        >
          {card.completed ? t('kanban.card.completed') : t('kanban.drawer.markComplete')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t('kanban.drawer.delete')}>
          <IconButton
            color="error"
            aria-label={t('kanban.drawer.delete')}
            onClick={() => setConfirming(true)}
          >
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
      <TextField
        label={t('kanban.drawer.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => name.trim() && name.trim() !== card.name && save({ name: name.trim() })}
        multiline
        slotProps={{ htmlInput: { maxLength: CARD_NAME_MAX } }}
        sx={{ '& textarea': { typography: 'h6' } }}
      />
      <Row label={t('kanban.drawer.status')}>
        <TextField
          select
          size="small"
          fullWidth
          value={card.columnId}
          onChange={(event) => moveTo(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': t('kanban.drawer.status') } }}
        >
          {board.columnOrder.map((id) => (
            <MenuItem key={id} value={id}>
              {board.columns[id]?.name}
            </MenuItem>
          ))}
        </TextField>
      </Row>
      <Row label={t('kanban.drawer.reporter')}>
        {card.reporter ? (
          <Chip
            avatar={<Avatar alt="" src={card.reporter.avatarUrl ?? undefined} sx={personAvatarSx} />}
            label={card.reporter.name}
            variant="outlined"
          />
        ) : (
          '—'
        )}
      </Row>
      <PeoplePicker
        label={t('kanban.drawer.assignees')}
        placeholder={t('kanban.drawer.assigneesPlaceholder')}
        options={members}
        value={card.assignees}
        onChange={(people) => save({ assigneeIds: people.map((person) => person.id) })}
      />
      <Autocomplete
        multiple
        freeSolo
        options={[]}
        value={card.labels}
        onChange={(_event, labels) =>
          save({
            labels: labels
              .map((label) => label.trim().slice(0, CARD_LABEL_MAX))
              .filter(Boolean)
              .slice(0, CARD_LABELS_MAX),
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('kanban.drawer.labels')}
            placeholder={t('kanban.drawer.labelsPlaceholder')}
          />
        )}
      />
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('kanban.drawer.due')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ '& > *': { flex: 1 } }}>
          <DatePicker
            label={t('kanban.drawer.dueStart')}
            value={card.due.start ? dayjs(card.due.start) : null}
            maxDate={card.due.end ? dayjs(card.due.end) : undefined}
            onChange={(value) =>
              value?.isValid() !== false &&
              save({ due: { start: value ? value.startOf('day').toISOString() : null, end: card.due.end } })
            }
            slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
          />
          <DatePicker
            label={t('kanban.drawer.dueEnd')}
            value={card.due.end ? dayjs(card.due.end) : null}
            minDate={card.due.start ? dayjs(card.due.start) : undefined}
            onChange={(value) =>
              value?.isValid() !== false &&
              save({ due: { start: card.due.start, end: value ? value.endOf('day').toISOString() : null } })
            }
            slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
          />
        </Stack>
      </Box>
      <Row label={t('kanban.priority.label')}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={card.priority}
          aria-label={t('kanban.priority.label')}
          onChange={(_event, priority: KanbanPriority | null) => priority && save({ priority })}
        >
          {kanbanPriorities.map((priority) => (
            <ToggleButton key={priority} value={priority} sx={{ gap: 0.5, px: 1.5 }}>
              <PriorityIcon priority={priority} />
              {t(`kanban.priority.${priority}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Row>
      <TextField
        label={t('kanban.drawer.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={() => description !== card.description && save({ description })}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: CARD_DESCRIPTION_MAX } }}
      />
      <Attachments card={card} />
      <Comments card={card} />
      <ConfirmDialog
        open={confirming}
        title={t('kanban.drawer.delete')}
        content={t('kanban.drawer.deleteConfirm', { name: card.name })}
        action={t('kanban.column.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(card.id, {
            onSuccess: () => {
              enqueueSnackbar(t('kanban.toast.cardDeleted'), { variant: 'success' });
              onClose();
            },
            onError: (error) => {
              setConfirming(false);
              enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function Attachments({ card }: { card: KanbanCardDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterUpload();
  const remove = useRemoveAttachment(card.id);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const hintId = useId();

  const upload = (file: File) => {
    setUploading({ name: file.name, progress: 0 });
    uploadCardAttachment(card.id, file, (progress) => setUploading({ name: file.name, progress }))
      .then(() => refresh())
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }))
      .finally(() => setUploading(null));
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t('kanban.drawer.attachments')}
        </Typography>
        <FileButton
          size="small"
          variant="outlined"
          startIcon={<AttachFile />}
          accept={ATTACHMENT_ACCEPT}
          describedBy={hintId}
          loading={uploading !== null}
          onFile={upload}
        >
          {t('kanban.drawer.upload')}
        </FileButton>
      </Stack>
      <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary' }}>
        {fData(FILE_LIMITS.kanban.maxBytes)}
      </Typography>
      {uploading && (
        <LinearProgress
          variant="determinate"
          value={uploading.progress * 100}
          aria-label={uploading.name}
          sx={{ my: 1 }}
        />
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
      >
        {card.attachments.map((file) => (
          <Box
            component="li"
            key={file.id}
            sx={{
              position: 'relative',
              width: 96,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            <Box
              component="a"
              href={file.url}
              target="_blank"
              rel="noopener"
              download={file.name}
              sx={{ display: 'block', color: 'inherit' }}
            >
              {file.mimeType.startsWith('image/') ? (
                <Box
                  component="img"
                  src={file.url}
                  alt={file.name}
                  sx={{ display: 'block', width: 96, height: 72, objectFit: 'cover' }}
                />
              ) : (
                <Box sx={{ height: 72, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  <InsertDriveFileOutlined />
                </Box>
              )}
              <Typography variant="caption" noWrap component="p" sx={{ px: 0.5 }}>
                {file.name}
              </Typography>
            </Box>
            <IconButton
              size="small"
              aria-label={t('kanban.drawer.removeAttachment', { name: file.name })}
              onClick={() =>
                remove.mutate(file.id, {
                  onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
                })
              }
              sx={{ position: 'absolute', top: 2, insetInlineEnd: 2, bgcolor: 'background.paper', p: 0.25 }}
            >
              <Close sx={{ fontSize: 14 }} />
            </IconButton>
            <Box
              sx={{
                position: 'absolute',
                top: 2,
                insetInlineStart: 2,
                bgcolor: 'background.paper',
                borderRadius: '50%',
              }}
            >
              <AttachmentAction file={file} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Comments({ card }: { card: KanbanCardDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user);
  const add = useAddComment(card.id);
  const remove = useDeleteComment();
  const [message, setMessage] = useState('');
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    add.mutate(message.trim(), { onSuccess: () => setMessage(''), onError: failed });
  };
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('kanban.drawer.comments')}
      </Typography>
      {card.comments.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('kanban.drawer.noComments')}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}>
        {card.comments.map((comment) => (
          <Stack component="li" key={comment.id} direction="row" spacing={1.5}>
            <Avatar
              alt=""
              src={comment.author.avatarUrl ?? undefined}
              sx={{ ...personAvatarSx, width: 32, height: 32 }}
            >
              {comment.author.name.charAt(0)}
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                <Typography variant="subtitle2">{comment.author.name}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {fRelativeTime(comment.createdAt)}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {comment.message}
              </Typography>
            </Box>
            {comment.author.id === me?.id && (
              <IconButton
                size="small"
                aria-label={t('kanban.drawer.deleteComment')}
                onClick={() => remove.mutate(comment.id, { onError: failed })}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
      </Stack>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={6}
          placeholder={t('kanban.drawer.commentPlaceholder')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: COMMENT_MAX, 'aria-label': t('kanban.drawer.commentPlaceholder') },
          }}
        />
        <Button type="submit" variant="contained" loading={add.isPending} disabled={!message.trim()}>
          {t('kanban.drawer.send')}
        </Button>
      </Box>
    </Box>
  );
}
