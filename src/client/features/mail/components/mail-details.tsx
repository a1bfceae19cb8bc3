import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardOutlined from '@mui/icons-material/ForwardOutlined';
import LabelImportant from '@mui/icons-material/LabelImportant';
import LabelImportantOutlined from '@mui/icons-material/LabelImportantOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReplyAllOutlined from '@mui/icons-material/ReplyAllOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import ReportOutlined from '@mui/icons-material/ReportOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import Star from '@mui/icons-material/Star';
import StarOutline from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

import type { Mail, MailAction, MailAddress, MailLabel } from '#shared/contract/mail.ts';

import { AttachmentAction } from '../../../components/attachment-action/attachment-action.tsx';
import { fData, fDateTime } from '../../../lib/format.ts';
import { useApplyLabels, useMail } from '../api/mail-api.ts';

export type MailCommand = MailAction | 'deleteForever' | 'reply' | 'replyAll' | 'forward' | 'editDraft';

type MailDetailsProps = {
  mailId: string;
  labels: MailLabel[];
  onCommand: (command: MailCommand, mail: Mail) => void;
  onBack: () => void;
};

const addresses = (list: MailAddress[]) =>
  list.map((a) => (a.name && a.name !== a.email ? `${a.name} <${a.email}>` : a.email)).join(', ');

