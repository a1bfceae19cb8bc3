import ArrowDownward from '@mui/icons-material/ArrowDownward';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChatMessage, Conversation } from '#shared/contract/chat.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { AttachmentAction } from '../../../components/attachment-action/attachment-action.tsx';
import { fData, fDateTime, fDay, fTime } from '../../../lib/format.ts';
import type { PendingMessage } from '../api/chat-api.ts';
import { avatarFallbackSx, othersOf } from './conversation-list.tsx';

// The picture viewer (a full-screen dialog) loads when a picture is first opened.
const ImageViewer = lazy(() => import('./image-viewer.tsx').then((m) => ({ default: m.ImageViewer })));

/** Within this many pixels of the end the reader is "at the bottom" (new messages scroll into view). */
const NEAR_BOTTOM = 80;
/** Within this many pixels of the top, older messages load. */
const NEAR_TOP = 160;

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
      // Each message reads in its own direction (English in an Arabic page, and the reverse).
      dir="auto"
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

const isImage = (file: Pick<StoredFile, 'mimeType'>) => file.mimeType.startsWith('image/');

/** A message's files: pictures open in the viewer, other files download; each with the app's action. */
function Attachments({
  files,
  onOpenImage,
  gapBelow,
}: {
  files: readonly StoredFile[];
  onOpenImage: (id: string) => void;
  gapBelow: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: gapBelow ? 1 : 0 }}>
      {files.map((file) => (
        <Box key={file.id} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
          {isImage(file) ? (
            <ButtonBase
              onClick={() => onOpenImage(file.id)}
              aria-label={t('chat.openImage', { name: file.name })}
              sx={{ borderRadius: 1, overflow: 'hidden', alignSelf: 'flex-start', minWidth: 0 }}
            >
              <Box
                component="img"
                src={file.url}
                alt={file.name}
                width={file.width ?? undefined}
                height={file.height ?? undefined}
                loading="lazy"
                sx={{ display: 'block', maxWidth: 1, width: 'auto', height: 'auto', maxHeight: 240 }}
              />
            </ButtonBase>
          ) : (
            <Link
              href={file.url}
              download={file.name}
              color="inherit"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, alignSelf: 'center' }}
            >
              <InsertDriveFileOutlined fontSize="small" />
              <span>{file.name}</span>
              <Box component="span" sx={{ opacity: 0.7, whiteSpace: 'nowrap' }}>
                {fData(file.size)}
              </Box>
            </Link>
          )}
          <AttachmentAction file={file} inheritColor />
        </Box>
      ))}
    </Box>
  );
}

const dayOf = (iso: string) => new Date(iso).toDateString();

