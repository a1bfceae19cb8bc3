import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { MailAddress } from '#shared/contract/mail.ts';

import { ensureTranslations } from '../../../locales/i18n.ts';
import { jsonResponse, mockFetch, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { MailCompose, type ComposeInit } from './mail-compose.tsx';

const DRAFT_ID = '00000000-0000-4000-8000-0000000000d1';
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';

const contacts: MailAddress[] = [
  {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    userId: '00000000-0000-4000-8000-000000000002',
    avatarUrl: null,
  },
];

/** The server's contact search: people whose name or address holds the text. */
const contactsRoute: MockRoute = {
  path: '/api/mail/contacts',
  respond: ({ url }) => {
    const search = (new URL(url, 'http://localhost').searchParams.get('search') ?? '').toLowerCase();
    return jsonResponse({
      contacts: contacts.filter((c) => `${c.name} ${c.email}`.toLowerCase().includes(search)),
    });
  },
};

const sendRoute: MockRoute = {
  method: 'POST',
  path: '/api/mail/send',
  respond: () => jsonResponse({ mail: { id: '00000000-0000-4000-8000-0000000000a1' } }),
};

const originalRange = {
  getClientRects: Range.prototype.getClientRects,
  getBoundingClientRect: Range.prototype.getBoundingClientRect,
};

beforeAll(async () => {
  await ensureTranslations('mail');
  // The toast host is loaded with the first toast: load its code now, so the 5 s are not spent on it.
  await import('../../../components/snackbar/snackbar-host.tsx');
  // jsdom has no layout: ProseMirror asks where the caret is after each change and where a click landed.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

afterAll(() => {
  Object.assign(Range.prototype, originalRange);
});

beforeEach(() => {
  // Fake clock that also moves with real time (TipTap, MUI and waitFor keep working); tests jump ahead.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

/** Moves the clock on, running the timers due and the promises they start. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A page that shows the composer until it closes (as the mail page will). */
function Page({
  init,
  onClose,
  onUndoSend,
}: {
  init: ComposeInit;
  onClose: () => void;
  onUndoSend: (init: ComposeInit) => void;
}) {
  const [open, setOpen] = useState(true);
  return open ? (
    <MailCompose
      init={init}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
      onUndoSend={onUndoSend}
    />
  ) : (
    <p>composer closed</p>
  );
}

function renderCompose(init: ComposeInit = {}) {
  const onClose = vi.fn();
  const onUndoSend = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderRoutes([
    { path: '/', element: <Page init={init} onClose={onClose} onUndoSend={onUndoSend} /> },
  ]);
  return { ...view, user, onClose, onUndoSend };
}

const bodyOf = (call: [RequestInfo | URL, RequestInit?] | undefined) =>
  JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;

/** Types the recipient, the subject and the message (pasted: jsdom loses keys typed into ProseMirror). */
async function fill(user: ReturnType<typeof userEvent.setup>, message = 'Hello Grace') {
  await user.type(screen.getByRole('combobox', { name: 'To' }), 'grace@example.com{Enter}');
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Plans');
  await user.click(screen.getByRole('textbox', { name: 'Message' }));
  await user.paste(message);
}

describe('mail composer', () => {
  it('sends 5 s after Send (not before), with what was typed, after the window has closed', async () => {
    const { calls } = mockFetch([contactsRoute, sendRoute]);
    const { user, onClose } = renderCompose();

    expect(screen.getByRole('dialog', { name: 'New message' })).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // The window closes at once; the message waits.
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('POST', '/api/mail/send')).toHaveLength(0);
    await advance(4000);
    expect(calls('POST', '/api/mail/send')).toHaveLength(0);
    expect(await screen.findByText('Message sent')).toBeTruthy();

    await advance(1500);
    expect(calls('POST', '/api/mail/send')).toHaveLength(1);
    expect(bodyOf(calls('POST', '/api/mail/send')[0])).toEqual({
      to: ['grace@example.com'],
      cc: [],
      bcc: [],
      subject: 'Plans',
      message: '<p dir="auto">Hello Grace</p>',
      attachments: [],
      inReplyTo: null,
    });
    // No draft was made: Send came before the autosave delay.
    expect(calls('POST', '/api/mail/drafts')).toHaveLength(0);
  });

  it('still sends when the whole page is gone during the 5 s', async () => {
    const { calls } = mockFetch([contactsRoute, sendRoute]);
    const { user, unmount } = renderCompose({ inReplyTo: '00000000-0000-4000-8000-0000000000b1' });
    await fill(user, 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    unmount();

    await advance(5000);
    expect(calls('POST', '/api/mail/send')).toHaveLength(1);
    expect(bodyOf(calls('POST', '/api/mail/send')[0])).toMatchObject({
      to: ['grace@example.com'],
      message: '<p dir="auto">Thanks</p>',
      inReplyTo: '00000000-0000-4000-8000-0000000000b1',
    });
  });

  it('Undo within the 5 s sends nothing, keeps the message as a draft and gives it back', async () => {
    const { calls } = mockFetch([
      contactsRoute,
      sendRoute,
      {
        method: 'POST',
        path: '/api/mail/drafts',
        respond: () => jsonResponse({ mail: { id: DRAFT_ID } }, 201),
      },
    ]);
    const { user, onUndoSend } = renderCompose();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Sending cancelled: your message is back in the editor')).toBeTruthy();
    expect(onUndoSend).toHaveBeenCalledTimes(1);
    expect(onUndoSend).toHaveBeenCalledWith({
      to: ['grace@example.com'],
      cc: [],
      bcc: [],
      subject: 'Plans',
      message: '<p dir="auto">Hello Grace</p>',
      inReplyTo: null,
      attachments: [],
      draftId: DRAFT_ID,
    });
    // What was typed is safe in Drafts even if the page does not reopen the composer.
    expect(bodyOf(calls('POST', '/api/mail/drafts')[0])).toMatchObject({
      to: ['grace@example.com'],
      subject: 'Plans',
      message: '<p dir="auto">Hello Grace</p>',
    });

    await advance(10_000);
    expect(calls('POST', '/api/mail/send')).toHaveLength(0);
    expect(calls('POST', '/api/mail/drafts')).toHaveLength(1);
  });

  it('refuses to send without a recipient: inline error, window stays, no request', async () => {
    const { fetchMock } = mockFetch([contactsRoute]);
    const { user, onClose } = renderCompose({ subject: 'Plans', message: '<p>Hi</p>' });
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Add at least one recipient')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'To' })).toBe(document.activeElement);
    expect(onClose).not.toHaveBeenCalled();
    await advance(10_000);
    expect(fetchMock.mock.calls.every(([input]) => String(input).startsWith('/api/mail/contacts'))).toBe(
      true,
    );
  });

  it('refuses an invalid address inline and turns commas and suggestions into chips', async () => {
    const { calls } = mockFetch([contactsRoute, sendRoute]);
    const { user } = renderCompose({ subject: 'Plans' });
    const to = screen.getByRole('combobox', { name: 'To' });

    await user.type(to, 'not-an-address{Enter}');
    expect(await screen.findByText('“not-an-address” is not a valid email address')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    // Send does not drop the refused address silently: the field is focused, nothing goes.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.clear(to);
    await user.type(to, 'a@example.org, b@example.org,');
    expect(screen.queryByText(/is not a valid email address/)).toBeNull();
    await user.type(to, 'gra');
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Grace Hopper')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cc/Bcc' }));
    await user.type(screen.getByRole('combobox', { name: 'Bcc' }), 'boss@example.org');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(5000);
    expect(bodyOf(calls('POST', '/api/mail/send')[0])).toMatchObject({
      to: ['a@example.org', 'b@example.org', 'grace@example.com'],
      cc: [],
      bcc: ['boss@example.org'],
      subject: 'Plans',
    });
  });

  it('autosaves a draft 1.5 s after typing, updates it, and the send carries its id', async () => {
    const { calls } = mockFetch([
      contactsRoute,
      sendRoute,
      {
        method: 'POST',
        path: '/api/mail/drafts',
        respond: () => jsonResponse({ mail: { id: DRAFT_ID } }, 201),
      },
      {
        method: 'PUT',
        path: `/api/mail/drafts/${DRAFT_ID}`,
        respond: () => jsonResponse({ mail: { id: DRAFT_ID } }),
      },
    ]);
    const { user } = renderCompose();
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'grace@example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Plans');
    expect(calls('POST', '/api/mail/drafts')).toHaveLength(0);

    await advance(1600);
    expect(calls('POST', '/api/mail/drafts')).toHaveLength(1);
    expect(bodyOf(calls('POST', '/api/mail/drafts')[0])).toEqual({
      to: ['grace@example.com'],
      cc: [],
      bcc: [],
      subject: 'Plans',
      message: '',
      attachments: [],
      inReplyTo: null,
    });
    expect(await screen.findByText('Draft saved')).toBeTruthy();

    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('Second thoughts');
    await advance(1600);
    expect(calls('POST', '/api/mail/drafts')).toHaveLength(1);
    expect(calls('PUT', `/api/mail/drafts/${DRAFT_ID}`)).toHaveLength(1);
    expect(bodyOf(calls('PUT', `/api/mail/drafts/${DRAFT_ID}`)[0])).toMatchObject({
      message: '<p dir="auto">Second thoughts</p>',
    });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(5000);
    expect(bodyOf(calls('POST', '/api/mail/send')[0])).toMatchObject({
      to: ['grace@example.com'],
      subject: 'Plans',
      message: '<p dir="auto">Second thoughts</p>',
      draftId: DRAFT_ID,
    });
  });

  it('keeps the draft on close (saved at once) and deletes it on Discard', async () => {
    const { calls } = mockFetch([
      contactsRoute,
      {
        method: 'POST',
        path: '/api/mail/drafts',
        respond: () => jsonResponse({ mail: { id: DRAFT_ID } }, 201),
      },
      {
        method: 'DELETE',
        path: `/api/mail/drafts/${DRAFT_ID}`,
        respond: () => new Response(null, { status: 204 }),
      },
    ]);
    const first = renderCompose();
    await first.user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Later');
    await first.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    expect(bodyOf(calls('POST', '/api/mail/drafts')[0])).toMatchObject({ subject: 'Later' });
    first.unmount();

    const second = renderCompose({ draftId: DRAFT_ID, subject: 'Later' });
    await second.user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Draft discarded')).toBeTruthy();
    expect(calls('DELETE', `/api/mail/drafts/${DRAFT_ID}`)).toHaveLength(1);
    expect(calls('POST', '/api/mail/drafts')).toHaveLength(1);
  });

  it('uploads attachments at once, shows a refusal, and waits for an upload before sending', async () => {
    // Without XMLHttpRequest the client uploads through fetch (the mock), without progress events.
    vi.stubGlobal('XMLHttpRequest', undefined);
    let finishUpload: (() => void) | undefined;
    const { calls } = mockFetch([
      contactsRoute,
      sendRoute,
      {
        method: 'POST',
        path: '/api/files',
        respond: async ({ init }) => {
          const file = (init.body as FormData).get('file') as File;
          if (file.name === 'huge.zip') return jsonResponse({ message: 'The file is too large' }, 413);
          await new Promise<void>((resolve) => (finishUpload = resolve));
          return jsonResponse({ file: { id: FILE_ID, name: file.name, size: file.size } }, 201);
        },
      },
    ]);
    const { user } = renderCompose({ to: ['grace@example.com'], subject: 'Report' });
    const input = screen.getByLabelText('Attach files') as HTMLInputElement;

    await user.upload(input, new File(['PK'], 'huge.zip', { type: 'application/zip' }));
    expect(await screen.findByText('The file is too large')).toBeTruthy();
    // A refused file blocks Send until it is removed.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove huge.zip' }));
    await user.click(screen.getByRole('button', { name: 'Remove huge.zip' }));

    await user.upload(input, new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading report.pdf' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // Still uploading: the window waits.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sending…/ })).toBeTruthy();

    await act(async () => finishUpload?.());
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(5000);
    expect(bodyOf(calls('POST', '/api/mail/send')[0])).toMatchObject({
      to: ['grace@example.com'],
      subject: 'Report',
      attachments: [FILE_ID],
    });
  });

  it('applies the toolbar to the message (Bold) and reports the toggle state', async () => {
    const { calls } = mockFetch([contactsRoute, sendRoute]);
    const { user } = renderCompose({ to: ['grace@example.com'] });
    const editor = screen.getByRole('textbox', { name: 'Message' });
    await user.click(editor);
    await user.paste('Important');
    await user.keyboard('{Control>}a{/Control}');
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    await user.click(bold);
    expect(bold.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(5000);
    expect(bodyOf(calls('POST', '/api/mail/send')[0])).toMatchObject({
      message: '<p dir="auto"><strong>Important</strong></p>',
    });
  });

  it('gives the message back when the send fails, with the server’s reason', async () => {
    mockFetch([
      contactsRoute,
      {
        method: 'POST',
        path: '/api/mail/send',
        respond: () => jsonResponse({ message: 'At most 100 recipients per mail' }, 400),
      },
    ]);
    const { user, onUndoSend } = renderCompose({ to: ['grace@example.com'], subject: 'Hi' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(5000);
    expect(
      await screen.findByText('The message could not be sent: At most 100 recipients per mail'),
    ).toBeTruthy();
    expect(onUndoSend).toHaveBeenCalledWith(
      expect.objectContaining({ to: ['grace@example.com'], subject: 'Hi' }),
    );
  });

  it('minimises, restores and goes full screen with labelled buttons', async () => {
    mockFetch([contactsRoute]);
    const { user } = renderCompose();
    await user.click(screen.getByRole('button', { name: 'Minimise' }));
    expect(screen.getByRole('textbox', { name: 'Subject', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeTruthy();
  });
});
