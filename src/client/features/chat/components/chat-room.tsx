import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import {
  Fragment,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { MESSAGE_MAX, type ChatMessage, type Conversation } from '#shared/contract/chat.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime, fRelativeTime } from '../../../lib/format.ts';
import {
  chatKeys,
  loadOlderMessages,
  markSeen,
  newClientId,
  sendTyping,
  useConversation,
  useDeleteMessage,
  useSendMessage,
  type PendingMessage,
} from '../api/chat-api.ts';
import { avatarFallbackSx, ConversationAvatar, conversationTitle, othersOf } from './conversation-list.tsx';

/** Plain text with its links made clickable (never HTML). */
function MessageText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <Link
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            underline="always"
          >
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Bubble({ own, children }: { own: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        px: 1.5,
        py: 1,
        borderRadius: 1.5,
        maxWidth: { xs: '85%', md: '70%' },
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        typography: 'body2',
        bgcolor: own ? 'primary.lighter' : 'background.neutral',
        color: own ? 'primary.darker' : 'text.primary',
      }}
    >
      {children}
    </Box>
  );
}

function statusText(t: TFunction, conversation: Conversation, meId: string | undefined) {
  const others = othersOf(conversation, meId);
  if (conversation.type === 'GROUP') return t('chat.members', { count: conversation.participants.length });
  const other = others[0];
  if (!other) return '';
  if (other.status === 'offline' && other.lastActivity) {
    return t('chat.lastActive', { time: fRelativeTime(other.lastActivity) });
  }
  return t(`chat.status.${other.status}`);
}

type ChatRoomProps = {
  conversationKey: string;
  meId: string | undefined;
  typingIds: readonly string[];
};

/**
 * One conversation: its people, its messages (older ones on demand, the view kept where it was), "Seen" under
 * the last message someone else has read, who is typing, and the input (Enter sends, Shift+Enter a new
 * line). A message shows at once while it is sent and stays with Retry if the server refuses it.
 */