type MessageListProps = {
  conversation: Conversation;
  meId: string | undefined;
  pending: readonly PendingMessage[];
  /** Whether older messages exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
  onDelete: (message: ChatMessage) => void;
  onRetry: (message: PendingMessage) => void;
};

/**
 * The messages of a room, oldest first, grouped by day and by sender, "Seen" under the last one someone else
 * has read. Scrolling near the top loads older messages without moving what is on screen; a new message
 * scrolls into view when the reader is at the bottom (or sent it), else a "new messages" button shows.
 */
export function MessageList({
  conversation,
  meId,
  pending,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onDelete,
  onRetry,
}: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const atBottom = useRef(true);
  const seenLastId = useRef<string | undefined>(undefined);
  const [unseen, setUnseen] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);

  const messages = conversation.messages;
  // A sent message shows once: as stored as soon as the conversation has it, pending until then.
  const stored = new Set(messages.map((m) => m.clientId));
  const waiting = pending.filter((m) => !stored.has(m.clientId));
  const people = new Map(conversation.participants.map((p) => [p.id, p]));
  const lastMessage = messages.at(-1);
  const lastId = lastMessage?.id;
  const seen =
    lastMessage?.senderId === meId &&
    othersOf(conversation, meId).some((p) => conversation.readBy[p.id] === lastMessage?.id);
  const images = useMemo(
    () => messages.flatMap((m) => (m.deletedAt ? [] : m.attachments.filter(isImage))),
    [messages],
  );

  const scrollToBottom = () => {
    const element = scroller.current;
    // An older page still loading no longer holds the view where it was: the reader asked for the end.
    keepFromBottom.current = null;
    atBottom.current = true;
    if (element) element.scrollTop = element.scrollHeight;
    setUnseen(0);
  };

  // Older messages keep the view where it was; new ones scroll into view, or wait behind the pill.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    const previous = seenLastId.current;
    seenLastId.current = lastId;
    const arrived =
      previous === undefined ? [] : messages.slice(messages.findIndex((m) => m.id === previous) + 1);
    const fromOthers = arrived.filter((m) => m.senderId !== meId).length;
    if (previous === undefined || atBottom.current || fromOthers < arrived.length) {
      element.scrollTop = element.scrollHeight;
      setUnseen(0);
    } else if (fromOthers > 0) {
      setUnseen((count) => count + fromOthers);
    }
  }, [lastId, messages, meId]);

  // Pictures and fonts that load later grow the list, and the header or composer settling shrinks the view:
  // a reader at the bottom stays there.
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && keepFromBottom.current === null) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // What I send shows at the bottom at once.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (pending.length && element) element.scrollTop = element.scrollHeight;
  }, [pending.length]);

  const loadOlder = async () => {
    const element = scroller.current;
    if (!hasOlder || loadingOlder) return;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    try {
      await onLoadOlder();
    } catch {
      keepFromBottom.current = null;
    }
  };
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    if (atBottom.current && unseen) setUnseen(0);
    if (element.scrollTop < NEAR_TOP && hasOlder && !loadingOlder) void loadOlder();
  };

  return (
    <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={scroller}
        role="log"
        aria-label={t('chat.messages')}
        onScroll={onScroll}
        sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }}
      >
        <Box ref={content} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {hasOlder && (
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
            const previous = messages[index - 1];
            const newDay = !previous || dayOf(previous.createdAt) !== dayOf(message.createdAt);
            const firstOfRun = newDay || previous?.senderId !== message.senderId;
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <Divider sx={{ typography: 'caption', color: 'text.secondary', my: 1 }} role="separator">
                    {fDay(message.createdAt)}
                  </Divider>
                )}
                <Box
                  data-message-id={message.id}
                  sx={{
                    display: 'flex',
                    gap: 1,
                    alignItems: 'flex-end',
                    flexDirection: own ? 'row-reverse' : 'row',
                    mt: firstOfRun && !newDay ? 1 : 0,
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
                      flexGrow: 1,
                    }}
                  >
                    {firstOfRun && !own && conversation.type === 'GROUP' && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {sender?.name}
                      </Typography>
                    )}
                    <Bubble own={own}>
                      {message.deletedAt ? (
                        <Box component="em">{t('chat.deleted')}</Box>
                      ) : (
                        <>
                          {message.attachments.length > 0 && (
                            <Attachments
                              files={message.attachments}
                              onOpenImage={setViewing}
                              gapBelow={Boolean(message.body)}
                            />
                          )}
                          <MessageText text={message.body} />
                        </>
                      )}
                    </Bubble>
                    <Typography
                      variant="caption"
                      sx={{ color: 'text.secondary' }}
                      title={fDateTime(message.createdAt)}
                    >
                      <time dateTime={message.createdAt}>{fTime(message.createdAt)}</time>
                      {own && message.id === lastId && seen ? ` · ${t('chat.seen')}` : ''}
                    </Typography>
                  </Box>
                  {own && !message.deletedAt && (
                    <IconButton
                      size="small"
                      aria-label={t('chat.deleteMessage')}
                      onClick={() => onDelete(message)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )}
                </Box>
              </Fragment>
            );
          })}
          {waiting.map((message) => (
            <Box
              key={message.clientId}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}
            >
              <Bubble own>
                {message.attachments.length > 0 && (
                  <Attachments
                    files={message.attachments}
                    onOpenImage={() => {}}
                    gapBelow={Boolean(message.body)}
                  />
                )}
                <MessageText text={message.body} />
              </Bubble>
              <Typography variant="caption" sx={{ color: message.failed ? 'error.main' : 'text.secondary' }}>
                {message.failed ? t('chat.sendFailed') : t('chat.sending')}
                {message.failed && (
                  <Button size="small" color="error" onClick={() => onRetry(message)} sx={{ ml: 1 }}>
                    {t('chat.retrySend')}
                  </Button>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      {unseen > 0 && (
        <Fab
          variant="extended"
          size="small"
          color="primary"
          onClick={scrollToBottom}
          sx={{ position: 'absolute', bottom: 16, left: '50%', transform: 'translateX(-50%)' }}
        >
          <ArrowDownward fontSize="small" sx={{ mr: 0.5 }} />
          {t('chat.newMessages', { count: unseen })}
        </Fab>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <ImageViewer images={images} openId={viewing} onShow={setViewing} />
        </Suspense>
      )}
    </Box>
  );
}
