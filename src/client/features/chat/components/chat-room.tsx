import ArrowBack from '@mui/icons-material/ArrowBack';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { ChatMessage, Conversation } from '#shared/contract/chat.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  chatKeys,
  loadOlderMessages,
  newClientId,
  readConversation,
  sendTyping,
  useConversation,
  useDeleteMessage,
  useSendMessage,
  type PendingMessage,
} from '../api/chat-api.ts';
import { ChatDetails, presenceText } from './chat-details.tsx';
import { ChatInput } from './chat-input.tsx';
import { ConversationAvatar, conversationTitle, othersOf } from './conversation-list.tsx';
import { MessageList } from './message-list.tsx';

/** How often "typing" is signalled while someone keeps typing. */
const TYPING_EVERY_MS = 3000;
/** Width of the side panel beside the room (large screens). */
const DETAILS_WIDTH = 280;

function statusText(t: TFunction, conversation: Conversation, meId: string | undefined) {
  if (conversation.type === 'GROUP') return t('chat.members', { count: conversation.participants.length });
  const other = othersOf(conversation, meId)[0];
  return other ? presenceText(t, other) : '';
}

type ChatRoomProps = {
  conversationKey: string;
  meId: string | undefined;
  typingIds: readonly string[];
};

/**
 * One conversation: its header (people and their presence), its messages, who is typing, the input, and a
 * side panel with the person's details or the group's members and the files shared (beside the room on
 * large screens, a drawer on smaller ones). A message shows at once while it is sent and stays with Retry
 * if the server refuses it.
 */
export function ChatRoom({ conversationKey, meId, typingIds }: ChatRoomProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const query = useConversation(conversationKey);
  const send = useSendMessage();
  const deleteMessage = useDeleteMessage();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState<boolean | null>(null);
  const lastTyping = useRef(0);

  const conversation = query.data?.conversation;
  // The side panel starts open beside the room on large screens, closed (a drawer) on smaller ones.
  const showDetails = detailsOpen ?? wide;

  // Reading the conversation marks it seen (and again when new messages arrive while it is open).
  useEffect(() => {
    if (!conversation || conversation.unreadCount === 0) return;
    void readConversation(queryClient, conversation);
  }, [conversation, queryClient]);

  if (query.isPending) {
    return (
      <Box sx={{ p: 3 }}>
        <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={200} />
      </Box>
    );
  }
  if (query.isError || !conversation) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('chat.notFound') : errorMessage(query.error, t)}
        </Alert>
      </Box>
    );
  }

  const people = new Map(conversation.participants.map((p) => [p.id, p]));
  const title = conversationTitle(conversation, meId);
  const typingNames = typingIds.filter((id) => id !== meId).map((id) => people.get(id)?.name ?? '');

  const deliver = (message: PendingMessage) => {
    setPending((list) => [
      ...list.filter((m) => m.clientId !== message.clientId),
      { ...message, failed: false },
    ]);
    send.mutate(
      {
        conversationId: conversation.id,
        body: message.body,
        clientId: message.clientId,
        attachments: message.attachments,
      },
      {
        onSuccess: () => {
          void queryClient
            .invalidateQueries({ queryKey: chatKeys.all })
            .then(() => setPending((list) => list.filter((m) => m.clientId !== message.clientId)));
        },
        onError: () =>
          setPending((list) =>
            list.map((m) => (m.clientId === message.clientId ? { ...m, failed: true } : m)),
          ),
      },
    );
  };
  const onSend = ({ body, attachments }: { body: string; attachments: StoredFile[] }) =>
    deliver({ clientId: newClientId(), body, attachments, failed: false });
  const onTyping = () => {
    if (Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    void sendTyping(conversation.id).catch(() => {});
  };
  const loadOlder = async () => {
    if (!query.data?.nextCursor) return;
    setLoadingOlder(true);
    try {
      await loadOlderMessages(queryClient, conversationKey, query.data.nextCursor);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
      throw error;
    } finally {
      setLoadingOlder(false);
    }
  };
  const remove = (message: ChatMessage) =>
    deleteMessage.mutate(message.id, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });

  const details = <ChatDetails conversation={conversation} meId={meId} />;

  return (
    <Box sx={{ display: 'flex', height: 1, minHeight: 0 }}>
      <Box
        sx={{ display: 'flex', flexDirection: 'column', height: 1, minHeight: 0, flexGrow: 1, minWidth: 0 }}
      >
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <IconButton
            component={RouterLink}
            to={paths.dashboard.chat.root}
            aria-label={t('chat.backToList')}
            sx={{ display: { md: 'none' } }}
          >
            <ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
          <ConversationAvatar conversation={conversation} meId={meId} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h2" noWrap>
              {title}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {statusText(t, conversation, meId)}
            </Typography>
          </Box>
          <IconButton
            aria-label={t('chat.details')}
            aria-pressed={showDetails}
            onClick={() => setDetailsOpen(!showDetails)}
            color={showDetails ? 'primary' : 'default'}
          >
            <InfoOutlined />
          </IconButton>
        </Box>
        <Divider />
        <MessageList
          conversation={conversation}
          meId={meId}
          pending={pending}
          hasOlder={Boolean(query.data?.nextCursor)}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          onDelete={remove}
          onRetry={deliver}
        />
        {typingNames.length > 0 && (
          <Typography variant="caption" sx={{ px: 2, color: 'text.secondary' }} aria-live="polite">
            {t('chat.typing', { name: typingNames.join(', ') })}
          </Typography>
        )}
        <Divider />
        <ChatInput onSend={onSend} onTyping={onTyping} />
      </Box>
      {wide ? (
        showDetails && (
          <Box
            component="aside"
            aria-label={t('chat.details')}
            sx={{ width: DETAILS_WIDTH, flexShrink: 0, borderInlineStart: 1, borderColor: 'divider' }}
          >
            {details}
          </Box>
        )
      ) : (
        <Drawer
          anchor={theme.direction === 'rtl' ? 'left' : 'right'}
          open={showDetails}
          onClose={() => setDetailsOpen(false)}
          slotProps={{ paper: { sx: { width: DETAILS_WIDTH }, 'aria-label': t('chat.details') } }}
        >
          {details}
        </Drawer>
      )}
    </Box>
  );
}
