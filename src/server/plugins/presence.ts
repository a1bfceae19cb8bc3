/**
 * Presence (issue #9 D, ADR 020), on top of the real-time sockets: who is online, away, busy or offline.
 * Each instance records which users hold a socket on it (`presence_sockets`, refreshed every 30 s, stale
 * after 90 s when an instance dies), activity is recorded per user (`presence.last_active_at`), and the
 * status is computed from both plus the person's own choice whenever someone asks. Changes an instance
 * notices (a first or last socket, activity after being away, inactivity, a new choice) are broadcast as
 * `presence.changed` to every signed-in tab.
 */
import { randomUUID } from 'node:crypto';

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Presence, PresenceStatus } from '#shared/contract/presence.ts';
import { AWAY_AFTER_MINUTES } from '#shared/contract/presence.ts';

import type { Db } from '../db/client.ts';
import { presence, presenceSockets, users } from '../db/schema/index.ts';

const HEARTBEAT_MS = 30_000;
/** A socket row not refreshed for this long belongs to an instance that is gone. */
const STALE_SECONDS = 90;

/** The presence of the given active users (others are left out), as anyone else sees it. */
export async function presenceOf(db: Db, userIds: readonly string[]): Promise<Presence[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      choice: presence.choice,
      lastActiveAt: presence.lastActiveAt,
      connected: sql<boolean>`exists (select 1 from ${presenceSockets} s where s.user_id = ${users.id}
        and s.last_seen_at > now() - make_interval(secs => ${STALE_SECONDS}))`,
      recent: sql<boolean>`coalesce(${presence.lastActiveAt} > now() - make_interval(mins => ${AWAY_AFTER_MINUTES}), false)`,
    })
    .from(users)
    .leftJoin(presence, eq(presence.userId, users.id))
    .where(and(inArray(users.id, [...userIds]), eq(users.status, 'active')));
  return rows.map((row) => ({
    userId: row.userId,
    status: statusOf(row.connected, row.choice ?? 'online', row.recent),
    lastActivity: row.lastActiveAt?.toISOString() ?? null,
  }));
}

function statusOf(connected: boolean, choice: PresenceStatus, recent: boolean): PresenceStatus {
  if (!connected || choice === 'offline') return 'offline';
  if (choice !== 'online') return choice;
  return recent ? 'online' : 'away';
}

export interface PresenceBlock {
  of(userIds: readonly string[]): Promise<Presence[]>;
  /** The person's own choice (`online` = let activity decide). */
  choiceOf(userId: string): Promise<PresenceStatus>;
  /** Sets the person's choice and tells everyone the status that results. */
  choose(userId: string, choice: PresenceStatus): Promise<Presence | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceBlock;
  }
}

export const presencePlugin = fp(
  async (app: FastifyInstance) => {
    const db = app.db;
    const instanceId = randomUUID();
    /** The status this instance last announced for each of its users. */
    const announced = new Map<string, PresenceStatus>();
    /** One chain of work per user, so a quick connect and disconnect are recorded in that order. */
    const chains = new Map<string, Promise<void>>();

    const queue = (userId: string, work: () => Promise<void>) => {
      const next = (chains.get(userId) ?? Promise.resolve())
        .then(work)
        .catch((error: unknown) => app.log.warn({ err: error }, 'Presence update failed'));
      chains.set(userId, next);
      void next.finally(() => {
        if (chains.get(userId) === next) chains.delete(userId);
      });
    };

    const announce = async (userIds: readonly string[], force = false) => {
      for (const p of await presenceOf(db, userIds)) {
        if (!force && announced.get(p.userId) === p.status) continue;
        announced.set(p.userId, p.status);
        await app.realtime.broadcast({ type: 'presence.changed', ...p });
      }
    };

    const touchActivity = (userId: string) =>
      db
        .insert(presence)
        .values({ userId, lastActiveAt: sql`now()` })
        .onConflictDoUpdate({ target: presence.userId, set: { lastActiveAt: sql`now()` } });

    app.realtime.onUser('connected', (userId) =>
      queue(userId, async () => {
        await db
          .insert(presenceSockets)
          .values({ instanceId, userId })
          .onConflictDoUpdate({
            target: [presenceSockets.instanceId, presenceSockets.userId],
            set: { lastSeenAt: sql`now()` },
          });
        await touchActivity(userId);
        await announce([userId]);
      }),
    );
    app.realtime.onUser('disconnected', (userId) =>
      queue(userId, async () => {
        await db
          .delete(presenceSockets)
          .where(and(eq(presenceSockets.instanceId, instanceId), eq(presenceSockets.userId, userId)));
        await announce([userId]);
        announced.delete(userId);
      }),
    );
    app.realtime.onUser('active', (userId) =>
      queue(userId, async () => {
        await touchActivity(userId);
        if (announced.get(userId) === 'away') await announce([userId]);
      }),
    );

    // Keeps this instance's rows fresh and notices who went away by not doing anything.
    const heartbeat = setInterval(() => {
      const local = app.realtime.localUsers();
      if (local.length === 0) return;
      void db
        .update(presenceSockets)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(presenceSockets.instanceId, instanceId))
        .then(() => announce(local))
        .catch((error: unknown) => app.log.warn({ err: error }, 'Presence heartbeat failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await Promise.allSettled([...chains.values()]);
      await db
        .delete(presenceSockets)
        .where(eq(presenceSockets.instanceId, instanceId))
        .catch(() => undefined);
    });

    app.decorate('presence', {
      of: (userIds) => presenceOf(db, userIds),
      async choiceOf(userId) {
        const [row] = await db
          .select({ choice: presence.choice })
          .from(presence)
          .where(eq(presence.userId, userId));
        return row?.choice ?? 'online';
      },
      async choose(userId, choice) {
        await db
          .insert(presence)
          .values({ userId, choice, lastActiveAt: sql`now()` })
          .onConflictDoUpdate({ target: presence.userId, set: { choice, lastActiveAt: sql`now()` } });
        await announce([userId], true);
        const [now] = await presenceOf(db, [userId]);
        return now;
      },
    } satisfies PresenceBlock);
  },
  { name: 'presence', dependencies: ['realtime'] },
);
