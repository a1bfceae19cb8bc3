import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StoredFile } from '#shared/contract/files.ts';
import type { Mail, MailLabel, MailSummary } from '#shared/contract/mail.ts';

import { mailMessages } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, multipartBody, pngWithMetadata, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let base: string;
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await member(t.app, 'Grace', 'Hopper');
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  carol = await member(t.app, 'Carol', 'Danvers');
});
afterAll(async () => {
  await t?.close();
});

const { call, ok } = apiCalls(() => t.app, '/api/mail');

const send = async (from: Member, mail: object) =>
  (await ok<{ mail: Mail }>(from, 'POST', '/send', mail)).mail;

const list = async (who: Member, query: string) =>
  (await ok<{ mails: MailSummary[] }>(who, 'GET', `/mails?${query}`)).mails;

async function open(who: Member, mailId: string) {
  return call(who, 'GET', `/mail?mailId=${mailId}`);
}

async function labels(who: Member): Promise<Record<string, MailLabel>> {
  const { labels } = await ok<{ labels: MailLabel[] }>(who, 'GET', '/labels');
  return Object.fromEntries(labels.map((l) => [l.name, l]));
}

const update = (who: Member, mailIds: string[], action: string) =>
  call(who, 'POST', '/mails/update', { mailIds, action });

/** The newest mail in `who`'s inbox with this subject. */
async function inboxMail(who: Member, subject: string): Promise<MailSummary | undefined> {
  return (await list(who, 'systemLabel=inbox')).find((m) => m.subject === subject);
}

