/**
 * The account module's surface (ADR 035): what other modules may use of sign-in, sessions and codes. The
 * users module builds on it (profiles, the admin list); account imports nothing of users.
 */
import type { FastifyInstance } from 'fastify';

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { activeAdminIds } from '../../lib/admins.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { clear, enforce, type Limit } from '../../lib/rate-limiter.ts';

export { afterEmailChange } from './account.codes.ts';
export { findUserByEmail, revokeUserSessions, toUser } from './account.repo.ts';

/** Wrong current passwords (change password, change email) per account. */
export const PASSWORD_CHECK_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

/** 400, not 401: a wrong current password must not look like an ended session to the client. */
function invalidPassword(): HttpError {
  const message = 'Your current password is incorrect';
  return new HttpError(400, message, {
    code: 'INVALID_PASSWORD',
    issues: [{ path: ['currentPassword'], message }],
  });
}

/** Counts a current-password check against the account (PASSWORD_CHECK_LIMIT), then verifies it. */
export async function checkCurrentPassword(db: Db, user: UserRow, password: string): Promise<void> {
  const key = `password-check:account:${user.id}`;
  await enforce(db, [[key, PASSWORD_CHECK_LIMIT]]);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidPassword();
  await clear(db, key);
}

/**
 * Tells the active administrators' tabs that accounts changed (created, verified, role, status, country or
 * profile edited, deleted): their dashboards count people (ADR 041). After the write has committed; a
 * failed push is logged, never the caller's failure.
 */
export async function announceAccountsChanged(
  app: FastifyInstance,
  userIds: readonly string[],
): Promise<void> {
  if (!userIds.length) return;
  try {
    const admins = await activeAdminIds(app.db);
    if (!admins.length) return;
    for (const userId of new Set(userIds))
      await app.realtime.publish(admins, { type: 'users.changed', userId });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push an account change');
  }
}
