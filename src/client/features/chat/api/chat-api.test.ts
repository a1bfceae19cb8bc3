import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { readConversation } from './chat-api.ts';
import { chatUnreadKey, type ChatUnread } from './chat-unread.ts';

const id = '00000000-0000-4000-8000-000000000001';

describe('readConversation', () => {
  it('drops the unread total at once, tells the server, and ends with the server’s figure', async () => {
    let unreadOnServer: ChatUnread = { unreadCount: 5, conversations: 2 };
    let shownWhileSaving: unknown;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/chat/conversation/mark-as-seen',
        respond: () => {
          shownWhileSaving = queryClient.getQueryData(chatUnreadKey);
          unreadOnServer = { unreadCount: 3, conversations: 1 };
          return new Response(null, { status: 204 });
        },
      },
      { path: '/api/chat/unread', respond: () => jsonResponse(unreadOnServer) },
    ]);
    const observer = queryClient.getQueryCache().build(queryClient, {
      queryKey: chatUnreadKey,
      queryFn: () => fetch('/api/chat/unread').then((r) => r.json() as Promise<ChatUnread>),
    });
    queryClient.setQueryData(chatUnreadKey, { unreadCount: 5, conversations: 2 });

    await readConversation(queryClient, { id, unreadCount: 2 });

    // The badge and title had dropped before the server was even asked.
    expect(shownWhileSaving).toEqual({ unreadCount: 3, conversations: 1 });
    expect(calls('POST', '/api/chat/conversation/mark-as-seen')).toHaveLength(1);
    expect(String(calls('POST', '/api/chat/conversation/mark-as-seen')[0]![0])).toContain(
      `conversationId=${id}`,
    );
    expect(observer.state.data).toEqual({ unreadCount: 3, conversations: 1 });
  });

  it('tries the server twice, and keeps the count as the server has it when both fail', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: '/api/chat/conversation/mark-as-seen',
        respond: () => jsonResponse({ message: 'Database unavailable' }, 503),
      },
    ]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(chatUnreadKey, { unreadCount: 5, conversations: 2 });
    await readConversation(queryClient, { id, unreadCount: 2 });
    expect(calls('POST', '/api/chat/conversation/mark-as-seen')).toHaveLength(2);
  });
});
