import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useLiveChat } from '../api/chat-api.ts';
import { ChatRoom } from '../components/chat-room.tsx';
import { ConversationList } from '../components/conversation-list.tsx';

// The recipient picker (Autocomplete) loads only with /dashboard/chat/new.
const NewConversation = lazy(() =>
  import('../components/new-conversation.tsx').then((module) => ({ default: module.NewConversation })),
);

/** How long a "typing" signal shows. */
const TYPING_SHOWN_MS = 4000;

type ChatViewProps = {
  conversationKey?: string | undefined;
  compose?: boolean;
  /** My own status menu for the list's header (from the presence feature, combined by the route). */
  statusMenu?: ReactNode;
};

/**
 * `/dashboard/chat`, `/dashboard/chat/new` and `/dashboard/chat/:conversationKey`: the conversation list and
 * the open conversation side by side; on a phone one at a time (the list, or the room with a way back).
 * Everything shown stays current over the real-time socket.
 */
export function ChatView({ conversationKey, compose = false, statusMenu }: ChatViewProps) {
  const { t } = useTranslation();
  const meId = useAuth((state) => state.user?.id);
  const [typing, setTyping] = useState<Record<string, Record<string, number>>>({});
  const onTyping = useCallback((conversationId: string, userId: string) => {
    setTyping((all) => ({ ...all, [conversationId]: { ...all[conversationId], [userId]: Date.now() } }));
  }, []);
  useLiveChat(onTyping);
  // Typing signals fade out.
  useEffect(() => {
    const timer = setInterval(() => {
      setTyping((all) => {
        const now = Date.now();
        let changed = false;
        const next: typeof all = {};
        for (const [conversation, people] of Object.entries(all)) {
          const fresh = Object.fromEntries(
            Object.entries(people).filter(([, at]) => now - at < TYPING_SHOWN_MS),
          );
          if (Object.keys(fresh).length !== Object.keys(people).length) changed = true;
          if (Object.keys(fresh).length) next[conversation] = fresh;
        }
        return changed ? next : all;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  const open = compose || Boolean(conversationKey);
  const typingIds = Object.keys((conversationKey && typing[conversationKey]) || {});

  return (
    <>
      <PageHeading title={t('chat.pageTitle')} />
      <Card
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 220px)', md: 'calc(100dvh - 260px)' },
          minHeight: 480,
        }}
      >
        <Box
          sx={{
            width: { xs: 1, md: 320 },
            flexShrink: 0,
            display: { xs: open ? 'none' : 'block', md: 'block' },
            borderInlineEnd: { md: 1 },
            borderColor: { md: 'divider' },
          }}
        >
          <ConversationList meId={meId} activeId={conversationKey} statusMenu={statusMenu} />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: { xs: open ? 'block' : 'none', md: 'block' } }}>
          {compose ? (
            <Suspense fallback={null}>
              <NewConversation />
            </Suspense>
          ) : conversationKey ? (
            <ChatRoom
              key={conversationKey}
              conversationKey={conversationKey}
              meId={meId}
              typingIds={typingIds}
            />
          ) : (
            <Box sx={{ height: 1, display: 'grid', placeItems: 'center', p: 3 }}>
              <Typography sx={{ color: 'text.secondary' }}>{t('chat.pickConversation')}</Typography>
            </Box>
          )}
        </Box>
      </Card>
    </>
  );
}
