import { profileDetailFields, type SocialLinks } from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';
import { mergeJson, usersByIds, type UserUpdate } from './users.repo.ts';

export type { UserUpdate };

// The users module's surface (ADR 035): what other modules may use of the directory.
export { contactDetailsFor } from './directory.repo.ts';

export const LAST_ADMIN_MESSAGE =
  'At least one active admin must remain. Make another user an admin before this change.';
export const lastAdminConflict = () => conflict(LAST_ADMIN_MESSAGE, 'LAST_ADMIN');

export const isActiveAdmin = (u: { role: string; status: string }) =>
  u.role === 'admin' && u.status === 'active';

export function socialLinksOf(row: UserRow): SocialLinks {
  return {
    facebook: row.socialLinks.facebook ?? '',
    instagram: row.socialLinks.instagram ?? '',
    linkedin: row.socialLinks.linkedin ?? '',
    twitter: row.socialLinks.twitter ?? '',
  };
}

const PROFILE_KEYS = ['firstName', 'lastName', ...profileDetailFields] as const;

type ProfileInput = Partial<Record<(typeof PROFILE_KEYS)[number], string>> & {
  socialLinks?: Partial<SocialLinks> | undefined;
  notifications?: Partial<Record<string, boolean>> | undefined;
  privacy?: Partial<Record<'email' | 'phone', 'members' | 'nobody'>> | undefined;
  avatarUrl?: null | undefined;
  coverUrl?: null | undefined;
};

/**
 * The columns a profile edit sets: only fields sent; social links and notification switches merged into the
 * stored ones in SQL, not into `before` (which may be stale by the time the update runs).
 */
export function profilePatch(before: UserRow, input: ProfileInput): UserUpdate {
  const patch: UserUpdate = {};
  for (const key of PROFILE_KEYS) {
    const value = input[key];
    if (value !== undefined) patch[key] = value;
  }
  if (input.socialLinks) patch.socialLinks = mergeJson(users.socialLinks, input.socialLinks);
  if (input.notifications) patch.notifications = mergeJson(users.notifications, input.notifications);
  if (input.privacy?.email) patch.emailVisibility = input.privacy.email;
  if (input.privacy?.phone) patch.phoneVisibility = input.privacy.phone;
  if (input.avatarUrl === null) patch.avatarUrl = null;
  if (input.coverUrl === null) patch.coverUrl = null;
  return patch;
}

/** Columns the audit log compares; never the password hash. */
const AUDITED = [
  'email',
  'firstName',
  'lastName',
  'slug',
  'role',
  'status',
  'emailVerified',
  'phone',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
  'company',
  'about',
  'socialLinks',
  'avatarUrl',
  'coverUrl',
  'storageQuotaBytes',
] as const satisfies ReadonlyArray<keyof UserRow>;

/** field → [old, new] for every audited field that differs; `before` null = a new user. */
export function diffUser(before: UserRow | null, after: UserRow): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of AUDITED) {
    const old = before ? before[key] : null;
    const now = after[key];
    if (JSON.stringify(old) !== JSON.stringify(now)) changes[key] = [old, now];
  }
  return changes;
}

export const auditLabel = (u: UserRow) => `${u.firstName} ${u.lastName} <${u.email}>`;

/** A person as a dashboard names them (top authors, best customers): name, picture and profile country. */
export interface PersonSummary {
  id: string;
  name: string;
  avatarUrl: string | null;
  country: string;
}

/** The people of `ids` by id (unknown ids are absent: a deleted account). */
export async function peopleByIds(db: Db, ids: readonly string[]): Promise<Map<string, PersonSummary>> {
  const rows = await usersByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim(),
        avatarUrl: row.avatarUrl,
        country: row.country,
      },
    ]),
  );
}
