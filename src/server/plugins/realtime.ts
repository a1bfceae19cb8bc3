import { EventEmitter } from 'node:events';

import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';

import {
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_PATH,
  realtimeCloseCodes,
  type RealtimeClientMessage,
  type RealtimeEvent,
  type RealtimeServerMessage,
} from '#shared/contract/realtime.ts';

import { socketLimits } from '../lib/limits.ts';
import { liveSessionIds } from './sessions.ts';

/** The channel every instance listens on (PostgreSQL `LISTEN`; in process on PGlite). */
export const REALTIME_CHANNEL = 'atrium_realtime';
/** `NOTIFY` payloads must stay under 8,000 bytes; recipients are split across messages to fit. */
const MAX_PAYLOAD_BYTES = 7_500;
const AUTH_TIMEOUT_MS = 10_000;
const PING_EVERY_MS = 30_000;
const SESSION_CHECK_EVERY_MS = 60_000;

/** What crosses instances: an event for some users, or sessions that ended. */
type Envelope =
  | { kind: 'event'; users: string[]; event: RealtimeEvent }
  | { kind: 'all'; event: RealtimeEvent }
  | { kind: 'end'; sessionIds?: string[]; userId?: string; exceptSessionId?: string };

export type SessionsEnded = { sessionId: string } | { userId: string; exceptSessionId?: string };

