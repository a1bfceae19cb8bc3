/**
 * What the auth plugin and the real-time sockets read of sessions (issue #9 C: plugins do not import a
 * module's repository). The account module writes sessions; whether one is live is decided here, once.
 */
import { and, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { sessions, users, type UserRow } from '../db/schema/index.ts';

/** A session that is neither revoked, expired, nor idle past `idleSeconds` (a value or a placeholder). */
export function sessionIsLive(idleSeconds: number | ReturnType<typeof sql.placeholder>) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
  );
}

/** What the auth check of every API request reads: the session's id and last use, and its user. */
export interface LiveSessionUser {
  sessionId: string;
  lastUsedAt: Date;
  user: UserRow;
}

function prepareLiveSessionUser(db: Db) {
  return db
    .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), sessionIsLive(sql.placeholder('idleSeconds'))))
    .limit(1)
    .prepare('auth_live_session_user');
}
const liveSessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareLiveSessionUser>>();

/**
 * findLiveSession for the auth check of every request (plugins/auth.ts): the same conditions, as a prepared
 * statement (built once per database; on PostgreSQL parsed and planned once per connection), reading only
 * the two session columns the check needs (ADR 011).
 */
export async function findLiveSessionUser(
  db: Db,
  sessionId: string,
  idleSeconds: number,
): Promise<LiveSessionUser | undefined> {
  let query = liveSessionUserQueries.get(db);
  if (!query) liveSessionUserQueries.set(db, (query = prepareLiveSessionUser(db)));
  const [row] = await query.execute({ sessionId, idleSeconds });
  return row;
}

/** Which of `sessionIds` are still live (what the real-time sockets recheck now and then). */
export async function liveSessionIds(
  db: Db,
  sessionIds: string[],
  idleSeconds: number,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        sessionIsLive(idleSeconds),
        notInArray(users.status, ['banned', 'rejected']),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}
