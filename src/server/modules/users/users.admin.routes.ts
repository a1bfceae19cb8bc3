import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { userSchema } from '#shared/contract/account.ts';
import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  bulkDeleteInput,
  bulkDeleteResponse,
  createUserInput,
  listUsersQuery,
  updateUserInput,
  userPageResponse,
  userRefParams,
  userResponse,
} from '#shared/contract/users.ts';

import { isUniqueViolation } from '../../plugins/errors.ts';
import { actor, adminScope } from '../../plugins/auth.ts';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { conflict, forbidden, notFound, stale } from '../../lib/http-error.ts';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { otherActiveAdminExists } from '../../lib/admins.ts';
import {
  afterEmailChange,
  announceAccountsChanged,
  revokeUserSessions,
  toUser,
} from '../account/account.service.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import { announceDecision } from '../workspace/workspace.service.ts';

import { writeAudit } from './audit.repo.ts';
import { eraseAccounts } from './erase.ts';
import {
  findUserByRef,
  insertUser,
  listUsers,
  lockAdminSet,
  updateUserRow,
  usersByIds,
} from './users.repo.ts';
import {
  auditLabel,
  diffUser,
  isActiveAdmin,
  lastAdminConflict,
  profilePatch,
  type UserUpdate,
} from './users.service.ts';
import { languageOf, sendWelcomeMail } from '../mail/mail.service.ts';

const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');
const userNotFound = () => notFound('User not found');

/** Sessions end at once when a user is banned or rejected (the auth plugin then answers 401). */
const ENDS_SESSIONS = new Set(['banned', 'rejected']);

