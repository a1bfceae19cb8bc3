import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { apiClient } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

/** `GET /api/chat/unread` (the contract's unreadResponse, without loading zod in the shell). */
export interface ChatUnread {
  unreadCount: number;
  conversations: number;
}

export const chatUnreadKey = ['chat', 'unread'] as const;

/**
 * The signed-in user's unread chat messages, for the nav badge and the tab title on every dashboard page:
 * fetched once, then refetched when a message arrives, a conversation is read (here or in another tab) or
 * the socket reconnects. Small on purpose: it loads with the shell, the chat area does not.
 */
export function useChatUnread(): number {
  const signedIn = useAuth((state) => Boolean(state.user));
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatUnreadKey }),
    [queryClient],
  );
  useRealtimeEvent('chat.message', refetch, refetch);
  useRealtimeEvent('chat.read', refetch);
  useRealtimeEvent('chat.messageDeleted', refetch);
  const query = useQuery({
    queryKey: chatUnreadKey,
    queryFn: ({ signal }) => apiClient.get<ChatUnread>('/chat/unread', { signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });
  return query.data?.unreadCount ?? 0;
}
