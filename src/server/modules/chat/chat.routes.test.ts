import { randomUUID } from 'node:crypto';

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChatMessage, Conversation } from '#shared/contract/chat.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { chatMessages, chatParticipants, files, users } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, multipartBody, pngWithMetadata, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let base: string;
let alice: Member;
let bob: Member;
let carol: Member;
let bobSlug: string;
let aliceSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await member(t.app, 'Grace', 'Hopper');
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  carol = await member(t.app, 'Carol', 'Danvers');
  const slugOf = async (id: string) =>
    (await t.database.db.select({ slug: users.slug }).from(users).where(eq(users.id, id)))[0]!.slug;
  aliceSlug = await slugOf(alice.id);
  bobSlug = await slugOf(bob.id);
});
afterAll(async () => {
  await t?.close();
});

const clientId = () => `c-${randomUUID()}`;

const { call, ok } = apiCalls(() => t.app, '/api/chat');

async function start(from: Member, to: Member[], body: string, name?: string): Promise<Conversation> {
  const started = await ok<{ conversation: Conversation }>(from, 'POST', '/conversations', {
    recipientIds: to.map((m) => m.id),
    message: { body, clientId: clientId() },
    ...(name !== undefined && { name }),
  });
  return started.conversation;
}

async function say(from: Member, conversationId: string, body: string, extra: object = {}) {
  return call(from, 'POST', '/messages', { conversationId, body, clientId: clientId(), ...extra });
}

const conversationOf = async (who: Member, key: string) =>
  (await call(who, 'GET', `/conversation?conversationKey=${key}`)).json<{ conversation: Conversation }>()
    .conversation;

/** Uploads a picture as `who`'s attachment (`POST /api/files?use=attachment`). */
async function uploadPicture(who: Member): Promise<StoredFile> {
  const png = multipartBody(await pngWithMetadata(), 'photo.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files?use=attachment',
    headers: { ...who.headers, ...png.headers },
    payload: png.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ file: StoredFile }>().file;
}

/** A signed-in socket that collects what it receives. */
const socketOf = (who: Member) => signedInSocket(base, who.token);