export interface Realtime {
  /**
   * Pushes `event` to every open socket of `users`, on every instance. Call it after the write's
   * transaction has committed; send ids and small fields (clients refetch the rest).
   */
  publish(users: readonly string[], event: RealtimeEvent): Promise<void>;
  /** Closes the sockets of ended sessions on every instance (sign-out, ban, password change). */
  sessionsEnded(ended: SessionsEnded): Promise<void>;
  /** Pushes `event` to every signed-in socket on every instance (presence). */
  broadcast(event: RealtimeEvent): Promise<void>;
  /** Open, signed-in sockets on this instance. */
  connectionCount(): number;
  /** Users with at least one signed-in socket on this instance. */
  localUsers(): string[];
  /**
   * Hears a user's first socket on this instance open (`connected`), their last one close (`disconnected`),
   * and their tabs report activity (`active`, at most twice a minute per socket). Presence builds on these.
   */
  onUser(what: 'connected' | 'disconnected' | 'active', listener: (userId: string) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type Client = { socket: WebSocket; userId: string; sessionId: string; alive: boolean; activeAt: number };

/** A tab's activity is heard at most this often. */
const ACTIVE_EVERY_MS = 30_000;

function send(socket: WebSocket, message: RealtimeServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Envelopes for `users`, each small enough for one NOTIFY. */
export function envelopes(users: readonly string[], event: RealtimeEvent): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  const encode = (ids: string[]) => JSON.stringify({ kind: 'event', users: ids, event } satisfies Envelope);
  for (const user of new Set(users)) {
    if (batch.length > 0 && Buffer.byteLength(encode([...batch, user])) > MAX_PAYLOAD_BYTES) {
      out.push(encode(batch));
      batch = [];
    }
    batch.push(user);
  }
  if (batch.length > 0) out.push(encode(batch));
  for (const payload of out) {
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Real-time event ${event.type} is too large for the fan-out: send ids, not records`);
    }
  }
  return out;
}

/** Same-origin browsers only (the page's own host, or PUBLIC_URL); clients without an Origin pass. */
function originAllowed(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const { host, origin: normalized } = new URL(origin);
    if (publicUrl && normalized === new URL(publicUrl).origin) return true;
    return host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * A socket's message budget: a bucket of `messageBurst` tokens refilled at `messagesPerSecond`; false when
 * a message finds it empty (the socket is then closed).
 */
function messageBudget(): () => boolean {
  let tokens: number = socketLimits.messageBurst;
  let at = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(
      socketLimits.messageBurst,
      tokens + ((now - at) / 1000) * socketLimits.messagesPerSecond,
    );
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

function parseClientMessage(data: unknown): RealtimeClientMessage | null {
  try {
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : String(data);
    const message = JSON.parse(text) as unknown;
    if (typeof message !== 'object' || message === null) return null;
    const { type, token } = message as { type?: unknown; token?: unknown };
    if (type === 'ping' || type === 'active') return { type };
    if (type === 'auth' && typeof token === 'string' && token.length < 4096) return { type, token };
    return null;
  } catch {
    return null;
  }
}

/**
 * One WebSocket endpoint for every live update (ADR 015). A client connects to `/api/realtime` and sends
 * `{ type: 'auth', token }` first (never the token in the URL); the server checks the Origin, caps message
 * size, pings every 30 s, rechecks every socket's session every minute and closes the sockets of sessions
 * that end. Limits (lib/limits.ts `socketLimits`): a message rate per socket, sockets per person, and
 * unauthenticated sockets per address; a socket over one is closed with `tooMany` (4429) and a reason. `app.realtime.publish(users, event)` fans out through the database's notification channel, so
 * an event published on one instance reaches the users' sockets on every instance.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const clients = new Map<string, Set<Client>>();
    const all = new Set<Client>();
    /** Sockets per client address that have not authenticated yet. */
    const unauthenticated = new Map<string, number>();
    /**
     * A client's frame `ws` refused (over the size cap, or broken): a warning without a stack trace, at most
     * one per `oversizeLogEveryMs` (with how many were not logged), so a flood of them cannot fill the log.
     */
    let refusedLoggedAt = -Infinity;
    let refusedUnlogged = 0;
    const refusedFrame = (ip: string, code: string) => {
      const now = Date.now();
      if (now - refusedLoggedAt < socketLimits.oversizeLogEveryMs) {
        refusedUnlogged++;
        return;
      }
      const notLogged = refusedUnlogged;
      refusedLoggedAt = now;
      refusedUnlogged = 0;
      if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        app.log.warn(
          { event: 'realtime.oversized', ip, maxBytes: REALTIME_MAX_MESSAGE_BYTES, notLogged },
          'Real-time message over the size cap: connection closed',
        );
      } else {
        app.log.warn(
          { event: 'realtime.badFrame', ip, code, notLogged },
          'Real-time frame refused: connection closed',
        );
      }
    };
    const listeners = new EventEmitter();
    const emit = (what: 'connected' | 'disconnected' | 'active', userId: string) => {
      try {
        listeners.emit(what, userId);
      } catch (error) {
        app.log.warn({ err: error }, `Real-time ${what} listener failed`);
      }
    };

    const add = (client: Client) => {
      all.add(client);
      let set = clients.get(client.userId);
      if (!set) clients.set(client.userId, (set = new Set()));
      set.add(client);
      if (set.size === 1) emit('connected', client.userId);
    };
    const remove = (client: Client) => {
      if (!all.delete(client)) return;
      const set = clients.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) {
        clients.delete(client.userId);
        emit('disconnected', client.userId);
      }
    };
    const end = (client: Client) => {
      remove(client);
      client.socket.close(realtimeCloseCodes.sessionEnded, 'Session ended');
    };

    const deliver = (payload: string) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(payload) as Envelope;
      } catch {
        app.log.warn('Unreadable real-time message ignored');
        return;
      }
      if (envelope.kind === 'all') {
        for (const client of all) send(client.socket, envelope.event);
        return;
      }
      if (envelope.kind === 'event') {
        for (const userId of envelope.users) {
          for (const client of clients.get(userId) ?? []) send(client.socket, envelope.event);
        }
        return;
      }
      for (const client of [...all]) {
        const bySession = envelope.sessionIds?.includes(client.sessionId);
        const byUser = envelope.userId === client.userId && client.sessionId !== envelope.exceptSessionId;
        if (bySession || byUser) end(client);
      }
    };

    const stopListening = await app.database.listen(REALTIME_CHANNEL, deliver, () => {
      // Events sent while the fan-out was down are lost: every client refetches what it shows.
      for (const client of all) send(client.socket, { type: 'resync' });
    });

    app.decorate('realtime', {
      publish: async (users, event) => {
        for (const payload of envelopes(users, event)) await app.database.notify(REALTIME_CHANNEL, payload);
      },
      sessionsEnded: async (ended) => {
        const envelope: Envelope =
          'sessionId' in ended
            ? { kind: 'end', sessionIds: [ended.sessionId] }
            : {
                kind: 'end',
                userId: ended.userId,
                ...(ended.exceptSessionId && { exceptSessionId: ended.exceptSessionId }),
              };
        await app.database.notify(REALTIME_CHANNEL, JSON.stringify(envelope));
      },
      broadcast: async (event) => {
        await app.database.notify(
          REALTIME_CHANNEL,
          JSON.stringify({ kind: 'all', event } satisfies Envelope),
        );
      },
      connectionCount: () => all.size,
      localUsers: () => [...clients.keys()],
      onUser: (what, listener) => {
        listeners.on(what, listener);
      },
    } satisfies Realtime);

    // Keep-alive: a socket that missed a ping's pong is gone (a closed laptop, a dropped proxy).
    const pinger = setInterval(() => {
      for (const client of [...all]) {
        if (!client.alive) {
          remove(client);
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, PING_EVERY_MS);
    // Sessions that ended without a sign-out (idle or absolute expiry, a path that forgot to say so).
    const sessionCheck = setInterval(() => {
      const ids = [...new Set([...all].map((client) => client.sessionId))];
      if (ids.length === 0) return;
      liveSessionIds(app.db, ids, app.config.sessionIdleTtl).then(
        (live) => {
          for (const client of [...all]) if (!live.has(client.sessionId)) end(client);
        },
        (error: unknown) => app.log.warn({ err: error }, 'Real-time session check failed'),
      );
    }, SESSION_CHECK_EVERY_MS);
    pinger.unref();
    sessionCheck.unref();

    app.addHook('preClose', async () => {
      clearInterval(pinger);
      clearInterval(sessionCheck);
      for (const client of [...all]) {
        remove(client);
        client.socket.close(1001, 'Server shutting down');
      }
      await stopListening();
    });

    await app.register(websocket, {
      options: { maxPayload: REALTIME_MAX_MESSAGE_BYTES },
      // Errors on an open socket: a client's refused frame (`ws` has sent the close code) is a rate-limited
      // warning; anything else is ours, logged in full.
      errorHandler: (error: Error & { code?: unknown }, socket, request) => {
        if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_'))
          refusedFrame(request.ip, error.code);
        else request.log.error(error);
        socket.terminate();
      },
    });

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request, reply) => {
          // A plain HTTP request (no upgrade) gets a message, not @fastify/websocket's empty 404.
          if (!request.ws) {
            await reply
              .code(426)
              .header('upgrade', 'websocket')
              .send({ message: 'This address takes WebSocket connections only' });
            return;
          }
          if (!originAllowed(request, app.config.publicUrl)) {
            await reply.code(403).send({ message: 'This origin may not open a real-time connection' });
          }
        },
      },
      (socket, request) => {
        let client: Client | null = null;
        const ip = request.ip;
        // Until it authenticates, the socket counts against its address.
        let waiting = true;
        const authenticated = () => {
          if (!waiting) return;
          waiting = false;
          const left = (unauthenticated.get(ip) ?? 1) - 1;
          if (left > 0) unauthenticated.set(ip, left);
          else unauthenticated.delete(ip);
        };
        const pending = unauthenticated.get(ip) ?? 0;
        unauthenticated.set(ip, pending + 1);
        if (pending >= socketLimits.unauthenticatedPerIp) {
          authenticated();
          socket.close(realtimeCloseCodes.tooMany, 'Too many connections waiting to sign in');
          return;
        }
        const withinBudget = messageBudget();
        let authenticating = false;
        const authTimer = setTimeout(
          () => socket.close(realtimeCloseCodes.unauthorized, 'No authentication'),
          AUTH_TIMEOUT_MS,
        );
        socket.on('pong', () => {
          if (client) client.alive = true;
        });
        socket.on('close', () => {
          clearTimeout(authTimer);
          authenticated();
          if (client) remove(client);
        });
        socket.on('error', () => socket.terminate()); // logged by the errorHandler above
        socket.on('message', (data) => {
          if (!withinBudget()) {
            if (client) remove(client);
            socket.close(realtimeCloseCodes.tooMany, 'Too many messages');
            return;
          }
          const message = parseClientMessage(data);
          if (!message) {
            socket.close(realtimeCloseCodes.badMessage, 'Unknown message');
            return;
          }
          if (message.type === 'ping') {
            send(socket, { type: 'pong' });
            return;
          }
          if (message.type === 'active') {
            if (client && Date.now() - client.activeAt >= ACTIVE_EVERY_MS) {
              client.activeAt = Date.now();
              emit('active', client.userId);
            }
            return;
          }
          if (client || authenticating) return; // already signed in: a second auth changes nothing
          authenticating = true;
          void app.sessionOfToken(message.token).then(
            (auth) => {
              clearTimeout(authTimer);
              if (!auth) {
                socket.close(realtimeCloseCodes.unauthorized, 'Invalid or expired token');
                return;
              }
              if (socket.readyState !== socket.OPEN) return;
              authenticated();
              if ((clients.get(auth.user.id)?.size ?? 0) >= socketLimits.socketsPerPerson) {
                socket.close(realtimeCloseCodes.tooMany, 'Too many connections for this account');
                return;
              }
              client = {
                socket,
                userId: auth.user.id,
                sessionId: auth.sessionId,
                alive: true,
                activeAt: 0,
              };
              add(client);
              send(socket, { type: 'ready' });
            },
            (error: unknown) => {
              app.log.warn({ err: error }, 'Real-time authentication failed');
              socket.close(1011, 'Try again later');
            },
          );
        });
      },
    );
  },
  { name: 'realtime', dependencies: ['auth'] },
);