describe('mail: delivery between people of the instance', () => {
  it('every new account has a welcome mail in its inbox, in its language', async () => {
    const inbox = await list(alice, 'systemLabel=inbox');
    expect(inbox.map((m) => m.subject)).toContain('Welcome to Atrium');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
      payload: {
        email: `francoise.${Date.now()}@example.com`,
        password: 'violet-harbour-lantern-42',
        firstName: 'Françoise',
        lastName: 'Sagan',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const francoise = {
      headers: { authorization: `Bearer ${res.json<{ accessToken: string }>().accessToken}` },
    };
    const mails = (
      await t.app.inject({
        method: 'GET',
        url: '/api/mail/mails?systemLabel=inbox',
        headers: francoise.headers,
      })
    ).json<{ mails: MailSummary[] }>().mails;
    expect(mails).toEqual([
      expect.objectContaining({
        subject: 'Bienvenue sur Atrium',
        isUnread: true,
        from: expect.objectContaining({ name: 'Atrium' }),
      }),
    ]);
  });

  it('sends to, cc and bcc: each person gets one unread copy, bcc is hidden from everyone but the sender', async () => {
    const sent = await send(alice, {
      to: [bob.email.toUpperCase()],
      cc: [carol.email],
      bcc: [bob.email, alice.email],
      subject: 'Quarterly review',
      message: '<p>Hello <b>team</b>, the <a href="https://example.com/q3">report</a> is ready.</p>',
    });
    expect(sent).toMatchObject({
      folder: 'sent',
      subject: 'Quarterly review',
      isUnread: false,
      undelivered: [],
    });
    expect(sent.from).toMatchObject({ email: alice.email, userId: alice.id, name: 'Alice Liddell' });
    expect(sent.to).toEqual([
      expect.objectContaining({ email: bob.email, userId: bob.id, name: 'Bob Marley' }),
    ]);
    // Bob was in "to" already: he is not also a bcc; Alice wrote to herself in bcc.
    expect(sent.bcc.map((a) => a.email)).toEqual([alice.email]);
    expect(sent.message).toContain(
      '<a href="https://example.com/q3" target="_blank" rel="noopener noreferrer nofollow">',
    );

    const bobsCopy = await inboxMail(bob, 'Quarterly review');
    expect(bobsCopy).toMatchObject({ isUnread: true, excerpt: 'Hello team, the report is ready.' });
    expect(bobsCopy!.id).not.toBe(sent.id);
    const bobsMail = (await open(bob, bobsCopy!.id)).json<{ mail: Mail }>().mail;
    expect(bobsMail.bcc).toEqual([]);
    expect(bobsMail.cc.map((a) => a.email)).toEqual([carol.email]);
    expect(await inboxMail(carol, 'Quarterly review')).toBeDefined();
    // Alice, in bcc of her own mail, has it in her inbox too; the bcc is hers to see on the sent copy only.
    const alicesInbox = await inboxMail(alice, 'Quarterly review');
    expect(alicesInbox).toBeDefined();
    expect((await open(alice, alicesInbox!.id)).json<{ mail: Mail }>().mail.bcc).toEqual([]);
    expect((await list(alice, 'systemLabel=sent')).map((m) => m.id)).toContain(sent.id);
  });

  it("another user's mail is 404, whichever id they try", async () => {
    const sent = await send(alice, { to: [bob.email], subject: 'Private', message: '<p>Only for Bob</p>' });
    const bobs = await inboxMail(bob, 'Private');
    for (const id of [sent.id, bobs!.id]) {
      const res = await open(carol, id);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Mail not found');
      expect((await update(carol, [id], 'trash')).json()).toEqual({ updated: 0 });
    }
    expect((await open(carol, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await open(carol, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("keeps each person's state: Bob stars and reads his copy, Carol's is unchanged", async () => {
    await send(alice, { to: [bob.email, carol.email], subject: 'Lunch?', message: '<p>Noon?</p>' });
    const bobs = (await inboxMail(bob, 'Lunch?'))!;
    const carols = (await inboxMail(carol, 'Lunch?'))!;
    const unreadBefore = (await labels(bob)).inbox!.unreadCount;
    expect((await update(bob, [bobs.id], 'star')).json()).toEqual({ updated: 1 });
    expect((await update(bob, [bobs.id], 'read')).json()).toEqual({ updated: 1 });
    expect((await labels(bob)).inbox!.unreadCount).toBe(unreadBefore - 1);
    expect(await inboxMail(bob, 'Lunch?')).toMatchObject({ isStarred: true, isUnread: false });
    expect(await inboxMail(carol, 'Lunch?')).toMatchObject({
      id: carols.id,
      isStarred: false,
      isUnread: true,
    });
    expect((await list(bob, 'systemLabel=starred')).map((m) => m.id)).toContain(bobs.id);
    expect((await list(carol, 'systemLabel=starred')).map((m) => m.id)).not.toContain(carols.id);
  });

  it('moves to trash and restores, archives, marks spam and deletes forever only from trash or spam', async () => {
    await send(alice, { to: [bob.email], subject: 'Moving around', message: '<p>x</p>' });
    const id = (await inboxMail(bob, 'Moving around'))!.id;
    const ids = async (label: string) => (await list(bob, `systemLabel=${label}`)).map((m) => m.id);

    expect((await call(bob, 'POST', '/mails/delete', { mailIds: [id] })).json()).toEqual({ updated: 0 });
    await update(bob, [id], 'trash');
    expect(await ids('inbox')).not.toContain(id);
    expect(await ids('trash')).toContain(id);
    expect(await ids('all')).not.toContain(id);
    await update(bob, [id], 'restore');
    expect(await ids('inbox')).toContain(id);
    await update(bob, [id], 'archive');
    expect(await ids('inbox')).not.toContain(id);
    expect(await ids('all')).toContain(id);
    await update(bob, [id], 'spam');
    expect(await ids('spam')).toContain(id);
    await update(bob, [id], 'notSpam');
    expect(await ids('inbox')).toContain(id);
    await update(bob, [id], 'trash');
    expect((await call(bob, 'POST', '/mails/delete', { mailIds: [id] })).json()).toEqual({ updated: 1 });
    expect((await open(bob, id)).statusCode).toBe(404);
    // Alice still has her sent copy: the message stays while someone holds it.
    expect((await list(alice, 'systemLabel=sent')).map((m) => m.subject)).toContain('Moving around');
  });

  it('saves, updates and sends a draft: it leaves drafts and arrives in the inbox once', async () => {
    const created = await call(alice, 'POST', '/drafts', {
      to: [],
      subject: 'Draft one',
      message: '<p>first</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json<{ mail: Mail }>().mail;
    expect(draft.folder).toBe('drafts');
    expect((await labels(alice)).drafts!.unreadCount).toBeGreaterThanOrEqual(1);

    const saved = await call(alice, 'PUT', `/drafts/${draft.id}`, {
      to: [bob.email],
      subject: 'Draft final',
      message: '<p>second</p>',
    });
    expect(saved.json<{ mail: Mail }>().mail).toMatchObject({ id: draft.id, subject: 'Draft final' });
    expect((await call(bob, 'PUT', `/drafts/${draft.id}`, { subject: 'hijack' })).statusCode).toBe(404);

    const sent = await send(alice, {
      draftId: draft.id,
      to: [bob.email],
      subject: 'Draft final',
      message: '<p>second</p>',
    });
    expect(sent).toMatchObject({ id: draft.id, folder: 'sent' });
    expect((await list(alice, 'systemLabel=drafts')).map((m) => m.id)).not.toContain(draft.id);
    expect((await list(bob, 'systemLabel=inbox')).filter((m) => m.subject === 'Draft final')).toHaveLength(1);
    // A sent mail is no longer a draft: neither sending nor saving it again works.
    expect((await call(alice, 'POST', '/send', { draftId: draft.id, to: [bob.email] })).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/drafts/${draft.id}`)).statusCode).toBe(404);

    const discard = (await call(alice, 'POST', '/drafts', { subject: 'Never mind' })).json<{ mail: Mail }>()
      .mail;
    expect((await call(alice, 'DELETE', `/drafts/${discard.id}`)).statusCode).toBe(204);
    expect((await open(alice, discard.id)).statusCode).toBe(404);
  });

  it('replies: the reply knows which of the reader’s mails it answers', async () => {
    await send(alice, { to: [bob.email], subject: 'Question', message: '<p>Are you in?</p>' });
    const question = (await inboxMail(bob, 'Question'))!;
    const reply = await send(bob, {
      to: [alice.email],
      subject: 'Re: Question',
      message: '<p>Yes</p>',
      inReplyTo: question.id,
    });
    expect(reply.inReplyTo).toBe(question.id);
    const alicesReply = (await inboxMail(alice, 'Re: Question'))!;
    const alicesQuestion = (await list(alice, 'systemLabel=sent')).find((m) => m.subject === 'Question')!;
    expect((await open(alice, alicesReply.id)).json<{ mail: Mail }>().mail.inReplyTo).toBe(alicesQuestion.id);
    // Replying to someone else's copy is refused like any unknown mail.
    expect(
      (await call(carol, 'POST', '/send', { to: [alice.email], inReplyTo: question.id })).statusCode,
    ).toBe(404);
  });
});

describe('mail: safety, outside addresses, search, labels, live', () => {
  it('stores bodies sanitised: no scripts, handlers, javascript: links, SVG, frames, forms or styles', async () => {
    const hostile = [
      '<p>ok</p><script>alert(1)</script>',
      '<img src="x" onerror="alert(1)"><img src="https://example.com/a.png" onload="x()">',
      '<a href="javascript:alert(1)">click</a><a href="JaVaScRiPt:alert(1)">again</a>',
      '<svg><script>alert(1)</script><circle onload="alert(1)"/></svg>',
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>',
      '<p style="background:url(javascript:alert(1))">styled</p><style>body{display:none}</style>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
    ].join('');
    const sent = await send(alice, { to: [bob.email], subject: 'Hostile', message: hostile });
    const [stored] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, 'Hostile'));
    for (const html of [sent.message, stored!.html]) {
      expect(html).not.toMatch(
        /<script|onerror|onload|javascript:|<svg|<iframe|<form|<input|style=|<style|data:/i,
      );
      expect(html).toContain('<p>ok</p>');
      expect(html).toContain('<img src="https://example.com/a.png" />');
      expect(html).toContain('<p>styled</p>');
    }
    expect(stored!.text).not.toContain('alert');
  });

  it('mail to outside addresses goes to the outbox; without SMTP the sender is told it was not delivered', async () => {
    const sent = await send(alice, {
      to: [bob.email, 'partner@outside.example'],
      subject: 'Outside too',
      message: '<p>Hi both</p>',
    });
    expect(sent.undelivered).toEqual(['partner@outside.example']);
    // The outbox (recorded by the test app's mailer) has it; nothing went to Bob that way.
    const queued = t.mails.filter((m) => m.to === 'partner@outside.example');
    expect(queued).toEqual([expect.objectContaining({ subject: 'Outside too' })]);
    expect(queued[0]!.text).toContain('Hi both');
    expect(t.mails.some((m) => m.to === bob.email && m.subject === 'Outside too')).toBe(false);
    // Bob sees neither the undelivered list nor anything missing.
    const bobs = (await open(bob, (await inboxMail(bob, 'Outside too'))!.id)).json<{ mail: Mail }>().mail;
    expect(bobs.undelivered).toEqual([]);
  });

  it('refuses bad input with a clear 400: no recipient, too many, bad address, unknown label or action', async () => {
    const cases: Array<[string, object, RegExp]> = [
      ['/send', { subject: 'x' }, /recipient/i],
      ['/send', { to: Array.from({ length: 101 }, (_, i) => `p${i}@example.com`) }, /100/],
      ['/send', { to: ['not an address'] }, /email/i],
      ['/mails/update', { mailIds: ['00000000-0000-4000-8000-000000000000'], action: 'explode' }, /action/i],
      ['/mails/update', { mailIds: [], action: 'read' }, /select/i],
      ['/labels', { name: '   ' }, /name/i],
    ];
    for (const [url, payload, message] of cases) {
      const res = await call(alice, 'POST', url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await call(alice, 'GET', '/mails?systemLabel=nope')).statusCode).toBe(400);
    expect(
      (await call(alice, 'GET', '/mails?customLabel=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('finds mail by words of the subject, the sender, the recipients and the text, also by their start', async () => {
    await send(carol, {
      to: [bob.email],
      subject: 'Invoice 2291 overdue',
      message: '<p>Please settle the balance</p>',
    });
    const subjects = async (search: string) =>
      (await list(bob, `systemLabel=all&search=${encodeURIComponent(search)}`)).map((m) => m.subject);
    expect(await subjects('invoice')).toContain('Invoice 2291 overdue');
    expect(await subjects('overd')).toContain('Invoice 2291 overdue');
    expect(await subjects('balance settle')).toContain('Invoice 2291 overdue');
    expect(await subjects('danvers')).toContain('Invoice 2291 overdue');
    expect(await subjects('invoice lunch')).not.toContain('Invoice 2291 overdue');
    expect(await subjects('%_\'";--')).toEqual(expect.any(Array));
  });

  it('custom labels: create, apply, count unread, rename, refuse duplicates and others’ labels, delete', async () => {
    const created = await call(bob, 'POST', '/labels', { name: 'Forums', color: 'info' });
    expect(created.statusCode, created.body).toBe(200);
    const label = created.json<{ label: MailLabel }>().label;
    expect(label).toMatchObject({ type: 'custom', name: 'Forums', color: 'info', unreadCount: 0 });
    expect((await call(bob, 'POST', '/labels', { name: 'forums' })).statusCode).toBe(409);

    await send(alice, { to: [bob.email], subject: 'Forum digest', message: '<p>digest</p>' });
    const id = (await inboxMail(bob, 'Forum digest'))!.id;
    expect((await call(bob, 'POST', '/mails/labels', { mailIds: [id], add: [label.id] })).statusCode).toBe(
      204,
    );
    expect((await list(bob, `customLabel=${label.id}`)).map((m) => m.id)).toEqual([id]);
    expect((await labels(bob)).Forums!.unreadCount).toBe(1);
    expect((await inboxMail(bob, 'Forum digest'))!.labelIds).toEqual([label.id]);
    // Carol can neither use nor see Bob's label.
    expect((await call(carol, 'POST', '/mails/labels', { mailIds: [id], add: [label.id] })).statusCode).toBe(
      404,
    );
    expect((await call(carol, 'GET', `/mails?customLabel=${label.id}`)).statusCode).toBe(404);
    expect((await call(carol, 'PATCH', `/labels/${label.id}`, { name: 'Mine' })).statusCode).toBe(404);

    const renamed = await call(bob, 'PATCH', `/labels/${label.id}`, {
      name: 'Communities',
      color: 'success',
    });
    expect(renamed.json<{ label: MailLabel }>().label).toMatchObject({
      name: 'Communities',
      color: 'success',
      unreadCount: 1,
    });
    expect((await call(bob, 'DELETE', `/labels/${label.id}`)).statusCode).toBe(204);
    expect((await inboxMail(bob, 'Forum digest'))!.labelIds).toEqual([]);
  });

  it('attachments: the sender attaches their upload; recipients can read it, others cannot', async () => {
    const png = multipartBody(await pngWithMetadata(), 'chart.png', 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files?use=attachment',
      headers: { ...alice.headers, ...png.headers },
      payload: png.payload,
    });
    const file = upload.json<{ file: StoredFile }>().file;
    expect((await call(bob, 'POST', '/send', { to: [carol.email], attachments: [file.id] })).statusCode).toBe(
      400,
    );
    await send(alice, {
      to: [bob.email],
      subject: 'With chart',
      message: '<p>see</p>',
      attachments: [file.id],
    });
    const bobs = (await inboxMail(bob, 'With chart'))!;
    expect(bobs.attachmentCount).toBe(1);
    const mail = (await open(bob, bobs.id)).json<{ mail: Mail }>().mail;
    expect(mail.attachments).toEqual([expect.objectContaining({ id: file.id, name: file.name })]);
    const asBob = await t.app.inject({ method: 'GET', url: mail.attachments[0]!.url, headers: bob.headers });
    expect(asBob.statusCode).toBe(200);
    const asCarol = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}`,
      headers: carol.headers,
    });
    expect(asCarol.statusCode).toBe(404);
  });

  it('suggests people of the instance by name or address (those who show it: privacy.routes.test.ts)', async () => {
    const shown = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account',
      headers: bob.headers,
      payload: { privacy: { email: 'members' } },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const res = await call(alice, 'GET', '/contacts?search=marl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ contacts: unknown[] }>().contacts).toEqual([
      expect.objectContaining({ name: 'Bob Marley', email: bob.email, userId: bob.id }),
    ]);
    expect(
      (await call(alice, 'GET', '/contacts?search=%25')).json<{ contacts: unknown[] }>().contacts,
    ).toEqual([]);
  });

  it('a new mail reaches the recipient’s socket at once; the sender’s other tabs hear that the mailbox changed', async () => {
    const connect = (who: Member) => signedInSocket(base, who.token);
    const [bobTab, aliceTab, carolTab] = await Promise.all([connect(bob), connect(alice), connect(carol)]);
    try {
      await send(alice, { to: [bob.email], subject: 'Live one', message: '<p>now</p>' });
      const bobs = (await inboxMail(bob, 'Live one'))!;
      await expect
        .poll(() => bobTab.received.filter((m) => m.type === 'mail.new'))
        .toEqual([{ type: 'mail.new', mailId: bobs.id }]);
      await expect.poll(() => aliceTab.received.some((m) => m.type === 'mail.changed')).toBe(true);
      expect(carolTab.received.some((m) => m.type === 'mail.new')).toBe(false);
    } finally {
      for (const tab of [bobTab, aliceTab, carolTab]) tab.ws.close();
    }
  });
});
