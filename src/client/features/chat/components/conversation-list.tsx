import EditOutlined from '@mui/icons-material/EditOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { ChatContact, Conversation } from '#shared/contract/chat.ts';

import { paths } from '../../../config/paths.ts';
import { PresenceDot } from '../../../components/presence-dot/presence-dot.tsx';
import { fRelativeTime } from '../../../lib/format.ts';
import { useContacts, useConversations } from '../api/chat-api.ts';

/** Who a conversation is with, as the caller sees it: the other person, or the group. */
export function othersOf(conversation: Conversation, meId: string | undefined): ChatContact[] {
  return conversation.participants.filter((p) => p.id !== meId);
}

export function conversationTitle(conversation: Conversation, meId: string | undefined): string {
  const others = othersOf(conversation, meId);
  if (conversation.type === 'GROUP' && conversation.name) return conversation.name;
  return others.map((p) => p.name).join(', ') || '—';
}

/** Avatars without a picture (and a group's "+2") in colours that keep their letters readable. */
export const avatarFallbackSx = {
  '&.MuiAvatar-colorDefault, & .MuiAvatar-colorDefault': { bgcolor: 'grey.600', color: 'common.white' },
} as const;

export function ConversationAvatar({
  conversation,
  meId,
}: {
  conversation: Conversation;
  meId: string | undefined;
}) {
  const others = othersOf(conversation, meId);
  if (conversation.type === 'GROUP') {
    return (
      <AvatarGroup
        max={2}
        sx={{ ...avatarFallbackSx, '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}
      >
        {others.map((p) => (
          <Avatar key={p.id} alt={p.name} src={p.avatarUrl ?? undefined} />
        ))}
      </AvatarGroup>
    );
  }
  const other = others[0];
  return <Avatar alt={other?.name} src={other?.avatarUrl ?? undefined} sx={avatarFallbackSx} />;
}

/** Case- and accent-insensitive "contains". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

type ConversationListProps = {
  meId: string | undefined;
  activeId: string | undefined;
  /** My own status menu, shown at the top (the route brings it from the presence feature). */
  statusMenu?: ReactNode;
};

/**
 * The left panel: my status, compose, a search over conversations and contacts, then the caller's
 * conversations, newest activity first, with unread badges. A contact found by the search opens the
 * conversation with them, or starts one.
 */
export function ConversationList({ meId, activeId, statusMenu }: ConversationListProps) {
  const { t } = useTranslation();
  const conversations = useConversations();
  const [search, setSearch] = useState('');
  const term = fold(useDeferredValue(search).trim());
  const contacts = useContacts({ enabled: term.length > 0 });
  const all = conversations.data?.conversations ?? [];
  const shown = term ? all.filter((c) => fold(conversationTitle(c, meId)).includes(term)) : all;
  const withOneToOne = new Set(
    all.filter((c) => c.type === 'ONE_TO_ONE').flatMap((c) => othersOf(c, meId).map((p) => p.id)),
  );
  const foundContacts = term
    ? (contacts.data?.contacts ?? []).filter(
        (c) => !withOneToOne.has(c.id) && (fold(c.name).includes(term) || fold(c.email).includes(term)),
      )
    : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: 1 }}>
      <Box sx={{ p: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
        {statusMenu}
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('chat.conversations')}
        </Typography>
        <IconButton
          component={RouterLink}
          to={paths.dashboard.chat.new}
          aria-label={t('chat.newConversation')}
        >
          <EditOutlined />
        </IconButton>
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          placeholder={t('chat.searchContacts')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('chat.searchContacts') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {conversations.isPending && (
        <Box sx={{ px: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
          ))}
        </Box>
      )}
      {conversations.isError && (
        <Alert
          severity="error"
          sx={{ mx: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void conversations.refetch()}>
              {t('chat.retry')}
            </Button>
          }
        >
          {t('chat.loadFailed')}
        </Alert>
      )}
      {conversations.isSuccess && !term && all.length === 0 && (
        <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
          {t('chat.noConversations')}
        </Typography>
      )}
      {term && shown.length === 0 && foundContacts.length === 0 && !contacts.isPending && (
        <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }} role="status">
          {t('chat.noMatches', { term: search.trim() })}
        </Typography>
      )}
      <Box sx={{ overflowY: 'auto', flexGrow: 1, minHeight: 0 }}>
        <List sx={{ px: 1 }} aria-label={t('chat.conversations')}>
          {shown.map((conversation) => {
            const last = conversation.messages.at(-1);
            const title = conversationTitle(conversation, meId);
            // "You: " in the page's language, the message in its own direction (<bdi>).
            const preview = last ? (
              <>
                {last.senderId === meId ? t('chat.you') : ''}
                <bdi>{last.deletedAt ? t('chat.deleted') : last.body || t('chat.attachment')}</bdi>
              </>
            ) : null;
            return (
              <ListItem key={conversation.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={paths.dashboard.chat.view(conversation.id)}
                  selected={conversation.id === activeId}
                  sx={{
                    borderRadius: 1,
                    gap: 1.5,
                    py: 1,
                    // On the open conversation's tint, grey texts would fall below 4.5:1 (issue #24).
                    '&.Mui-selected .MuiTypography-root': { color: 'text.primary' },
                  }}
                >
                  <ConversationAvatar conversation={conversation} meId={meId} />
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Typography variant="subtitle2" noWrap>
                      {title}
                    </Typography>
                    <Typography
                      variant="body2"
                      noWrap
                      sx={{
                        color: conversation.unreadCount ? 'text.primary' : 'text.secondary',
                        fontWeight: conversation.unreadCount ? 600 : 400,
                      }}
                    >
                      {preview}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
                    <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {fRelativeTime(conversation.lastActivity)}
                    </Typography>
                    {conversation.unreadCount > 0 && (
                      <Badge
                        color="primary"
                        badgeContent={conversation.unreadCount}
                        aria-label={t('chat.unread', { count: conversation.unreadCount })}
                        sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                      />
                    )}
                  </Box>
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {foundContacts.length > 0 && (
          <List
            sx={{ px: 1 }}
            aria-label={t('chat.contacts')}
            subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>{t('chat.contacts')}</ListSubheader>}
          >
            {foundContacts.map((contact) => (
              <ListItem key={contact.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={`${paths.dashboard.chat.new}?to=${encodeURIComponent(contact.username)}`}
                  sx={{ borderRadius: 1, gap: 1.5, py: 1 }}
                >
                  <Avatar alt={contact.name} src={contact.avatarUrl ?? undefined} sx={avatarFallbackSx} />
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Typography variant="subtitle2" noWrap>
                      {contact.name}
                    </Typography>
                    <Typography
                      variant="body2"
                      noWrap
                      sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.75 }}
                    >
                      <PresenceDot status={contact.status} size={8} />
                      {t(`chat.status.${contact.status}`)}
                    </Typography>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
