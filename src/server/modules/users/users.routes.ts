import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { userSchema } from '#shared/contract/account.ts';
import { errorSchema, staleErrorSchema } from '#shared/contract/common.ts';
import {
  bulkDeleteInput,
  bulkDeleteResponse,
  createUserInput,
  followResponse,
  galleryResponse,
  listCardsQuery,
  listUsersQuery,
  pageQuery,
  profileResponse,
  publicUserPageResponse,
  updateUserInput,
  userPageResponse,
  userRefParams,
  userResponse,
} from '#shared/contract/users.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { HttpError, badRequest, conflict, forbidden, notFound, stale } from '../../lib/http-error.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { afterEmailChange } from '../account/account.codes.ts';
import { revokeUserSessions, toUser, type UserRow } from '../account/account.repo.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import { notifyUser } from '../notifications/notify.ts';
import { writeAudit } from './audit.repo.ts';
import {
  deleteUsers,
  findUserByRef,
  follow,
  followerCount,
  insertUser,
  listCards,
  listFollows,
  listImages,
  listUsers,
  lockAdminSet,
  otherActiveAdminExists,
  publicProfile,
  unfollow,
  updateUserRow,
  usersByIds,
} from './users.repo.ts';
import {
  auditLabel,
  caller,
  diffUser,
  isActiveAdmin,
  isUniqueViolation,
  lastAdminConflict,
  profilePatch,
  type UserUpdate,
} from './users.service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
};

const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');
const userNotFound = () => notFound('User not found');

/** Sessions end at once when a user is banned or rejected (the auth plugin then answers 401). */
const ENDS_SESSIONS = new Set(['banned', 'rejected']);

