import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { ChatContact, ChatContentType, ChatMessage, Conversation } from '#shared/contract/chat.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { chatUnreadKey, type ChatUnread } from './chat-unread.ts';

export type ConversationPage = { conversation: Conversation; nextCursor: string | null };

export const chatKeys = {
  all: ['chat'] as const,
  contacts: ['chat', 'contacts'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (key: string) => ['chat', 'conversation', key] as const,
  attachments: (key: string) => ['chat', 'attachments', key] as const,
  unread: chatUnreadKey,
};

export function useContacts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.contacts,
    queryFn: ({ signal }) => apiClient.get<{ contacts: ChatContact[] }>('/chat/contacts', { signal }),
    staleTime: 30_000,
    enabled,
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

/** The files shared in a conversation, newest first (the room's side panel). */
export function useSharedFiles(key: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.attachments(key),
    queryFn: ({ signal }) =>
      apiClient.get<{ attachments: StoredFile[] }>('/chat/attachments', {
        signal,
        query: { conversationKey: key },
      }),
    enabled,
  });
}

export const newClientId = () => `m-${crypto.randomUUID()}`;

/** Uploads one attachment (`POST /api/files?use=attachment`), reporting progress (0..1). */
export function uploadAttachment(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ file: StoredFile }> {
  return apiClient.upload<{ file: StoredFile }>('/files', file, {
    query: { use: 'attachment' },
    onUploadProgress: onProgress,
    signal,
  });
}

/** What a message with these files is: images only → image, any other file → file, none → text. */
export function contentTypeOf(attachments: readonly Pick<StoredFile, 'mimeType'>[]): ChatContentType {
  if (!attachments.length) return 'text';
  return attachments.every((file) => file.mimeType.startsWith('image/')) ? 'image' : 'file';
}

/** A message on its way: shown at once, marked failed (with Retry) if the server refuses it. */
export type PendingMessage = { clientId: string; body: string; attachments: StoredFile[]; failed: boolean };

export function useSendMessage() {
  return useMutation({
    mutationFn: ({ attachments, ...input }: Omit<PendingMessage, 'failed'> & { conversationId: string }) =>
      apiClient.post<{ message: ChatMessage }>('/chat/messages', {
        ...input,
        attachments: attachments.map((file) => file.id),
        contentType: contentTypeOf(attachments),
      }),
  });
}

export function useRenameConversation() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiClient.patch<null>(`/chat/conversations/${id}`, { name }),
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

/**
 * Reading an open conversation: the shell's unread total (badge, tab title) drops by its count at once,
 * a count fetched before the read can no longer land after it, and then the server is told (one retry) and
 * everything chat shows refetches, so the figures end as the server has them.
 */
export async function readConversation(
  queryClient: QueryClient,
  conversation: { id: string; unreadCount: number },
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: chatUnreadKey });
  queryClient.setQueryData<ChatUnread>(chatUnreadKey, (unread) =>
    unread
      ? {
          unreadCount: Math.max(0, unread.unreadCount - conversation.unreadCount),
          conversations: Math.max(0, unread.conversations - 1),
        }
      : unread,
  );
  await markSeen(conversation.id)
    .catch(() => markSeen(conversation.id))
    .catch(() => undefined);
  await queryClient.invalidateQueries({ queryKey: chatKeys.all });
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