/**
 * `/api/users`, admin half: user management (list, create, edit, delete, bulk delete, avatar). What any
 * signed-in user sees of others is directory.routes.ts.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // Admins only; answers carry personal data and are never cached.
  adminScope(app);

  /**
   * Inside the admin-set lock: the caller is still an admin. A request that passed `requireAdmin` may have
   * waited on the lock while another admin demoted its caller.
   */
  async function assertStillAdmin(tx: Db, actorId: string): Promise<void> {
    const [actor] = await usersByIds(tx, [actorId]);
    if (!actor || actor.role !== 'admin' || actor.status === 'banned') throw forbidden();
  }

  // ── admin ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/',
    {
      schema: { querystring: listUsersQuery, response: { 200: userPageResponse, ...errorResponses } },
    },
    async (request) => {
      const q = request.query;
      const result = await listUsers(db, q);
      return { ...result, page: q.page, pageSize: q.pageSize };
    },
  );

  app.post(
    '/',
    {
      schema: { body: createUserInput, response: { 201: userResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const me = actor(request);
      const { password, socialLinks, ...input } = request.body;
      if (password !== undefined) assertPasswordAllowed(password);
      // Without a password the account gets an unusable one; the user sets theirs via "forgot password".
      const passwordHash = await hashPassword(password ?? randomToken());
      let row: UserRow | undefined;
      try {
        row = await insertUser(db, {
          ...input,
          socialLinks: {
            facebook: socialLinks?.facebook ?? '',
            instagram: socialLinks?.instagram ?? '',
            linkedin: socialLinks?.linkedin ?? '',
            twitter: socialLinks?.twitter ?? '',
          },
          passwordHash,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
        throw error;
      }
      if (!row) throw emailTaken();
      await announceAccountsChanged(app, [row.id]);
      await sendWelcomeMail(db, row, languageOf(request.headers['accept-language']));
      await writeAudit(db, [
        {
          actorId: me.user.id,
          action: 'user.create',
          targetUserId: row.id,
          targetLabel: auditLabel(row),
          changes: diffUser(null, row),
          ip: request.ip,
        },
      ]);
      request.log.info({ event: 'user.create', actorId: me.user.id, targetId: row.id, role: row.role });
      if (password === undefined) {
        await app.mailer.send({
          to: row.email,
          subject: 'An Atrium account was created for you',
          text:
            `An administrator created an Atrium account for ${row.email}. To sign in, open the sign-in ` +
            'page, choose "Forgot password" and set your password with the code you receive.',
        });
      }
      return reply.code(201).send({ user: toUser(row) });
    },
  );

  app.post(
    '/bulk-delete',
    {
      schema: { body: bulkDeleteInput, response: { 200: bulkDeleteResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const deleted = await eraseAccounts(app, {
        actorId: me.user.id,
        ids: request.body.ids,
        ip: request.ip,
        action: 'user.bulk_delete',
        assertActor: (tx) => assertStillAdmin(tx, me.user.id),
      });
      request.log.info({ event: 'user.bulk_delete', actorId: me.user.id, targetIds: deleted });
      return { deleted: deleted.length };
    },
  );

  app.get(
    '/:id',
    {
      schema: { params: userRefParams, response: { 200: userResponse, ...errorResponses } },
    },
    async (request) => {
      const user = await findUserByRef(db, request.params.id);
      if (!user) throw userNotFound();
      return { user: toUser(user) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: userRefParams,
        body: updateUserInput,
        response: { 200: userResponse, ...errorResponses, 409: staleErrorSchema(userSchema) },
      },
    },
    async (request) => {
      const me = actor(request);
      const input = request.body;
      let updated: { before: UserRow; after: UserRow };
      try {
        updated = await db.transaction(async (tx) => {
          await lockAdminSet(tx);
          await assertStillAdmin(tx, me.user.id);
          const before = await findUserByRef(tx, request.params.id);
          if (!before) throw userNotFound();
          // Based on an older version: someone else saved meanwhile (ADR 017).
          if (input.version !== undefined && input.version !== before.version) throw stale(toUser(before));
          const patch: UserUpdate = profilePatch(before, input);
          if (input.role !== undefined) patch.role = input.role;
          if (input.status !== undefined) patch.status = input.status;
          if (input.emailVerified !== undefined) patch.emailVerified = input.emailVerified;
          if (input.storageQuotaBytes !== undefined) patch.storageQuotaBytes = input.storageQuotaBytes;
          if (input.email !== undefined && input.email !== before.email) {
            patch.email = input.email;
            // A new address is unverified until its owner enters the code mailed to it (issue 8 §4.2).
            patch.emailVerified = false;
          }
          const next = { role: patch.role ?? before.role, status: patch.status ?? before.status };
          if (
            isActiveAdmin(before) &&
            !isActiveAdmin(next) &&
            !(await otherActiveAdminExists(tx, [before.id]))
          ) {
            throw lastAdminConflict();
          }
          const after = await updateUserRow(tx, before.id, patch, before.version);
          if (!after) {
            // Changed between the read and the write (a self-service save does not take the admin lock).
            const current = await findUserByRef(tx, before.id);
            throw current ? stale(toUser(current)) : userNotFound();
          }
          if (ENDS_SESSIONS.has(after.status) && after.status !== before.status) {
            await revokeUserSessions(tx, after.id, after.status === 'banned' ? 'banned' : 'rejected');
          }
          const changes = diffUser(before, after);
          if (Object.keys(changes).length) {
            await writeAudit(tx, [
              {
                actorId: me.user.id,
                action: after.status === 'banned' && before.status !== 'banned' ? 'user.ban' : 'user.update',
                targetUserId: after.id,
                targetLabel: auditLabel(before),
                changes,
                ip: request.ip,
              },
            ]);
          }
          return { before, after };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
        throw error;
      }
      const { before, after } = updated;
      if (ENDS_SESSIONS.has(after.status) && after.status !== before.status) {
        await app.realtime.sessionsEnded({ userId: after.id });
      }
      if (Object.keys(diffUser(before, after)).length) await announceAccountsChanged(app, [after.id]);
      if (before.email !== after.email) await afterEmailChange(app, after);
      if (before.status === 'pending' && after.status !== 'pending') await announceDecision(app, after);
      if (before.role !== after.role || before.status !== after.status) {
        request.log.info({
          event: 'user.access_changed',
          actorId: me.user.id,
          targetId: after.id,
          role: [before.role, after.role],
          status: [before.status, after.status],
        });
      }
      return { user: toUser(after) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: { params: userRefParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const me = actor(request);
      const target = await findUserByRef(db, request.params.id);
      if (!target) throw userNotFound();
      const deleted = await eraseAccounts(app, {
        actorId: me.user.id,
        ids: [target.id],
        ip: request.ip,
        action: 'user.delete',
        assertActor: (tx) => assertStillAdmin(tx, me.user.id),
      });
      if (!deleted.length) throw userNotFound();
      request.log.info({ event: 'user.delete', actorId: me.user.id, targetId: target.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/avatar',
    {
      schema: { params: userRefParams, response: { 200: userResponse, ...errorResponses } },
    },
    async (request) => {
      const me = actor(request);
      const target = await findUserByRef(db, request.params.id);
      if (!target) throw userNotFound();
      const image = await app.files.store(request, { use: 'avatar', ownerId: target.id });
      const after = await updateUserRow(db, target.id, { avatarUrl: publicUploadUrl(image.storageKey) });
      if (!after) throw userNotFound();
      await announceAccountsChanged(app, [after.id]);
      await writeAudit(db, [
        {
          actorId: me.user.id,
          action: 'user.avatar',
          targetUserId: target.id,
          targetLabel: auditLabel(target),
          changes: diffUser(target, after),
          ip: request.ip,
        },
      ]);
      return { user: toUser(after) };
    },
  );
};
