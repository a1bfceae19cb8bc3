import { Writable } from 'node:stream';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import {
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_PATH,
  realtimeCloseCodes,
  type RealtimeServerMessage,
} from '#shared/contract/realtime.ts';

import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { socketLimits } from '../lib/limits.ts';
import { bearer, register } from '../testing/test-app.ts';
import { createTestDb, createTestDbs } from '../testing/test-db.ts';
import { envelopes } from './realtime.ts';

type Socket = {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  /** Resolves with the next message matching `match` (already received ones count). */
  next: (
    match: (message: RealtimeServerMessage) => boolean,
    timeoutMs?: number,
  ) => Promise<RealtimeServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
};

function connect(base: string, options: { origin?: string } = {}): Promise<Socket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${REALTIME_PATH}`, options);
  const messages: RealtimeServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as RealtimeServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next: Socket['next'] = (match, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message in time')), timeoutMs);
      const look = () => {
        const found = messages.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(look);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, next, closed }));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

async function signedIn(base: string, token: string): Promise<Socket> {
  const socket = await connect(base);
  socket.ws.send(JSON.stringify({ type: 'auth', token }));
  await socket.next((m) => m.type === 'ready');
  return socket;
}

/** Two app instances on one database (two PostgreSQL pools on the PostgreSQL run), listening on ports. */
let databases: Database[];
let apps: FastifyInstance[];
let bases: string[];

beforeAll(async () => {
  databases = await createTestDbs(2);
  apps = await Promise.all(databases.map((database) => buildApp({ database, logger: false })));
  bases = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await databases[0]?.close();
});

describe('the real-time socket', () => {
  it('refuses another origin before the upgrade', async () => {
    await expect(connect(bases[0]!, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    // The page's own origin is fine.
    const own = await connect(bases[0]!, { origin: bases[0]! });
    own.ws.close();
  });

  it('closes a connection whose first message carries no valid token', async () => {
    const socket = await connect(bases[0]!);
    socket.ws.send(JSON.stringify({ type: 'auth', token: 'a.b.c' }));
    expect((await socket.closed).code).toBe(realtimeCloseCodes.unauthorized);

    const garbled = await connect(bases[0]!);
    garbled.ws.send('not json');
    expect((await garbled.closed).code).toBe(realtimeCloseCodes.badMessage);
  });

  it('refuses a message over the size cap', async () => {
    const socket = await connect(bases[0]!);
    socket.ws.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(64 * 1024) }));
    expect((await socket.closed).code).toBe(1009);
  });

  it('answers pings, and delivers events only to the users they are for', async () => {
    const ada = await register(apps[0]!, { firstName: 'Ada' });
    const bob = await register(apps[0]!, { firstName: 'Bob' });
    const adaSocket = await signedIn(bases[0]!, ada.accessToken);
    const bobSocket = await signedIn(bases[0]!, bob.accessToken);

    adaSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await adaSocket.next((m) => m.type === 'pong');

    await apps[0]!.realtime.publish([ada.user.id], { type: 'notifications.changed', unreadCount: 7 });
    expect(await adaSocket.next((m) => m.type === 'notifications.changed')).toEqual({
      type: 'notifications.changed',
      unreadCount: 7,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobSocket.messages.filter((m) => m.type === 'notifications.changed')).toEqual([]);
    adaSocket.ws.close();
    bobSocket.ws.close();
  });

  it('pushes a new notification with the unread count (someone follows you)', async () => {
    const ada = await register(apps[0]!, { firstName: 'Ada' });
    const bob = await register(apps[0]!, { firstName: 'Bob' });
    const bobSocket = await signedIn(bases[0]!, bob.accessToken);
    const follow = await apps[0]!.inject({
      method: 'POST',
      url: `/api/users/${bob.user.id}/follow`,
      headers: bearer(ada.accessToken),
    });
    expect(follow.statusCode).toBe(200);
    // The welcome notification and the new one.
    expect(await bobSocket.next((m) => m.type === 'notifications.changed')).toEqual({
      type: 'notifications.changed',
      unreadCount: 2,
    });
    const list = await apps[0]!.inject({ url: '/api/notifications', headers: bearer(bob.accessToken) });
    expect(list.json<{ notifications: { title: string }[] }>().notifications[0]?.title).toBe(
      'Ada Lovelace started following you',
    );
    bobSocket.ws.close();
  });

  it('closes the socket when its session ends, and only that session’s', async () => {
    const ada = await register(apps[0]!);
    const other = await apps[0]!.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: ada.user.email, password: 'correct horse battery staple' },
    });
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    const first = await signedIn(bases[0]!, ada.accessToken);
    const second = await signedIn(bases[0]!, otherToken);

    const logout = await apps[0]!.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(ada.accessToken),
    });
    expect(logout.statusCode).toBe(204);
    expect((await first.closed).code).toBe(realtimeCloseCodes.sessionEnded);
    second.ws.send(JSON.stringify({ type: 'ping' }));
    await second.next((m) => m.type === 'pong');
    second.ws.close();
  });

  it('delivers an event published through one instance to a socket connected to the other', async () => {
    const ada = await register(apps[0]!, { firstName: 'Ada' });
    const bob = await register(apps[1]!, { firstName: 'Bob' });
    // Bob is connected to the second instance; Ada acts through the first.
    const bobSocket = await signedIn(bases[1]!, bob.accessToken);
    const follow = await apps[0]!.inject({
      method: 'POST',
      url: `/api/users/${bob.user.id}/follow`,
      headers: bearer(ada.accessToken),
    });
    expect(follow.statusCode).toBe(200);
    expect(await bobSocket.next((m) => m.type === 'notifications.changed')).toMatchObject({ unreadCount: 2 });
    expect(apps[0]!.realtime.connectionCount()).toBe(0);
    expect(apps[1]!.realtime.connectionCount()).toBe(1);

    // A ban through the first instance closes Bob's socket on the second.
    const admin = await register(apps[0]!);
    await databases[0]!.db.execute(
      // The first account of a fresh database is admin; make sure of it for this one.
      (await import('drizzle-orm')).sql`update users set role = 'admin' where id = ${admin.user.id}`,
    );
    const ban = await apps[0]!.inject({
      method: 'PATCH',
      url: `/api/users/${bob.user.id}`,
      headers: bearer(admin.accessToken),
      payload: { status: 'banned' },
    });
    expect(ban.statusCode).toBe(200);
    expect((await bobSocket.closed).code).toBe(realtimeCloseCodes.sessionEnded);
  });
});

describe('socket limits', () => {
  it('lets a person have 20 tabs open, and closes the 21st socket with 4429 and a reason', async () => {
    const ada = await register(apps[0]!, { firstName: 'Ada' });
    const tabs = [];
    for (let i = 0; i < socketLimits.socketsPerPerson; i++)
      tabs.push(await signedIn(bases[0]!, ada.accessToken));
    const extra = await connect(bases[0]!);
    extra.ws.send(JSON.stringify({ type: 'auth', token: ada.accessToken }));
    expect(await extra.closed).toEqual({
      code: realtimeCloseCodes.tooMany,
      reason: 'Too many connections for this account',
    });
    // The open tabs still work; one closed makes room for another.
    tabs[0]!.ws.send(JSON.stringify({ type: 'ping' }));
    await tabs[0]!.next((m) => m.type === 'pong');
    tabs.pop()!.ws.close();
    await expect.poll(() => apps[0]!.realtime.connectionCount()).toBe(socketLimits.socketsPerPerson - 1);
    tabs.push(await signedIn(bases[0]!, ada.accessToken));
    for (const tab of tabs) tab.ws.close();
  });

  it('caps the sockets one address keeps open without authenticating', async () => {
    const waiting: Socket[] = [];
    for (let i = 0; i < socketLimits.unauthenticatedPerIp; i++) waiting.push(await connect(bases[0]!));
    const over = await connect(bases[0]!);
    expect(await over.closed).toEqual({
      code: realtimeCloseCodes.tooMany,
      reason: 'Too many connections waiting to sign in',
    });
    // One that signs in no longer counts: the address may open another.
    const ada = await register(apps[0]!, { firstName: 'Ada' });
    waiting[0]!.ws.send(JSON.stringify({ type: 'auth', token: ada.accessToken }));
    await waiting[0]!.next((m) => m.type === 'ready');
    const next = await connect(bases[0]!);
    next.ws.send(JSON.stringify({ type: 'ping' }));
    await next.next((m) => m.type === 'pong');
    for (const socket of [...waiting, next]) socket.ws.close();
  });

  it('answers a person’s pings, and closes a socket that floods messages', async () => {
    const ada = await register(apps[0]!, { firstName: 'Ada' });
    const socket = await signedIn(bases[0]!, ada.accessToken);
    for (let i = 0; i < 10; i++) socket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => socket.messages.filter((m) => m.type === 'pong').length).toBe(10);
    for (let i = 0; i < 100; i++) socket.ws.send(JSON.stringify({ type: 'active' }));
    expect(await socket.closed).toEqual({ code: realtimeCloseCodes.tooMany, reason: 'Too many messages' });
    await expect.poll(() => apps[0]!.realtime.connectionCount()).toBe(0);
  });

  it('logs an oversized frame once at warn level, without a stack, however many arrive', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const database = await createTestDb();
    const app = await buildApp({ database, logger: { level: 'info', stream } });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 3; i++) {
        const socket = await connect(base);
        socket.ws.send('x'.repeat(REALTIME_MAX_MESSAGE_BYTES + 1));
        expect((await socket.closed).code).toBe(1009);
      }
      const warnings = lines.filter((line) => line.event === 'realtime.oversized');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, maxBytes: REALTIME_MAX_MESSAGE_BYTES });
      expect(JSON.stringify(warnings[0])).not.toMatch(/stack|"err"/);
      expect(lines.filter((line) => JSON.stringify(line).includes('Max payload size'))).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('fan-out envelopes', () => {
  it('split long recipient lists so every NOTIFY payload stays under 8,000 bytes', () => {
    const users = Array.from(
      { length: 1000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const payloads = envelopes(users, { type: 'notifications.changed', unreadCount: 1 });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const delivered = payloads.flatMap((payload) => (JSON.parse(payload) as { users: string[] }).users);
    expect(delivered).toEqual(users);
  });
});

describe('presence', () => {
  type Presence = { userId: string; status: string; lastActivity: string | null };
  const presenceOf = async (app: FastifyInstance, token: string, userId: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/presence?userIds=${userId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ presence: Presence[] }>().presence[0];
  };
  const changed = (userId: string, status: string) => (m: RealtimeServerMessage) =>
    m.type === 'presence.changed' && m.userId === userId && m.status === status;

  it('is online while a socket is open, on any instance, and offline after; everyone hears it live', async () => {
    const alice = await register(apps[0]!, {});
    const bob = await register(apps[1]!, {});
    expect(await presenceOf(apps[1]!, bob.accessToken, alice.user.id)).toMatchObject({ status: 'offline' });
    const bobSocket = await signedIn(bases[1]!, bob.accessToken);
    const aliceSocket = await signedIn(bases[0]!, alice.accessToken);
    // Alice is on instance 0; Bob, on instance 1, hears it and reads it there.
    await bobSocket.next(changed(alice.user.id, 'online'));
    expect(await presenceOf(apps[1]!, bob.accessToken, alice.user.id)).toMatchObject({ status: 'online' });

    aliceSocket.ws.close();
    await bobSocket.next(changed(alice.user.id, 'offline'));
    const after = await presenceOf(apps[1]!, bob.accessToken, alice.user.id);
    expect(after?.status).toBe('offline');
    expect(after?.lastActivity).not.toBeNull();
    bobSocket.ws.close();
  });

  it('shows a chosen status (busy, appear offline) and goes away without activity until the next one', async () => {
    const alice = await register(apps[0]!, {});
    const bob = await register(apps[1]!, {});
    const bobSocket = await signedIn(bases[1]!, bob.accessToken);
    const aliceSocket = await signedIn(bases[0]!, alice.accessToken);
    await bobSocket.next(changed(alice.user.id, 'online'));

    const choose = (status: string) =>
      apps[0]!.inject({
        method: 'PUT',
        url: '/api/presence/me',
        headers: bearer(alice.accessToken),
        payload: { status },
      });
    const busy = await choose('busy');
    expect(busy.json()).toMatchObject({ choice: 'busy', presence: { status: 'busy' } });
    await bobSocket.next(changed(alice.user.id, 'busy'));
    await choose('offline');
    await bobSocket.next(changed(alice.user.id, 'offline'));
    expect(await presenceOf(apps[1]!, bob.accessToken, alice.user.id)).toMatchObject({ status: 'offline' });
    expect((await choose('invisible')).statusCode).toBe(400);
    await choose('online');
    await bobSocket.next(changed(alice.user.id, 'online'));

    // Nothing done for ten minutes: away. One sign of life from her tab: online again.
    await databases[0]!.db.execute(
      sql`update presence set last_active_at = now() - interval '10 minutes' where user_id = ${alice.user.id}`,
    );
    expect(await presenceOf(apps[1]!, bob.accessToken, alice.user.id)).toMatchObject({ status: 'away' });
    aliceSocket.ws.send(JSON.stringify({ type: 'active' }));
    await expect
      .poll(async () => (await presenceOf(apps[1]!, bob.accessToken, alice.user.id))?.status)
      .toBe('online');
    const mine = await apps[0]!.inject({
      method: 'GET',
      url: '/api/presence/me',
      headers: bearer(alice.accessToken),
    });
    expect(mine.json()).toMatchObject({ choice: 'online', presence: { status: 'online' } });
    aliceSocket.ws.close();
    bobSocket.ws.close();
  });

  it('answers 401 signed out and 400 for bad ids', async () => {
    const bob = await register(apps[0]!, {});
    expect(
      (await apps[0]!.inject({ method: 'GET', url: `/api/presence?userIds=${bob.user.id}` })).statusCode,
    ).toBe(401);
    for (const query of [
      '',
      '?userIds=',
      '?userIds=nope',
      `?userIds=${Array(201)
        .fill(0)
        .map(() => crypto.randomUUID())
        .join(',')}`,
    ]) {
      const res = await apps[0]!.inject({
        method: 'GET',
        url: `/api/presence${query}`,
        headers: bearer(bob.accessToken),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('chat across instances', () => {
  it('a message sent through one instance arrives on a socket connected to the other', async () => {
    const alice = await register(apps[0]!, {});
    // Each test instance signs with its own secret: Bob signs in to the instance his socket is on.
    const bob = await register(apps[1]!, {});
    const bobSocket = await signedIn(bases[1]!, bob.accessToken);
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(alice.accessToken),
      payload: {
        recipientIds: [bob.user.id],
        message: { body: 'Across the load balancer', clientId: 'cross-1234' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const conversationId = res.json<{ conversation: { id: string } }>().conversation.id;
    await bobSocket.next((m) => m.type === 'chat.message' && m.conversationId === conversationId);
    bobSocket.ws.close();
  });
});
