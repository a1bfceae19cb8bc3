import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { GROUP_NAME_MAX } from '#shared/contract/chat-limits.ts';
import type { ChatContact, Conversation } from '#shared/contract/chat.ts';

import { PresenceDot } from '../../../components/presence-dot/presence-dot.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData, fDate, fRelativeTime } from '../../../lib/format.ts';
import { chatKeys, useRenameConversation, useSharedFiles } from '../api/chat-api.ts';
import { avatarFallbackSx, othersOf } from './conversation-list.tsx';

/** "Online", or "Last active 5 minutes ago" for someone offline. */
export function presenceText(t: TFunction, person: ChatContact): string {
  if (person.status === 'offline' && person.lastActivity) {
    return t('chat.lastActive', { time: fRelativeTime(person.lastActivity) });
  }
  return t(`chat.status.${person.status}`);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ px: 2, py: 1.5 }}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The other person of a one-to-one: picture, status and how to reach them. */
function PersonInfo({ person }: { person: ChatContact }) {
  const { t } = useTranslation();
  const rows = [
    [t('chat.info.email'), person.email],
    [t('chat.info.phone'), person.phoneNumber],
    [t('chat.info.address'), person.address],
    [t('chat.info.role'), person.role],
  ].filter(([, value]) => value);
  return (
    <>
      <Box
        sx={{
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <Avatar
          alt={person.name}
          src={person.avatarUrl ?? undefined}
          sx={{ ...avatarFallbackSx, width: 96, height: 96 }}
        />
        <Typography variant="subtitle1" component="h2">
          {person.name}
        </Typography>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <PresenceDot status={person.status} />
          {presenceText(t, person)}
        </Typography>
      </Box>
      <Divider />
      <Section title={t('chat.info.title')}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {rows.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
    </>
  );
}

/** A group: its name (renamable by any member) and its members with their status. */
function GroupInfo({ conversation, meId }: { conversation: Conversation; meId: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const rename = useRenameConversation();
  const [name, setName] = useState(conversation.name ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: conversation.id, name: name.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(t('chat.renamed'), { variant: 'success' });
          void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  };
  return (
    <>
      <Section title={t('chat.groupSettings')}>
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('chat.groupNameLabel')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX, dir: 'auto' } }}
          />
          <Button
            type="submit"
            variant="outlined"
            loading={rename.isPending}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            disabled={name.trim() === (conversation.name ?? '')}
          >
            {t('chat.rename')}
          </Button>
        </Box>
      </Section>
      <Divider />
      <Section title={t('chat.members', { count: conversation.participants.length })}>
        <List dense disablePadding>
          {conversation.participants.map((person) => (
            <ListItem key={person.id} disableGutters>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar
                  alt={person.name}
                  src={person.avatarUrl ?? undefined}
                  sx={{ ...avatarFallbackSx, width: 36, height: 36 }}
                />
              </ListItemAvatar>
              <ListItemText
                primary={person.id === meId ? t('chat.meName', { name: person.name }) : person.name}
                secondary={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                    <PresenceDot status={person.status} size={8} />
                    {presenceText(t, person)}
                  </Box>
                }
              />
            </ListItem>
          ))}
        </List>
      </Section>
    </>
  );
}

/** The files shared in the conversation, newest first: pictures as thumbnails, other files by name. */
function SharedFiles({ conversationKey }: { conversationKey: string }) {
  const { t } = useTranslation();
  const shared = useSharedFiles(conversationKey, true);
  const files = shared.data?.attachments ?? [];
  const images = files.filter((f) => f.mimeType.startsWith('image/'));
  const others = files.filter((f) => !f.mimeType.startsWith('image/'));
  return (
    <Section title={t('chat.sharedFiles')}>
      {shared.isPending && <Skeleton variant="rounded" height={64} />}
      {shared.isError && (
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {errorMessage(shared.error, t)}
        </Typography>
      )}
      {shared.isSuccess && files.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('chat.noSharedFiles')}
        </Typography>
      )}
      {images.length > 0 && (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mb: others.length ? 2 : 0 }}
        >
          {images.map((file) => (
            <Link key={file.id} href={file.url} target="_blank" rel="noopener" title={file.name}>
              <Box
                component="img"
                src={file.url}
                alt={file.name}
                loading="lazy"
                sx={{ display: 'block', width: 1, aspectRatio: '1', objectFit: 'cover', borderRadius: 1 }}
              />
            </Link>
          ))}
        </Box>
      )}
      {others.map((file) => (
        <Link
          key={file.id}
          href={file.url}
          download={file.name}
          underline="hover"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, color: 'text.primary' }}
        >
          <InsertDriveFileOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="body2" noWrap>
              {file.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {fData(file.size)} · {fDate(file.createdAt)}
            </Typography>
          </Box>
        </Link>
      ))}
    </Section>
  );
}

type ChatDetailsProps = { conversation: Conversation; meId: string | undefined };

/** The room's side panel: who the conversation is with (or the group's members), then its shared files. */
export function ChatDetails({ conversation, meId }: ChatDetailsProps) {
  const other = othersOf(conversation, meId)[0];
  return (
    <Box sx={{ overflowY: 'auto', height: 1 }}>
      {conversation.type === 'GROUP' ? (
        <GroupInfo key={conversation.name} conversation={conversation} meId={meId} />
      ) : (
        other && <PersonInfo person={other} />
      )}
      <Divider />
      <SharedFiles conversationKey={conversation.id} />
    </Box>
  );
}
