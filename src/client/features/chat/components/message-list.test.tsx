import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { ChatContact, ChatMessage, Conversation } from '#shared/contract/chat.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { AttachmentActionProvider } from '../../../components/attachment-action/attachment-action.tsx';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { MessageList } from './message-list.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const contact = (n: number, name: string): ChatContact => ({
  id: id(n),
  name,
  username: name.toLowerCase(),
  avatarUrl: null,
  email: `${name.toLowerCase()}@example.com`,
  phoneNumber: '',
  address: '',
  role: 'Member',
  status: 'online',
  lastActivity: null,
});

const file = (n: number, name: string, mimeType: string): StoredFile => ({
  id: id(700 + n),
  use: 'attachment',
  name,
  mimeType,
  size: 1024,
  width: mimeType.startsWith('image/') ? 40 : null,
  height: mimeType.startsWith('image/') ? 30 : null,
  url: `/api/files/${id(700 + n)}/content`,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const message = (n: number, senderId: string, attachments: StoredFile[]): ChatMessage => ({
  id: id(100 + n),
  conversationId: id(50),
  body: `Message ${n}`,
  contentType: 'text',
  attachments,
  createdAt: `2026-11-20T10:0${n}:00.000Z`,
  senderId,
  deletedAt: null,
  clientId: `client-${n}`,
});

describe('MessageList', () => {
  it('offers the app’s action (Save to files) on every attachment, pictures and files, beside it', async () => {
    mockFetch([]);
    const me = contact(1, 'Ada');
    const grace = contact(2, 'Grace');
    const conversation: Conversation = {
      id: id(50),
      type: 'ONE_TO_ONE',
      name: null,
      participants: [me, grace],
      messages: [
        message(1, grace.id, [file(1, 'plan.pdf', 'application/pdf')]),
        message(2, me.id, [file(2, 'harbour.png', 'image/png')]),
      ],
      unreadCount: 0,
      lastActivity: '2026-11-20T10:02:00.000Z',
      readBy: {},
    };
    const onOpen = vi.fn();
    renderRoutes([
      {
        path: '/',
        element: (
          <AttachmentActionProvider
            render={({ file: f }) => (
              <button type="button" onClick={onOpen}>{`Action on ${f.id} ${f.name}`}</button>
            )}
          >
            <MessageList
              conversation={conversation}
              meId={me.id}
              pending={[]}
              hasOlder={false}
              loadingOlder={false}
              onLoadOlder={async () => {}}
              onDelete={vi.fn()}
              onRetry={vi.fn()}
            />
          </AttachmentActionProvider>
        ),
      },
    ]);

    expect(await screen.findByRole('link', { name: /plan\.pdf/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Action on ${id(701)} plan.pdf` })).toBeTruthy();
    const action = screen.getByRole('button', { name: `Action on ${id(702)} harbour.png` });
    // The action sits beside the picture, not inside its viewer button.
    expect(screen.getByRole('button', { name: 'Open harbour.png' }).contains(action)).toBe(false);
    await userEvent.click(action);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
