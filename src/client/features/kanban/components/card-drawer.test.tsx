import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { KanbanBoard, KanbanCardDetail } from '#shared/contract/kanban.ts';

import { AttachmentActionProvider } from '../../../components/attachment-action/attachment-action.tsx';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { CardDrawer } from './card-drawer.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ada = { id: testUser.id, name: 'Ada Lovelace', avatarUrl: null };

const detail = (extra: Partial<KanbanCardDetail> = {}): KanbanCardDetail => ({
  id: id(1),
  columnId: id(10),
  name: 'Write the copy',
  description: 'First draft',
  status: 'To do',
  priority: 'medium',
  labels: ['Copy'],
  due: { start: null, end: null },
  assignees: [],
  reporter: ada,
  completed: false,
  version: 3,
  commentCount: 0,
  attachmentCount: 0,
  cover: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  comments: [],
  attachments: [],
  ...extra,
});

const board = (): KanbanBoard => {
  const { comments: _comments, attachments: _attachments, ...card } = detail();
  return {
    id: id(100),
    name: 'Launch',
    ownerId: testUser.id,
    personal: false,
    members: [{ ...ada, role: 'owner' }],
    columnOrder: [id(10), id(11)],
    columns: {
      [id(10)]: { id: id(10), name: 'To do', cardIds: [id(1)] },
      [id(11)]: { id: id(11), name: 'Done', cardIds: [] },
    },
    cards: { [id(1)]: card },
  };
};

describe('card drawer', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('saves a field with the version it was read at; a stale save shows the card as it is now', async () => {
    const fresh = detail({ name: 'Write the launch copy', description: 'Second draft', version: 4 });
    let stored = detail();
    const { calls } = mockFetch([
      { path: `/api/kanban/cards/${id(1)}`, respond: () => jsonResponse({ card: stored }) },
      { path: '/api/kanban/board', respond: () => jsonResponse({ board: board() }) },
      { path: '/api/kanban/boards', respond: () => jsonResponse({ boards: [] }) },
      {
        method: 'POST',
        path: '/api/kanban/cards/update',
        respond: () => {
          stored = fresh;
          return jsonResponse({ message: 'Changed by someone else', code: 'STALE', current: fresh }, 409);
        },
      },
    ]);
    renderRoutes([{ path: '/', element: <CardDrawer board={board()} cardId={id(1)} onClose={vi.fn()} /> }]);

    const priority = await screen.findByRole('group', { name: 'Priority' });
    await userEvent.click(within(priority).getByRole('button', { name: 'High' }));

    await waitFor(() => expect(calls('POST', '/api/kanban/cards/update')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/kanban/cards/update')[0]![1]!.body))).toEqual({
      cardId: id(1),
      version: 3,
      card: { priority: 'high' },
    });
    expect(
      await screen.findByText('Someone else changed this card: it now shows their version.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Write the launch copy'),
    );
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Second draft');
  });

  it('sends a comment and lists it', async () => {
    let stored = detail();
    mockFetch([
      { path: `/api/kanban/cards/${id(1)}`, respond: () => jsonResponse({ card: stored }) },
      { path: '/api/kanban/board', respond: () => jsonResponse({ board: board() }) },
      { path: '/api/kanban/boards', respond: () => jsonResponse({ boards: [] }) },
      {
        method: 'POST',
        path: `/api/kanban/cards/${id(1)}/comments`,
        respond: ({ body }) => {
          const comment = {
            id: id(50),
            author: ada,
            message: (body as { message: string }).message,
            createdAt: new Date().toISOString(),
          };
          stored = { ...stored, comments: [comment], commentCount: 1 };
          return jsonResponse({ comment });
        },
      },
    ]);
    renderRoutes([{ path: '/', element: <CardDrawer board={board()} cardId={id(1)} onClose={vi.fn()} /> }]);

    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a comment…' }), 'Draft is in the doc');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Draft is in the doc')).toBeTruthy();
    expect(screen.queryByText('No comments yet.')).toBeNull();
  });

  it('offers the app’s action (Save to files) on each attachment', async () => {
    const file = (n: number, name: string) => ({
      id: id(700 + n),
      use: 'attachment' as const,
      name,
      mimeType: 'application/pdf',
      size: 1024,
      width: null,
      height: null,
      url: `/api/files/${id(700 + n)}/content`,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const withFiles = detail({
      attachments: [file(1, 'brief.pdf'), file(2, 'budget.pdf')],
      attachmentCount: 2,
    });
    mockFetch([
      { path: `/api/kanban/cards/${id(1)}`, respond: () => jsonResponse({ card: withFiles }) },
      { path: '/api/kanban/board', respond: () => jsonResponse({ board: board() }) },
      { path: '/api/kanban/boards', respond: () => jsonResponse({ boards: [] }) },
    ]);
    renderRoutes([
      {
        path: '/',
        element: (
          <AttachmentActionProvider
            render={({ file: f }) => <button type="button">{`Action on ${f.id} ${f.name}`}</button>}
          >
            <CardDrawer board={board()} cardId={id(1)} onClose={vi.fn()} />
          </AttachmentActionProvider>
        ),
      },
    ]);

    expect(await screen.findByRole('button', { name: `Action on ${id(701)} brief.pdf` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Action on ${id(702)} budget.pdf` })).toBeTruthy();
  });
});