/**
 * `/api/users`: the admin's user management (list, create, edit, delete, bulk delete, avatar) and what any
 * signed-in user may see of others (cards, profiles, follows, galleries: public fields only).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // Answers carry personal data: never cache them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /**
   * Inside the admin-set lock: the caller is still an admin. A request that passed `requireAdmin` may have
   * waited on the lock while another admin demoted its caller.
   */
  async function assertStillAdmin(tx: Db, actorId: string): Promise<void> {
    const [actor] = await usersByIds(tx, [actorId]);
    if (!actor || actor.role !== 'admin' || actor.status === 'banned') throw forbidden();
  }

  /** The target of a member route: 404 unless it exists and the caller may see it (active, self, or admin). */
  async function visibleUser(request: FastifyRequest, ref: string): Promise<UserRow> {
    const me = caller(request);
    const target = await findUserByRef(db, ref);
    if (!target || (!me.isAdmin && target.status !== 'active' && target.id !== me.user.id)) {
      throw userNotFound();
    }
    return target;
  }

  // ── admin ─────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/',
    {
      preHandler: app.requireAdmin,
      schema: { querystring: listUsersQuery, response: { 200: userPageResponse, ...errors } },
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
      preHandler: app.requireAdmin,
      schema: { body: createUserInput, response: { 201: userResponse, ...errors } },
    },
    async (request, reply) => {
      const me = caller(request);
      const { password, socialLinks, ...input } = request.body;
      if (password !== undefined && isCommonPassword(password)) {
        const message = validationMessageEn('validation.passwordCommon');
        throw new HttpError(400, `password: ${message}`, {
          code: 'VALIDATION_FAILED',
          issues: [{ path: ['password'], message }],
        });
      }
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
      preHandler: app.requireAdmin,
      schema: { body: bulkDeleteInput, response: { 200: bulkDeleteResponse, ...errors } },
    },
    async (request) => {
      const me = caller(request);
      const ids = [...new Set(request.body.ids)];
      const { deleted, files } = await db.transaction(async (tx) => {
        await lockAdminSet(tx);
        await assertStillAdmin(tx, me.user.id);
        const rows = await usersByIds(tx, ids);
        if (rows.some(isActiveAdmin) && !(await otherActiveAdminExists(tx, ids))) throw lastAdminConflict();
        const result = await deleteUsers(tx, ids);
        const gone = new Set(result.deleted);
        await writeAudit(
          tx,
          rows
            .filter((r) => gone.has(r.id))
            .map((r) => ({
              actorId: me.user.id,
              action: 'user.bulk_delete',
              targetUserId: r.id,
              targetLabel: auditLabel(r),
              changes: {},
              ip: request.ip,
            })),
        );
        return result;
      });
      for (const userId of deleted) await app.realtime.sessionsEnded({ userId });
      await app.files.storage.remove(files);
      request.log.info({ event: 'user.bulk_delete', actorId: me.user.id, targetIds: deleted });
      return { deleted: deleted.length };
    },
  );

  app.get(
    '/:id',
    {
      preHandler: app.requireAdmin,
      schema: { params: userRefParams, response: { 200: userResponse, ...errors } },
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
      preHandler: app.requireAdmin,
      schema: {
        params: userRefParams,
        body: updateUserInput,
        response: { 200: userResponse, ...errors, 409: staleErrorSchema(userSchema) },
      },
    },
    async (request) => {
      const me = caller(request);
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
      if (before.email !== after.email) await afterEmailChange(app, after);
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
      preHandler: app.requireAdmin,
      schema: { params: userRefParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const me = caller(request);
      const removed = await db.transaction(async (tx) => {
        await lockAdminSet(tx);
        await assertStillAdmin(tx, me.user.id);
        const target = await findUserByRef(tx, request.params.id);
        if (!target) throw userNotFound();
        if (isActiveAdmin(target) && !(await otherActiveAdminExists(tx, [target.id]))) {
          throw lastAdminConflict();
        }
        // Sessions, follows and image rows go with the user (foreign keys cascade): their tokens die at once.
        const result = await deleteUsers(tx, [target.id]);
        await writeAudit(tx, [
          {
            actorId: me.user.id,
            action: 'user.delete',
            targetUserId: target.id,
            targetLabel: auditLabel(target),
            changes: {},
            ip: request.ip,
          },
        ]);
        request.log.info({ event: 'user.delete', actorId: me.user.id, targetId: target.id });
        return { files: result.files, targetId: target.id };
      });
      await app.realtime.sessionsEnded({ userId: removed.targetId });
      await app.files.storage.remove(removed.files);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/avatar',
    {
      preHandler: app.requireAdmin,
      schema: { params: userRefParams, response: { 200: userResponse, ...errors } },
    },
    async (request) => {
      const me = caller(request);
      const target = await findUserByRef(db, request.params.id);
      if (!target) throw userNotFound();
      const image = await app.files.store(request, { use: 'avatar', ownerId: target.id });
      const after = await updateUserRow(db, target.id, { avatarUrl: publicUploadUrl(image.storageKey) });
      if (!after) throw userNotFound();
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

  // ── any signed-in user: public fields only ────────────────────────────────────────────────────────────

  app.get(
    '/cards',
    {
      preHandler: app.authenticate,
      schema: { querystring: listCardsQuery, response: { 200: publicUserPageResponse, ...errors } },
    },
    async (request) => {
      return listCards(db, caller(request).user.id, request.query);
    },
  );

  app.get(
    '/:id/profile',
    {
      preHandler: app.authenticate,
      schema: { params: userRefParams, response: { 200: profileResponse, ...errors } },
    },
    async (request) => {
      const me = caller(request);
      const target = await visibleUser(request, request.params.id);
      const user = await publicProfile(db, me.user.id, target.id);
      if (!user) throw userNotFound();
      return { user };
    },
  );

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/:id/${direction}`,
      {
        preHandler: app.authenticate,
        schema: {
          params: userRefParams,
          querystring: pageQuery,
          response: { 200: publicUserPageResponse, ...errors },
        },
      },
      async (request) => {
        const me = caller(request);
        const target = await visibleUser(request, request.params.id);
        return listFollows(db, me.user.id, target.id, direction, request.query);
      },
    );
  }

  app.get(
    '/:id/gallery',
    {
      preHandler: app.authenticate,
      schema: {
        params: userRefParams,
        querystring: pageQuery,
        response: { 200: galleryResponse, ...errors },
      },
    },
    async (request) => {
      const target = await visibleUser(request, request.params.id);
      return listImages(db, target.id, request.query);
    },
  );

  // POST follows, DELETE unfollows; both answer the new state and the target's follower count.
  for (const [method, following] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/follow',
      preHandler: app.authenticate,
      schema: { params: userRefParams, response: { 200: followResponse, ...errors } },
      handler: async (request) => {
        const me = caller(request);
        const target = await visibleUser(request, request.params.id);
        if (following) {
          if (target.id === me.user.id) throw badRequest('You cannot follow yourself', 'SELF_FOLLOW');
          if (await follow(db, me.user.id, target.id)) {
            await notifyUser(app, target.id, {
              type: 'account',
              title: `${me.user.firstName} ${me.user.lastName} started following you`,
              link: '/dashboard/user/profile?tab=followers',
            });
          }
        } else {
          await unfollow(db, me.user.id, target.id);
        }
        return { isFollowing: following, followerCount: await followerCount(db, target.id) };
      },
    });
  }
};
