import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';

import type { User } from '#shared/contract/account.ts';
import { defaultNotifications } from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { sessionIsLive } from '../../plugins/sessions.ts';
import { sessionRefreshHistory, sessions, users, verificationCodes } from '../../db/schema/index.ts';

import type { UserRow } from '../../db/schema/index.ts';

export type { UserRow };
export type SessionRow = typeof sessions.$inferSelect;
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    status: row.status,
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    slug: row.slug,
    phone: row.phone,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    zipCode: row.zipCode,
    company: row.company,
    about: row.about,
    coverUrl: row.coverUrl,
    socialLinks: {
      facebook: row.socialLinks.facebook ?? '',
      instagram: row.socialLinks.instagram ?? '',
      linkedin: row.socialLinks.linkedin ?? '',
      twitter: row.socialLinks.twitter ?? '',
    },
    notifications: {
      activityComments: row.notifications.activityComments ?? defaultNotifications.activityComments,
      activityAnswers: row.notifications.activityAnswers ?? defaultNotifications.activityAnswers,
      activityFollows: row.notifications.activityFollows ?? defaultNotifications.activityFollows,
      applicationNews: row.notifications.applicationNews ?? defaultNotifications.applicationNews,
      applicationProduct: row.notifications.applicationProduct ?? defaultNotifications.applicationProduct,
      applicationBlog: row.notifications.applicationBlog ?? defaultNotifications.applicationBlog,
    },
    privacy: { email: row.emailVisibility, phone: row.phoneVisibility },
    updatedAt: row.updatedAt.toISOString(),
    storageQuotaBytes: row.storageQuotaBytes,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role?: 'admin' | 'user';
  emailVerified?: boolean;
  /** `pending` waits for an administrator's approval (sign-up policy `approval`); the first account never does. */
  status?: 'active' | 'pending';
}

/**
 * Inserts a user; on an instance with no users yet the first one becomes admin. The advisory lock makes
 * two simultaneous first registrations produce exactly one admin. Returns undefined when the email is taken.
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    let role = input.role;
    if (!role) {
      const [any] = await tx.select({ id: users.id }).from(users).limit(1);
      role = any ? 'user' : 'admin';
    }
    const [row] = await tx
      .insert(users)
      .values({ ...input, role, status: role === 'admin' ? 'active' : (input.status ?? 'active') })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  });
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

// ── sessions ────────────────────────────────────────────────────────────────────────────────────────────

export async function createSession(
  db: Db,
  input: {
    userId: string;
    refreshHash: string;
    userAgent?: string | undefined;
    ip?: string | undefined;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(input).returning();
  if (!row) throw new Error('Session insert returned nothing');
  return row;
}

/** The session and its user when the session is neither revoked, expired, nor idle past `idleSeconds`. */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  idleSeconds: number,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), sessionIsLive(idleSeconds)))
    .limit(1);
  return row;
}

/** Whether the user has had a session from `ip` in the last `days` days (an address of the owner's). */
export async function hasSignedInFrom(db: Db, userId: string, ip: string, days = 30): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Replaces the refresh hash only if it is still `oldHash` (compare-and-set): of two uses of one refresh
 * token, exactly one wins. The replaced hash goes to the session's history (replay detection) and becomes
 * the one hash the grace window accepts.
 */
export async function rotateRefresh(
  db: Db,
  sessionId: string,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(sessions)
      .set({
        refreshHash: newHash,
        previousRefreshHash: oldHash,
        refreshedAt: sql`now()`,
        graceUsed: false,
        lastUsedAt: sql`now()`,
      })
      .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, oldHash), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (rows.length !== 1) return false;
    await tx.insert(sessionRefreshHistory).values({ sessionId, refreshHash: oldHash }).onConflictDoNothing();
    return true;
  });
}

const withinGrace = (graceSeconds: number) =>
  gt(sessions.refreshedAt, sql`now() - make_interval(secs => ${graceSeconds})`);

/**
 * Claims the grace of a refresh that raced another one from the same browser: true once, for the hash this
 * session replaced less than `graceSeconds` ago, and never again for it (ADR 005: one access token).
 */
export async function claimRefreshGrace(
  db: Db,
  sessionId: string,
  presentedHash: string,
  graceSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ graceUsed: true })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        eq(sessions.previousRefreshHash, presentedHash),
        eq(sessions.graceUsed, false),
        withinGrace(graceSeconds),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * What a presented refresh hash that is not the session's current one is: `unknown` (never a secret of
 * this session: made up by someone who knows the session id), `in-grace` (the hash just replaced, whose one
 * grace token was already given), or `replayed` (any earlier secret: stolen or replayed).
 */
export async function earlierRefreshUse(
  db: Db,
  sessionId: string,
  presentedHash: string,
  graceSeconds: number,
): Promise<'unknown' | 'in-grace' | 'replayed'> {
  // Compared with the session as stored now, not as read at the start of the request: a concurrent
  // refresh may have rotated it since.
  const [known] = await db
    .select({
      inGrace: sql<boolean>`coalesce(${sessions.previousRefreshHash} = ${presentedHash} and ${withinGrace(graceSeconds)}, false)`,
    })
    .from(sessionRefreshHistory)
    .innerJoin(sessions, eq(sessions.id, sessionRefreshHistory.sessionId))
    .where(
      and(
        eq(sessionRefreshHistory.sessionId, sessionId),
        eq(sessionRefreshHistory.refreshHash, presentedHash),
      ),
    )
    .limit(1);
  if (!known) return 'unknown';
  return known.inGrace ? 'in-grace' : 'replayed';
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

// ── one-time codes ──────────────────────────────────────────────────────────────────────────────────────

/** Stores a new code; any earlier unused code of the same purpose stops working (SECURITY.md A16). */
export async function issueCode(
  db: Db,
  input: { userId: string; purpose: CodePurpose; email: string; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(verificationCodes.userId, input.userId),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.usedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      codeHash: input.codeHash,
      expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
    });
  });
}

/** Every unused code of the user, of any purpose, stops working (an address change). */
export async function voidCodes(db: Db, userId: string): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.usedAt)));
}

export const MAX_CODE_ATTEMPTS = 5;

/**
 * Checks a code against the user's newest live code of that purpose. Every try, right or wrong, first claims
 * one attempt with a conditional update, so simultaneous guesses cannot compare more than MAX_CODE_ATTEMPTS
 * codes (SECURITY.md A8, A14); a right code is then used up atomically, so it works once even when sent twice
 * at the same time.
 */
export async function consumeCode(
  db: Db,
  input: { userId: string; purpose: CodePurpose; email: string; codeHash: string },
): Promise<boolean> {
  const [live] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.email, input.email),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
        sql`${verificationCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!live) return false;
  const claimed = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, live.id),
        isNull(verificationCodes.usedAt),
        sql`${verificationCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .returning({ id: verificationCodes.id });
  if (claimed.length !== 1 || live.codeHash !== input.codeHash) return false;
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}

// ── own sessions (self-service) ────────────────────────────────────────────────────────────────────────────────────────────

/** The user's sessions that are not revoked, expired or idle, most recently used first. */
export async function liveSessions(db: Db, userId: string, idleSeconds: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sessionIsLive(idleSeconds)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Revokes one live session of the user; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'revoked_by_user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
