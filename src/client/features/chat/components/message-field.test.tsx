import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { ChatContact } from '#shared/contract/chat.ts';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { ChatInput } from './chat-input.tsx';
import { NewConversation } from './new-conversation.tsx';

/** Issue #24: a new conversation's first message and a room's message answer Enter the same way. */
const grace: ChatContact = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Grace Hopper',
  username: 'grace',
  avatarUrl: null,
  email: 'grace@example.com',
  phoneNumber: '',
  address: '',
  role: 'user',
  status: 'online',
  lastActivity: null,
};
const conversationId = '00000000-0000-4000-8000-0000000000c1';

describe('chat message fields: Enter sends, Shift+Enter adds a line', () => {
  it('sends the first message of a new conversation with Enter', async () => {
    const { calls } = mockFetch([
      { path: '/api/chat/contacts', respond: () => jsonResponse({ contacts: [grace] }) },
      {
        method: 'POST',
        path: '/api/chat/conversations',
        respond: () => jsonResponse({ conversation: { id: conversationId }, nextCursor: null }),
      },
    ]);
    const { router } = renderRoutes(
      [
        { path: '/dashboard/chat/new', element: <NewConversation /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/dashboard/chat/new?to=grace'] },
    );
    expect(await screen.findByRole('button', { name: 'Grace Hopper' })).toBeTruthy();
    const message = screen.getByRole('textbox', { name: 'First message' });

    await userEvent.type(message, 'Hello{Shift>}{Enter}{/Shift}Grace');
    expect(message).toHaveProperty('value', 'Hello\nGrace');
    expect(calls('POST', '/api/chat/conversations')).toHaveLength(0);

    await userEvent.type(message, '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/chat/${conversationId}`));
    const [[, init]] = calls('POST', '/api/chat/conversations') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      recipientIds: [grace.id],
      message: { body: 'Hello\nGrace' },
    });
  });

  it('sends a message in a room with Enter, the same way', async () => {
    mockFetch([]);
    const onSend = vi.fn();
    renderRoutes([{ path: '/', element: <ChatInput onSend={onSend} onTyping={() => {}} /> }]);
    const message = await screen.findByRole('textbox', { name: 'Message' });

    await userEvent.type(message, 'Hello{Shift>}{Enter}{/Shift}Grace');
    expect(message).toHaveProperty('value', 'Hello\nGrace');
    expect(onSend).not.toHaveBeenCalled();

    await userEvent.type(message, '{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ body: 'Hello\nGrace', attachments: [] });
    expect(message).toHaveProperty('value', '');
  });
});
