import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { ChatContact, Conversation } from '#shared/contract/chat.ts';

import { paths } from '../../../config/paths.ts';
import { fRelativeTime } from '../../../lib/format.ts';
import { useConversations } from '../api/chat-api.ts';

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

type ConversationListProps = { meId: string | undefined; activeId: string | undefined };

/** The left panel: compose, then the caller's conversations, newest activity first, with unread badges. */
export function ConversationList({ meId, activeId }: ConversationListProps) {
  const { t } = useTranslation();
  const conversations = useConversations();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: 1 }}>
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
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
      {conversations.data?.conversations.length === 0 && (
        <Typography variant="body2" sx={{ px: 2, color: 'text.secondary' }}>
          {t('chat.noConversations')}
        </Typography>
      )}
      <List sx={{ overflowY: 'auto', flexGrow: 1, px: 1 }} aria-label={t('chat.conversations')}>
        {conversations.data?.conversations.map((conversation) => {
          const last = conversation.messages.at(-1);
          const title = conversationTitle(conversation, meId);
          const preview = last
            ? `${last.senderId === meId ? t('chat.you') : ''}${
                last.deletedAt ? t('chat.deleted') : last.body || t('chat.attachment')
              }`
            : '';
          return (
            <ListItem key={conversation.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.dashboard.chat.view(conversation.id)}
                selected={conversation.id === activeId}
                sx={{ borderRadius: 1, gap: 1.5, py: 1 }}
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
    </Box>
  );
}