describe('chat: one-to-one', () => {
  it('starts a conversation, reuses it from either side, counts unread and marks it seen', async () => {
    const first = await start(alice, [bob], 'Hello Bob');
    expect(first).toMatchObject({ type: 'ONE_TO_ONE', name: null, unreadCount: 0 });
    expect(first.participants.map((p) => p.id).sort()).toEqual([alice.id, bob.id].sort());
    expect(first.messages).toEqual([
      expect.objectContaining({
        body: 'Hello Bob',
        senderId: alice.id,
        contentType: 'text',
        attachments: [],
      }),
    ]);

    // Bob's list shows it with one unread message and the last message.
    const list = (await call(bob, 'GET', '/conversations')).json<{ conversations: Conversation[] }>();
    const mine = list.conversations.find((c) => c.id === first.id);
    expect(mine).toMatchObject({
      unreadCount: 1,
      messages: [expect.objectContaining({ body: 'Hello Bob' })],
    });
    // The totals behind the nav badge and the tab title.
    expect((await call(bob, 'GET', '/unread')).json()).toEqual({ unreadCount: 1, conversations: 1 });
    expect((await call(alice, 'GET', '/unread')).json()).toEqual({ unreadCount: 0, conversations: 0 });

    // Bob answers by starting "a new one" with Alice: it is the same conversation.
    const again = await start(bob, [alice], 'Hi Alice');
    expect(again.id).toBe(first.id);
    expect(again.messages.map((m) => m.body)).toEqual(['Hello Bob', 'Hi Alice']);

    // The contact's username is a key to it too.
    expect((await conversationOf(alice, bobSlug)).id).toBe(first.id);
    expect((await conversationOf(bob, aliceSlug)).unreadCount).toBe(0);
    expect((await conversationOf(alice, first.id)).unreadCount).toBe(1);

    const seen = await call(alice, 'POST', `/conversation/mark-as-seen?conversationId=${first.id}`);
    expect(seen.statusCode).toBe(204);
    const after = await conversationOf(alice, first.id);
    expect(after.unreadCount).toBe(0);
    // Read receipts: both have seen Bob's message now.
    expect(after.readBy[alice.id]).toBe(after.messages.at(-1)!.id);
    expect(after.readBy[bob.id]).toBe(after.messages.at(-1)!.id);
    expect(
      (await call(alice, 'GET', `/conversation/mark-as-seen?conversationId=${first.id}`)).statusCode,
    ).toBe(204);
  });

  it('lists contacts (everyone active but me, with presence) and participants', async () => {
    const contacts = (await call(alice, 'GET', '/contacts')).json<{
      contacts: Array<{ id: string; status: string }>;
    }>().contacts;
    expect(contacts.map((c) => c.id)).toEqual(expect.arrayContaining([bob.id, carol.id]));
    expect(contacts.map((c) => c.id)).not.toContain(alice.id);
    expect(contacts[0]).toMatchObject({
      status: 'offline',
      username: expect.any(String),
      email: expect.any(String),
    });
    const participants = (await call(bob, 'GET', `/participants?conversationKey=${aliceSlug}`)).json<{
      participants: Array<{ id: string }>;
    }>().participants;
    expect(participants.map((p) => p.id).sort()).toEqual([alice.id, bob.id].sort());
  });

  it('stores a retried send once; a clientId reused elsewhere is a conflict', async () => {
    const conversation = await conversationOf(alice, bobSlug);
    const id = clientId();
    const once = await call(alice, 'POST', '/messages', {
      conversationId: conversation.id,
      body: 'once',
      clientId: id,
    });
    const twice = await call(alice, 'POST', '/messages', {
      conversationId: conversation.id,
      body: 'once',
      clientId: id,
    });
    expect(once.statusCode).toBe(200);
    expect(twice.json<{ message: ChatMessage }>().message.id).toBe(
      once.json<{ message: ChatMessage }>().message.id,
    );
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.clientId, id));
    expect(stored).toHaveLength(1);

    const group = await start(alice, [bob, carol], 'Group hello', 'Trip');
    const elsewhere = await call(alice, 'POST', '/messages', {
      conversationId: group.id,
      body: 'x',
      clientId: id,
    });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('refuses bad input with 400 and a message', async () => {
    const conversation = await conversationOf(alice, bobSlug);
    for (const payload of [
      { conversationId: conversation.id, body: '   ', clientId: clientId() },
      { conversationId: conversation.id, body: 'x'.repeat(5001), clientId: clientId() },
      { conversationId: conversation.id, body: 'x', clientId: 'no' },
      { conversationId: 'nope', body: 'x', clientId: clientId() },
      { conversationId: conversation.id, body: 'x', clientId: clientId(), contentType: 'video' },
    ]) {
      const res = await call(alice, 'POST', '/messages', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const toSelf = await call(alice, 'POST', '/conversations', {
      recipientIds: [alice.id],
      message: { body: 'me', clientId: clientId() },
    });
    expect(toSelf.statusCode).toBe(400);
  });
});

describe('chat: only participants', () => {
  it('answers 404 to anyone else for the conversation, its people, messages and attachments — and changes nothing', async () => {
    const conversation = await conversationOf(alice, bobSlug);
    const file = await uploadPicture(alice);
    const sent = await say(alice, conversation.id, 'a picture', {
      contentType: 'image',
      attachments: [file.id],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json<{ message: ChatMessage }>().message;
    expect(message.attachments).toEqual([expect.objectContaining({ id: file.id, mimeType: 'image/webp' })]);
    // The room's "attachments" panel lists it for the participants.
    const shared = await call(bob, 'GET', `/attachments?conversationKey=${conversation.id}`);
    expect(shared.json<{ attachments: StoredFile[] }>().attachments.map((f) => f.id)).toEqual([file.id]);

    const count = async () => (await t.database.db.select().from(chatMessages)).length;
    const before = await count();
    const unreadBefore = await t.database.db.select().from(chatParticipants);
    for (const [method, url, payload] of [
      ['GET', `/conversation?conversationKey=${conversation.id}`],
      ['GET', `/conversation?conversationKey=${randomUUID()}`],
      ['GET', `/conversation?conversationKey=no-such-person`],
      ['GET', `/participants?conversationKey=${conversation.id}`],
      ['GET', `/attachments?conversationKey=${conversation.id}`],
      ['GET', `/conversation/mark-as-seen?conversationId=${conversation.id}`],
      ['POST', '/messages', { conversationId: conversation.id, body: 'intruder', clientId: clientId() }],
      ['DELETE', `/messages/${message.id}`],
      ['PATCH', `/conversations/${conversation.id}`, { name: 'mine now' }],
      ['POST', '/typing', { conversationId: conversation.id }],
    ] as const) {
      const res = await call(carol, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await count()).toBe(before);
    expect(await t.database.db.select().from(chatParticipants)).toEqual(unreadBefore);

    // The attachment: Bob (a participant) reads it, Carol does not; its signed link works for Bob's browser.
    const content = `/api/files/${file.id}/content`;
    expect((await t.app.inject({ method: 'GET', url: content, headers: bob.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: content, headers: carol.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: message.attachments[0]!.url })).statusCode).toBe(200);

    // Someone else's file cannot be attached.
    const stolen = await say(carol, (await start(carol, [bob], 'hi')).id, 'look', { attachments: [file.id] });
    expect(stolen.statusCode).toBe(400);

    // The sender deletes it: "deleted" for everyone, and the picture is gone.
    expect((await call(bob, 'DELETE', `/messages/${message.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/messages/${message.id}`)).statusCode).toBe(204);
    const shown = (await conversationOf(bob, conversation.id)).messages.find((m) => m.id === message.id);
    expect(shown).toMatchObject({ body: '', attachments: [], deletedAt: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: content, headers: bob.headers })).statusCode).toBe(404);
    const after = await call(bob, 'GET', `/attachments?conversationKey=${conversation.id}`);
    expect(after.json<{ attachments: StoredFile[] }>().attachments).toEqual([]);
  });
});

describe('chat: groups, paging, live', () => {
  it('names a group, lets its members rename it; a one-to-one has no name', async () => {
    const group = await start(alice, [bob, carol], 'Welcome', 'Book club');
    expect(group).toMatchObject({ type: 'GROUP', name: 'Book club' });
    expect(group.participants).toHaveLength(3);
    expect(
      (await call(carol, 'PATCH', `/conversations/${group.id}`, { name: 'Reading circle' })).statusCode,
    ).toBe(204);
    expect((await conversationOf(bob, group.id)).name).toBe('Reading circle');
    const pair = await conversationOf(alice, bobSlug);
    expect((await call(alice, 'PATCH', `/conversations/${pair.id}`, { name: 'x' })).statusCode).toBe(400);
  });

  it('pages older messages by cursor, oldest first within a page', async () => {
    const group = await start(bob, [carol], 'm0');
    for (let i = 1; i < 35; i++) expect((await say(bob, group.id, `m${i}`)).statusCode).toBe(200);
    const first = (await call(carol, 'GET', `/conversation?conversationKey=${group.id}`)).json<{
      conversation: Conversation;
      nextCursor: string | null;
    }>();
    expect(first.conversation.messages.map((m) => m.body)).toEqual(
      Array.from({ length: 30 }, (_, i) => `m${i + 5}`),
    );
    const older = (
      await call(carol, 'GET', `/conversation?conversationKey=${group.id}&cursor=${first.nextCursor}`)
    ).json<{ conversation: Conversation; nextCursor: string | null }>();
    // Carol and Bob's one-to-one began with her "hi" (the access test).
    expect(older.conversation.messages.map((m) => m.body)).toEqual(['hi', 'm0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.nextCursor).toBeNull();
    expect(
      (await call(carol, 'GET', `/conversation?conversationKey=${group.id}&cursor=bad`)).statusCode,
    ).toBe(400);
  });

  it('stores 200 concurrent sends once each, in one order, and every participant hears each exactly once', async () => {
    const conversation = await start(alice, [bob, carol], 'burst start', 'Burst');
    const bobSocket = await socketOf(bob);
    const aliceSocket = await socketOf(alice);
    await t.database.db.execute(sql`delete from rate_limits where key like 'write:chatMessage:%'`);
    const unreadOf = async (who: Member) =>
      (
        await t.database.db
          .select({ n: chatParticipants.unreadCount })
          .from(chatParticipants)
          .where(
            sql`${chatParticipants.conversationId} = ${conversation.id} and ${chatParticipants.userId} = ${who.id}`,
          )
      )[0]!.n;
    expect(await unreadOf(carol)).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => [
        say(alice, conversation.id, `a${i}`),
        say(bob, conversation.id, `b${i}`),
      ]).flat(),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    const stored = await t.database.db
      .select({ id: chatMessages.id, seq: chatMessages.seq })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversation.id));
    expect(stored).toHaveLength(201);
    expect(new Set(stored.map((s) => s.seq)).size).toBe(201);
    // Carol, who only read along, has every one of them unread: no increment was lost.
    expect(await unreadOf(carol)).toBe(201);

    const ids = new Set(results.map((r) => r.json<{ message: ChatMessage }>().message.id));
    for (const socket of [bobSocket, aliceSocket]) {
      await expect
        .poll(() => socket.received.filter((m) => m.type === 'chat.message' && ids.has(m.messageId)).length, {
          timeout: 10_000,
        })
        .toBe(200);
      const heard = socket.received.filter((m) => m.type === 'chat.message' && ids.has(m.messageId));
      expect(new Set(heard.map((m) => (m as { messageId: string }).messageId)).size).toBe(200);
      socket.ws.close();
    }
    // The conversation shows them in the stored order.
    const shown = (
      await call(bob, 'GET', `/conversation?conversationKey=${conversation.id}&limit=100`)
    ).json<{ conversation: Conversation }>().conversation.messages;
    const order = new Map(stored.map((s) => [s.id, s.seq]));
    const seqs = shown.map((m) => order.get(m.id)!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('tells the other participants who is typing, and nobody else', async () => {
    const conversation = await conversationOf(alice, bobSlug);
    const bobSocket = await socketOf(bob);
    const carolSocket = await socketOf(carol);
    expect((await call(alice, 'POST', '/typing', { conversationId: conversation.id })).statusCode).toBe(204);
    await expect
      .poll(() => bobSocket.received.some((m) => m.type === 'chat.typing' && m.userId === alice.id))
      .toBe(true);
    expect(carolSocket.received.some((m) => m.type === 'chat.typing')).toBe(false);
    bobSocket.ws.close();
    carolSocket.ws.close();
  });
});

describe('chat: uploads never sent', () => {
  it('are swept after a day; attached files and recent uploads stay', async () => {
    const [sent, abandoned, recent] = [
      await uploadPicture(alice),
      await uploadPicture(alice),
      await uploadPicture(alice),
    ];
    const conversation = await conversationOf(alice, bobSlug);
    expect((await say(alice, conversation.id, '', { attachments: [sent.id] })).statusCode).toBe(200);
    await t.database.db
      .update(files)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(inArray(files.id, [sent.id, abandoned.id]));

    expect(await t.app.files.sweepUnlinked()).toBe(1);

    const content = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/files/${id}/content`, headers: alice.headers });
    expect((await content(abandoned.id)).statusCode).toBe(404);
    expect((await content(sent.id)).statusCode).toBe(200);
    expect((await content(recent.id)).statusCode).toBe(200);
    // Nothing left to sweep.
    expect(await t.app.files.sweepUnlinked()).toBe(0);
  });
});
