import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { ChatContact, ChatMessage, Conversation } from '#shared/contract/chat.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';

export type ConversationPage = { conversation: Conversation; nextCursor: string | null };

export const chatKeys = {
  all: ['chat'] as const,
  contacts: ['chat', 'contacts'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (key: string) => ['chat', 'conversation', key] as const,
};

export function useContacts() {
  return useQuery({
    queryKey: chatKeys.contacts,
    queryFn: ({ signal }) => apiClient.get<{ contacts: ChatContact[] }>('/chat/contacts', { signal }),
    staleTime: 30_000,
  });
}

/** The caller's conversations, newest activity first (the first 100). */
export function useConversations() {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) =>
      apiClient.get<{ conversations: Conversation[]; nextCursor: string | null }>('/chat/conversations', {
        signal,
        query: { limit: 100 },
      }),
  });
}

/** One conversation (by id or a contact's username) with its latest messages. */
export function useConversation(key: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(key ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<ConversationPage>('/chat/conversation', { signal, query: { conversationKey: key } }),
    enabled: Boolean(key),
    retry: false,
  });
}

/** Older messages of a conversation, put in front of the cached ones. */
export async function loadOlderMessages(
  queryClient: QueryClient,
  key: string,
  cursor: string,
): Promise<void> {
  const older = await apiClient.get<ConversationPage>('/chat/conversation', {
    query: { conversationKey: key, cursor },
  });
  queryClient.setQueryData<ConversationPage>(chatKeys.conversation(key), (page) =>
    page
      ? {
          conversation: {
            ...page.conversation,
            messages: [...older.conversation.messages, ...page.conversation.messages],
          },
          nextCursor: older.nextCursor,
        }
      : page,
  );
}

export const newClientId = () => `m-${crypto.randomUUID()}`;

/** A message on its way: shown at once, marked failed (with Retry) if the server refuses it. */
export type PendingMessage = { clientId: string; body: string; failed: boolean };

export function useSendMessage() {
  return useMutation({
    mutationFn: (input: { conversationId: string; body: string; clientId: string }) =>
      apiClient.post<{ message: ChatMessage }>('/chat/messages', input),
  });
}

export function useStartConversation() {
  return useMutation({
    mutationFn: (input: { recipientIds: string[]; body: string; name?: string }) =>
      apiClient.post<ConversationPage>('/chat/conversations', {
        recipientIds: input.recipientIds,
        ...(input.name ? { name: input.name } : {}),
        message: { body: input.body, clientId: newClientId() },
      }),
  });
}

export function useDeleteMessage() {
  return useMutation({
    mutationFn: (messageId: string) => apiClient.delete<null>(`/chat/messages/${messageId}`),
  });
}

export function markSeen(conversationId: string): Promise<unknown> {
  return apiClient.post('/chat/conversation/mark-as-seen', undefined, { query: { conversationId } });
}

export function sendTyping(conversationId: string): Promise<unknown> {
  return apiClient.post('/chat/typing', { conversationId });
}

/**
 * Keeps the chat's queries current from the real-time socket: a message, a deletion, a read receipt or a
 * new conversation refetches the list and the open conversation; a reconnect refetches everything.
 * `onTyping` hears who is typing where.
 */
export function useLiveChat(onTyping?: (conversationId: string, userId: string) => void): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
    [queryClient],
  );
  useRealtimeEvent('chat.message', refresh, refresh);
  useRealtimeEvent('chat.messageDeleted', refresh);
  useRealtimeEvent('chat.read', refresh);
  useRealtimeEvent('chat.conversation', refresh);
  useRealtimeEvent(
    'chat.typing',
    useCallback((event) => onTyping?.(event.conversationId, event.userId), [onTyping]),
  );
  useRealtimeEvent(
    'presence.changed',
    useCallback(() => void queryClient.invalidateQueries({ queryKey: chatKeys.contacts }), [queryClient]),
  );
}
