import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { StoredFile } from '#shared/contract/files.ts';
import type { Mail, MailLabel, MailSummary } from '#shared/contract/mail.ts';

import { AttachmentActionProvider } from '../../../components/attachment-action/attachment-action.tsx';
import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { MailView } from './mail-view.tsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const person = (name: string, email: string) => ({ name, email, userId: null, avatarUrl: null });

const summary = (n: number, subject: string, extra: Partial<MailSummary> = {}): MailSummary => ({
  id: id(n),
  folder: 'inbox',
  subject,
  excerpt: `About ${subject}`,
  from: person(`Sender ${n}`, `sender${n}@example.com`),
  to: [person('Ada Lovelace', testUser.email)],
  createdAt: new Date(Date.now() - n * 60_000).toISOString(),
  isUnread: false,
  isStarred: false,
  isImportant: false,
  labelIds: [],
  attachmentCount: 0,
  ...extra,
});

const minutes: StoredFile = {
  id: id(700),
  use: 'attachment',
  name: 'minutes.pdf',
  mimeType: 'application/pdf',
  size: 2048,
  width: null,
  height: null,
  url: `/api/files/${id(700)}/content?exp=9999999999&sig=x`,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function mailApi(inbox: MailSummary[]) {
  let mails = inbox;
  const labels = (): MailLabel[] => [
    { id: 'all', type: 'system', name: 'all', color: null, unreadCount: 0 },
    {
      id: 'inbox',
      type: 'system',
      name: 'inbox',
      color: null,
      unreadCount: mails.filter((m) => m.isUnread && m.folder === 'inbox').length,
    },
    { id: 'spam', type: 'system', name: 'spam', color: null, unreadCount: 0 },
    { id: id(900), type: 'custom', name: 'Forums', color: 'success', unreadCount: 0 },
  ];
  return mockFetch([
    { path: '/api/mail/labels', respond: () => jsonResponse({ labels: labels() }) },
    {
      path: '/api/mail/mails',
      respond: ({ url }) => {
        const label = new URL(url, 'http://localhost').searchParams.get('systemLabel');
        return jsonResponse({
          mails: label === 'inbox' ? mails.filter((m) => m.folder === 'inbox') : [],
          nextCursor: null,
        });
      },
    },
    {
      path: '/api/mail/mail',
      respond: ({ url }) => {
        const found = mails.find((m) => m.id === new URL(url, 'http://localhost').searchParams.get('mailId'));
        if (!found) return jsonResponse({ message: 'Mail not found' }, 404);
        const mail: Mail = {
          ...found,
          cc: [],
          bcc: [],
          message: `<p>Body of ${found.subject}</p>`,
          // A mail said to have attachments has one PDF.
          attachments: found.attachmentCount > 0 ? [minutes] : [],
          inReplyTo: null,
          undelivered: [],
        };
        return jsonResponse({ mail });
      },
    },
    {
      method: 'POST',
      path: '/api/mail/mails/labels',
      respond: ({ body }) => {
        const { mailIds, add } = body as { mailIds: string[]; add: string[] };
        mails = mails.map((m) => (mailIds.includes(m.id) ? { ...m, labelIds: [...m.labelIds, ...add] } : m));
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'POST',
      path: '/api/mail/mails/update',
      respond: ({ body }) => {
        const { mailIds, action } = body as { mailIds: string[]; action: string };
        mails = mails.map((m) =>
          mailIds.includes(m.id)
            ? {
                ...m,
                ...(action === 'read' && { isUnread: false }),
                ...(action === 'trash' && { folder: 'trash' as const }),
              }
            : m,
        );
        return jsonResponse({ updated: mailIds.length });
      },
    },
  ]);
}

function renderView(entry = '/dashboard/mail') {
  return renderRoutes([{ path: '/dashboard/mail', element: <MailView /> }], { initialEntries: [entry] });
}

describe('mail view', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows the labels with unread counts and the inbox; opening a mail reads it and puts it in the address', async () => {
    const { calls } = mailApi([summary(1, 'Budget', { isUnread: true }), summary(2, 'Lunch')]);
    const { router } = renderView();

    const labels = await screen.findAllByRole('navigation', { name: 'Labels' });
    const inboxButton = await within(labels[0]!).findByRole('button', { name: /Inbox/ });
    await waitFor(() => expect(within(inboxButton).getByLabelText('1 unread mail')).toBeTruthy());
    expect(within(labels[0]!).getByRole('button', { name: 'Forums' })).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Inbox' });
    await userEvent.click(within(list).getByRole('button', { name: /Budget/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Budget' })).toBeTruthy();
    expect(screen.getByText('Body of Budget')).toBeTruthy();
    expect(router.state.location.search).toBe(`?id=${id(1)}`);
    await waitFor(() => expect(calls('POST', '/api/mail/mails/update')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/mail/mails/update')[0]![1]!.body))).toEqual({
      mailIds: [id(1)],
      action: 'read',
    });
    await waitFor(() => expect(within(inboxButton).queryByLabelText('1 unread mail')).toBeNull());
  });

  it('offers the app’s action (Save to files) beside each attachment of the open mail', async () => {
    mailApi([summary(1, 'Budget', { attachmentCount: 1 })]);
    renderRoutes(
      [
        {
          path: '/dashboard/mail',
          element: (
            <AttachmentActionProvider
              render={({ file }) => <button type="button">{`Action on ${file.id} ${file.name}`}</button>}
            >
              <MailView />
            </AttachmentActionProvider>
          ),
        },
      ],
      { initialEntries: [`/dashboard/mail?id=${id(1)}`] },
    );

    expect(await screen.findByRole('link', { name: 'Download minutes.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Action on ${id(700)} minutes.pdf` })).toBeTruthy();
  });

  it('puts one of my labels on the open mail from its Labels menu', async () => {
    const { calls } = mailApi([summary(1, 'Budget')]);
    renderView(`/dashboard/mail?id=${id(1)}`);
    await screen.findByRole('heading', { level: 2, name: 'Budget' });
    await userEvent.click(await screen.findByRole('button', { name: 'Labels' }));
    const forums = await screen.findByRole('menuitemcheckbox', { name: 'Forums' });
    expect(forums.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(forums);
    await waitFor(() => expect(calls('POST', '/api/mail/mails/labels')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/mail/mails/labels')[0]![1]!.body))).toEqual({
      mailIds: [id(1)],
      add: [id(900)],
      remove: [],
    });
    // The chip shows once the mail is refetched.
    expect(await screen.findByText('Forums', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('moves the selected mails to the trash and says so', async () => {
    const { calls } = mailApi([summary(1, 'Budget'), summary(2, 'Lunch'), summary(3, 'Party')]);
    renderView();
    const list = await screen.findByRole('list', { name: 'Inbox' });
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select mail from Sender 1' }));
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Select mail from Sender 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    expect(await screen.findByText('2 mails moved to trash')).toBeTruthy();
    expect(JSON.parse(String(calls('POST', '/api/mail/mails/update')[0]![1]!.body))).toEqual({
      mailIds: [id(1), id(3)],
      action: 'trash',
    });
    await waitFor(() => expect(within(list).queryByRole('button', { name: /Budget/ })).toBeNull());
    expect(within(list).getByRole('button', { name: /Lunch/ })).toBeTruthy();
  });

  it('says when a label is empty, and when a mail in the address is not there', async () => {
    mailApi([]);
    renderView(`/dashboard/mail?label=spam&id=${id(77)}`);
    expect(await screen.findByText('Nothing in Spam')).toBeTruthy();
    expect(await screen.findByText('This mail does not exist, or it is not yours.')).toBeTruthy();
  });
});