export function ChatRoom({ conversationKey, meId, typingIds }: ChatRoomProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const query = useConversation(conversationKey);
  const send = useSendMessage();
  const deleteMessage = useDeleteMessage();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const lastTyping = useRef(0);

  const conversation = query.data?.conversation;
  const messages = conversation?.messages ?? [];
  const lastId = messages.at(-1)?.id;

  // Reading the conversation marks it seen (and again when new messages arrive while it is open).
  useEffect(() => {
    if (!conversation || conversation.unreadCount === 0) return;
    void markSeen(conversation.id).then(() => queryClient.invalidateQueries({ queryKey: chatKeys.all }));
  }, [conversation, queryClient]);

  // New messages scroll to the bottom; older ones keep the view where it was.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [lastId, pending.length, messages.length]);

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
  const lastMessage = messages.at(-1);
  const seen =
    lastMessage?.senderId === meId &&
    othersOf(conversation, meId).some((p) => conversation.readBy[p.id] === lastMessage?.id);
  const typingNames = typingIds.filter((id) => id !== meId).map((id) => people.get(id)?.name ?? '');

  const deliver = (message: PendingMessage) => {
    setPending((list) => [
      ...list.filter((m) => m.clientId !== message.clientId),
      { ...message, failed: false },
    ]);
    send.mutate(
      { conversationId: conversation.id, body: message.body, clientId: message.clientId },
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
  const submit = () => {
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    deliver({ clientId: newClientId(), body, failed: false });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onType = (value: string) => {
    setDraft(value);
    if (value && Date.now() - lastTyping.current > 3000) {
      lastTyping.current = Date.now();
      void sendTyping(conversation.id).catch(() => {});
    }
  };
  const loadOlder = async () => {
    const element = scroller.current;
    if (!query.data?.nextCursor) return;
    setLoadingOlder(true);
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    try {
      await loadOlderMessages(queryClient, conversationKey, query.data.nextCursor);
    } catch (error) {
      keepFromBottom.current = null;
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setLoadingOlder(false);
    }
  };
  const remove = (message: ChatMessage) =>
    deleteMessage.mutate(message.id, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 1, minHeight: 0 }}>
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <IconButton
          component={RouterLink}
          to={paths.dashboard.chat.root}
          aria-label={t('chat.backToList')}
          sx={{ display: { md: 'none' } }}
        >
          <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        <ConversationAvatar conversation={conversation} meId={meId} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" noWrap>
            {title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {statusText(t, conversation, meId)}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <Box
        ref={scroller}
        role="log"
        aria-label={title}
        sx={{ flexGrow: 1, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {query.data?.nextCursor && (
          <Button
            size="small"
            onClick={() => void loadOlder()}
            loading={loadingOlder}
            sx={{ alignSelf: 'center' }}
          >
            {t('chat.olderMessages')}
          </Button>
        )}
        {messages.map((message, index) => {
          const own = message.senderId === meId;
          const sender = message.senderId ? people.get(message.senderId) : undefined;
          const firstOfRun = messages[index - 1]?.senderId !== message.senderId;
          return (
            <Box
              key={message.id}
              data-message-id={message.id}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'flex-end',
                flexDirection: own ? 'row-reverse' : 'row',
              }}
            >
              {!own && (
                <Avatar
                  alt={sender?.name}
                  src={sender?.avatarUrl ?? undefined}
                  sx={{
                    ...avatarFallbackSx,
                    width: 32,
                    height: 32,
                    visibility: firstOfRun ? 'visible' : 'hidden',
                  }}
                />
              )}
              <Box
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: own ? 'flex-end' : 'flex-start',
                  minWidth: 0,
                }}
              >
                {firstOfRun && !own && conversation.type === 'GROUP' && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {sender?.name}
                  </Typography>
                )}
                <Bubble own={own}>
                  {message.deletedAt ? (
                    <Box component="em" sx={{ color: 'text.disabled' }}>
                      {t('chat.deleted')}
                    </Box>
                  ) : (
                    <>
                      {message.attachments.map((file) =>
                        file.mimeType.startsWith('image/') ? (
                          <Box
                            key={file.id}
                            component="img"
                            src={file.url}
                            alt={file.name}
                            sx={{
                              display: 'block',
                              maxWidth: 1,
                              maxHeight: 240,
                              borderRadius: 1,
                              mb: message.body ? 1 : 0,
                            }}
                          />
                        ) : (
                          <Link key={file.id} href={file.url} download={file.name} sx={{ display: 'block' }}>
                            {file.name}
                          </Link>
                        ),
                      )}
                      <MessageText text={message.body} />
                    </>
                  )}
                </Bubble>
                <Typography
                  variant="caption"
                  sx={{ color: 'text.disabled' }}
                  title={fDateTime(message.createdAt)}
                >
                  {fRelativeTime(message.createdAt)}
                  {own && message.id === lastMessage?.id && seen ? ` · ${t('chat.seen')}` : ''}
                </Typography>
              </Box>
              {own && !message.deletedAt && (
                <IconButton size="small" aria-label={t('chat.deleteMessage')} onClick={() => remove(message)}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        })}
        {pending.map((message) => (
          <Box
            key={message.clientId}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}
          >
            <Bubble own>
              <MessageText text={message.body} />
            </Bubble>
            <Typography variant="caption" sx={{ color: message.failed ? 'error.main' : 'text.secondary' }}>
              {message.failed ? t('chat.sendFailed') : t('chat.sending')}
              {message.failed && (
                <Button size="small" color="error" onClick={() => deliver(message)} sx={{ ml: 1 }}>
                  {t('chat.retrySend')}
                </Button>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      {typingNames.length > 0 && (
        <Typography variant="caption" sx={{ px: 2, color: 'text.secondary' }} aria-live="polite">
          {t('chat.typing', { name: typingNames.join(', ') })}
        </Typography>
      )}
      <Divider />
      <Box sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          label={t('chat.messageLabel')}
          placeholder={t('chat.messagePlaceholder')}
          value={draft}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
        <IconButton color="primary" aria-label={t('chat.send')} onClick={submit} disabled={!draft.trim()}>
          <SendRounded
            sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
          />
        </IconButton>
      </Box>
    </Box>
  );
}