/** One mail: its labels, actions for its folder, who wrote to whom, the sanitised body and attachments. */
export function MailDetails({ mailId, labels, onCommand, onBack }: MailDetailsProps) {
  const { t } = useTranslation();
  const query = useMail(mailId);
  const applyLabels = useApplyLabels();
  const [labelMenu, setLabelMenu] = useState<HTMLElement | null>(null);

  const back = (
    <IconButton onClick={onBack} aria-label={t('mail.backToList')} sx={{ display: { md: 'none' } }}>
      <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
    </IconButton>
  );
  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: 1 }}>
        <CircularProgress size={28} aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Stack sx={{ p: 2 }} spacing={2}>
        {back}
        <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('mail.notFound')}</Typography>
      </Stack>
    );
  }
  const { mail } = query.data;
  const act = (command: MailCommand) => () => onCommand(command, mail);
  const button = (command: MailCommand, label: string, icon: ReactElement, pressed?: boolean) => (
    <Tooltip title={label} key={command}>
      <IconButton
        onClick={act(command)}
        aria-label={label}
        aria-pressed={pressed}
        sx={pressed ? { color: command === 'unstar' ? 'warning.main' : 'error.main' } : undefined}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
  const inTrash = mail.folder === 'trash';
  const inSpam = mail.folder === 'spam';
  const own = labels.filter((l) => l.type === 'custom' && mail.labelIds.includes(l.id));

  return (
    <Stack sx={{ height: 1, minHeight: 0 }}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        {back}
        {mail.isStarred
          ? button('unstar', t('mail.actions.unstar'), <Star />, true)
          : button('star', t('mail.actions.star'), <StarOutline />)}
        {mail.isImportant
          ? button('unimportant', t('mail.actions.unimportant'), <LabelImportant />, true)
          : button('important', t('mail.actions.important'), <LabelImportantOutlined />)}
        {button('unread', t('mail.actions.unread'), <MarkEmailUnreadOutlined />)}
        {(mail.folder === 'inbox' || inSpam) &&
          button('archive', t('mail.actions.archive'), <ArchiveOutlined />)}
        {inSpam
          ? button('notSpam', t('mail.actions.notSpam'), <ReportOutlined />)
          : (mail.folder === 'inbox' || mail.folder === 'archive') &&
            button('spam', t('mail.actions.spam'), <ReportOutlined />)}
        {inTrash
          ? button('restore', t('mail.actions.restore'), <RestoreFromTrashOutlined />)
          : button('trash', t('mail.actions.trash'), <DeleteOutlined />)}
        {(inTrash || inSpam) &&
          button('deleteForever', t('mail.actions.deleteForever'), <DeleteForeverOutlined />)}
        {labels.some((l) => l.type === 'custom') && (
          <Tooltip title={t('mail.actions.labels')}>
            <IconButton
              aria-label={t('mail.actions.labels')}
              aria-haspopup="menu"
              onClick={(event) => setLabelMenu(event.currentTarget)}
            >
              <LabelOutlined />
            </IconButton>
          </Tooltip>
        )}
        <Menu anchorEl={labelMenu} open={Boolean(labelMenu)} onClose={() => setLabelMenu(null)}>
          {labels
            .filter((l) => l.type === 'custom')
            .map((label) => {
              const on = mail.labelIds.includes(label.id);
              return (
                <MenuItem
                  key={label.id}
                  role="menuitemcheckbox"
                  aria-checked={on}
                  onClick={() =>
                    applyLabels.mutate({
                      ids: [mail.id],
                      ...(on ? { remove: [label.id] } : { add: [label.id] }),
                    })
                  }
                >
                  <Checkbox
                    size="small"
                    checked={on}
                    tabIndex={-1}
                    sx={{ p: 0, mr: 1 }}
                    slotProps={{ input: { 'aria-hidden': true } }}
                  />
                  <ListItemText primary={label.name} />
                </MenuItem>
              );
            })}
        </Menu>
      </Stack>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0, p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h2" dir="auto" sx={{ mb: 1 }}>
          {mail.subject || t('mail.noSubject')}
        </Typography>
        {own.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            {own.map((label) => (
              <Chip
                key={label.id}
                size="small"
                label={label.name}
                color={label.color ?? 'default'}
                variant="outlined"
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Avatar src={mail.from.avatarUrl ?? undefined} alt="">
            {(mail.from.name || mail.from.email).charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle2">
              <bdi>{mail.from.name}</bdi>{' '}
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                &lt;{mail.from.email}&gt;
              </Typography>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
              {t('mail.to')}: <bdi>{addresses(mail.to)}</bdi>
            </Typography>
            {mail.cc.length > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                {t('mail.cc')}: <bdi>{addresses(mail.cc)}</bdi>
              </Typography>
            )}
            {mail.bcc.length > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                {t('mail.bcc')}: <bdi>{addresses(mail.bcc)}</bdi>
              </Typography>
            )}
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
            {fDateTime(mail.createdAt)}
          </Typography>
        </Stack>
        {mail.undelivered.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <strong>{t('mail.undeliveredTitle')}</strong>
            <br />
            {t('mail.undelivered', { addresses: mail.undelivered.join(', ') })}
          </Alert>
        )}
        {/* Sanitised on the server before it was stored (lib/rich-text.ts): no scripts, handlers or styles. */}
        <Box
          dir="auto"
          className="mail-body"
          sx={{
            typography: 'body1',
            wordBreak: 'break-word',
            '& img': { maxWidth: 1, height: 'auto' },
            '& blockquote': {
              borderInlineStart: 3,
              borderColor: 'divider',
              m: 0,
              paddingInlineStart: 2,
              color: 'text.secondary',
            },
            '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
          }}
          dangerouslySetInnerHTML={{ __html: mail.message }}
        />
        {mail.attachments.length > 0 && (
          <Stack spacing={1} sx={{ mt: 3 }}>
            <Typography variant="subtitle2">
              {t('mail.attachments', { count: mail.attachments.length })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {mail.attachments.map((file) => (
                <Stack
                  key={file.id}
                  direction="row"
                  sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  <Link
                    href={file.url}
                    download={file.name}
                    aria-label={t('mail.download', { name: file.name })}
                    underline="none"
                    sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}
                  >
                    {file.mimeType.startsWith('image/') ? (
                      <Box
                        component="img"
                        src={file.url}
                        alt=""
                        sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 0.5 }}
                      />
                    ) : (
                      <AttachFileOutlined />
                    )}
                    <Box>
                      <Typography variant="body2" noWrap sx={{ maxWidth: 180 }}>
                        {file.name}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {fData(file.size)}
                      </Typography>
                    </Box>
                  </Link>
                  <AttachmentAction file={file} />
                </Stack>
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ p: 2, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap', gap: 1 }}
      >
        {mail.folder === 'drafts' ? (
          <Button variant="contained" startIcon={<EditOutlined />} onClick={act('editDraft')}>
            {t('mail.actions.editDraft')}
          </Button>
        ) : (
          <>
            <Button variant="outlined" startIcon={<ReplyOutlined />} onClick={act('reply')}>
              {t('mail.actions.reply')}
            </Button>
            <Button variant="outlined" startIcon={<ReplyAllOutlined />} onClick={act('replyAll')}>
              {t('mail.actions.replyAll')}
            </Button>
            <Button
              variant="outlined"
              startIcon={
                <ForwardOutlined
                  sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
                />
              }
              onClick={act('forward')}
            >
              {t('mail.actions.forward')}
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}
