import { and, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';

import {
  defaultWorkspaceSettings,
  workspaceSettingsFields,
  type Invitation,
  type InvitationStatus,
  type SignupMode,
  type UpdateWorkspaceSettingsInput,
  type WorkspaceSettings,
} from '#shared/contract/workspace.ts';

import type { Db } from '../../db/client.ts';
import { invitations, users, workspaceSettings } from '../../db/schema/index.ts';

/**
 * The saved settings over their defaults. A saved value that no longer fits the contract (a setting whose
 * allowed values changed) falls back to its default rather than breaking every request that reads it.
 */
export async function readWorkspaceSettings(db: Db, signupDefault: SignupMode): Promise<WorkspaceSettings> {
  const [row] = await db.select().from(workspaceSettings).where(eq(workspaceSettings.id, 1));
  const defaults = defaultWorkspaceSettings(signupDefault);
  const saved = workspaceSettingsFields.partial().safeParse(row?.settings ?? {});
  const merged = { ...defaults, ...(saved.success ? saved.data : {}) };
  if (saved.success && saved.data.mailQuota)
    merged.mailQuota = { ...defaults.mailQuota, ...saved.data.mailQuota };
  return { ...merged, version: row?.version ?? 1 };
}

/**
 * Saves the changed fields if `version` is the current one (ADR 017); null when it is stale. The row is
 * created on the first save (version 1 is the defaults' version).
 */
export async function writeWorkspaceSettings(
  db: Db,
  input: UpdateWorkspaceSettingsInput,
  actorId: string,
): Promise<boolean> {
  const { version, ...changes } = input;
  return db.transaction(async (tx) => {
    await tx.insert(workspaceSettings).values({ id: 1 }).onConflictDoNothing();
    const updated = await tx
      .update(workspaceSettings)
      .set({
        settings: sql`${workspaceSettings.settings} || ${JSON.stringify(changes)}::jsonb`,
        version: sql`${workspaceSettings.version} + 1`,
        updatedBy: actorId,
        updatedAt: new Date(),
      })
      .where(sql`${workspaceSettings.id} = 1 and ${workspaceSettings.version} = ${version}`)
      .returning({ id: workspaceSettings.id });
    return updated.length === 1;
  });
}

// ── invitations ─────────────────────────────────────────────────────────────────────────────────────────

export type InvitationRow = typeof invitations.$inferSelect;

export function invitationStatus(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

const inviterName = sql<
  string | null
>`(select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')
  from ${users} where ${users.id} = ${invitations.invitedBy})`;

export function toInvitation(row: InvitationRow & { inviterName: string | null }): Invitation {
  return {
    id: row.id,
    email: row.email,
    status: invitationStatus(row),
    invitedBy: row.invitedBy ? { id: row.invitedBy, name: row.inviterName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

/** Newest first: all of them for an administrator, one's own for a member. At most 200. */
export async function listInvitations(db: Db, invitedBy: string | null): Promise<Invitation[]> {
  const rows = await db
    .select({ ...getTableColumns(invitations), inviterName })
    .from(invitations)
    .where(invitedBy ? eq(invitations.invitedBy, invitedBy) : undefined)
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(200);
  return rows.map(toInvitation);
}

export async function findInvitation(db: Db, id: string) {
  const [row] = await db
    .select({ ...getTableColumns(invitations), inviterName })
    .from(invitations)
    .where(eq(invitations.id, id));
  return row;
}

export async function insertInvitation(
  db: Db,
  input: { email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
) {
  const [row] = await db.insert(invitations).values(input).returning({ id: invitations.id });
  if (!row) throw new Error('Invitation insert returned nothing');
  return row.id;
}

/** Revokes a pending invitation; false when it was already accepted or revoked. */
export async function revokeInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** The invitation a link's token stands for, if it can still be used. */
export async function findUsableInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ ...getTableColumns(invitations), inviterName })
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Uses an invitation up (single use): true for the one request that got it; a second concurrent use of the
 * same link finds it accepted and gets false.
 */
export async function claimInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** Gives a claimed invitation back (the account it was claimed for could not be created). */
export async function releaseInvitation(db: Db, id: string): Promise<void> {
  await db.update(invitations).set({ acceptedAt: null }).where(eq(invitations.id, id));
}

export async function markInvitationAccepted(db: Db, id: string, userId: string): Promise<void> {
  await db.update(invitations).set({ acceptedBy: userId }).where(eq(invitations.id, id));
}

/** Does an account with this address exist (an invitation to it would be refused)? */
export async function hasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Does the instance have no account yet (the first one becomes administrator, whatever the policy)? */
export async function noAccountYet(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  return !any;
}
