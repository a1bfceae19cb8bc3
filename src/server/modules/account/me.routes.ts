import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { messageResponse, myAccountResponse } from '#shared/contract/account.ts';
import { errorResponses } from '#shared/contract/common.ts';
import {
  changePasswordInput,
  imageParams,
  imageResponse,
  sessionParams,
  sessionsResponse,
  updateMyAccountInput,
} from '#shared/contract/users.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { isUniqueViolation } from '../../plugins/errors.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { clear, enforce } from '../../lib/rate-limiter.ts';
import { afterEmailChange } from './account.codes.ts';
import { publicUploadUrl, storageKeyOfUrl } from '../files/files.service.ts';
import {
  findUserByEmail,
  revokeUserSessions,
  setPassword,
  toUser,
  type UserRow,
  liveSessions,
  revokeOwnSession,
} from './account.repo.ts';
import { parseUserAgent } from './user-agent.ts';
import { deleteOwnImage, toUserImage } from '../users/directory.repo.ts';
import { updateUserRow } from '../users/users.repo.ts';
import { LIMITS, profilePatch } from '../users/users.service.ts';

/** 400, not 401: a wrong current password must not look like an ended session to the client. */
function invalidPassword(): HttpError {
  const message = 'Your current password is incorrect';
  return new HttpError(400, message, {
    code: 'INVALID_PASSWORD',
    issues: [{ path: ['currentPassword'], message }],
  });
}

const emailTaken = () =>
  new HttpError(409, 'An account with this email already exists', { code: 'EMAIL_TAKEN' });

/**
 * Self-service under `/api/account` (next to the sign-in routes of modules/account): edit my profile,
 * change my password, my sessions, my pictures. Every route acts on the caller only.
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

  /** Counts a current-password check against the account, then verifies it. */
  async function checkCurrentPassword(user: UserRow, password: string): Promise<void> {
    const key = `password-check:account:${user.id}`;
    await enforce(db, [[key, LIMITS.passwordCheck]]);
    if (!(await verifyPassword(user.passwordHash, password))) throw invalidPassword();
    await clear(db, key);
  }

  app.patch(
    '/my-account',
    {
      schema: { body: updateMyAccountInput, response: { 200: myAccountResponse, ...errorResponses } },
    },
    async (request) => {
      const { user } = actor(request);
      const input = request.body;
      const patch = profilePatch(user, input);
      const emailChanged = input.email !== undefined && input.email !== user.email;
      if (emailChanged) {
        // Taking over an account must not be one request away from a stolen token (SECURITY.md A19).
        if (!input.currentPassword) {
          const message = validationMessageEn('validation.currentPasswordRequired');
          throw new HttpError(400, `currentPassword: ${message}`, {
            code: 'VALIDATION_FAILED',
            issues: [{ path: ['currentPassword'], message }],
          });
        }
        await checkCurrentPassword(user, input.currentPassword);
        if (await findUserByEmail(db, input.email!)) throw emailTaken();
        patch.email = input.email;
        patch.emailVerified = false;
      }
      let after: UserRow | undefined;
      try {
        after = await updateUserRow(db, user.id, patch);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
        throw error;
      }
      if (!after) throw notFound('User not found');
      if (emailChanged) {
        request.log.info({ event: 'account.email_changed', userId: user.id });
        await afterEmailChange(app, after);
        await app.mailer.send({
          to: user.email,
          subject: 'Your Atrium email address was changed',
          text:
            `The email address of your Atrium account was changed to ${after.email}. ` +
            'If this was not you, contact an administrator.',
        });
      }
      return { user: toUser(after) };
    },
  );

  app.post(
    '/change-password',
    {
      schema: { body: changePasswordInput, response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      const { user, sessionId } = actor(request);
      const { currentPassword, newPassword } = request.body;
      await checkCurrentPassword(user, currentPassword);
      assertPasswordAllowed(newPassword, 'newPassword');
      await setPassword(db, user.id, await hashPassword(newPassword));
      // Every other session ends; this one stays signed in (SECURITY.md S8).
      await revokeUserSessions(db, user.id, 'password_changed', sessionId);
      await app.realtime.sessionsEnded({ userId: user.id, exceptSessionId: sessionId });
      request.log.info({ event: 'account.password_changed', userId: user.id });
      await app.mailer.send({
        to: user.email,
        subject: 'Your Atrium password was changed',
        text:
          'The password of your Atrium account was just changed and your other sessions were signed out. ' +
          'If this was not you, reset your password or contact an administrator.',
      });
      return { message: 'Your password has been changed. Your other sessions were signed out.' };
    },
  );

  app.get(
    '/sessions',
    { schema: { response: { 200: sessionsResponse, ...errorResponses } } },
    async (request) => {
      const { user, sessionId } = actor(request);
      const rows = await liveSessions(db, user.id, app.config.sessionIdleTtl);
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          userAgent: s.userAgent,
          ...parseUserAgent(s.userAgent),
          ip: s.ip,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          current: s.id === sessionId,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: { params: sessionParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const { user } = actor(request);
      // Scoped to the caller: another user's session id is "not found" and stays untouched.
      if (!(await revokeOwnSession(db, user.id, request.params.id))) throw notFound('Session not found');
      return reply.code(204).send(null);
    },
  );

  for (const kind of ['avatar', 'cover'] as const) {
    app.post(
      `/${kind}`,
      { schema: { response: { 200: myAccountResponse, ...errorResponses } } },
      async (request) => {
        const { user } = actor(request);
        const image = await app.files.store(request, { use: kind, ownerId: user.id });
        const url = publicUploadUrl(image.storageKey);
        const after = await updateUserRow(
          db,
          user.id,
          kind === 'avatar' ? { avatarUrl: url } : { coverUrl: url },
        );
        if (!after) throw notFound('User not found');
        return { user: toUser(after) };
      },
    );
  }

  app.post(
    '/gallery',
    { schema: { response: { 200: imageResponse, ...errorResponses } } },
    async (request) => {
      const { user } = actor(request);
      const image = await app.files.store(request, { use: 'photo', ownerId: user.id });
      return { image: toUserImage(image) };
    },
  );

  app.delete(
    '/gallery/:imageId',
    {
      schema: { params: imageParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const { user } = actor(request);
      const image = await deleteOwnImage(db, user.id, request.params.imageId);
      if (!image) throw notFound('Image not found');
      // A deleted picture stops being the avatar or cover.
      const patch: { avatarUrl?: null; coverUrl?: null } = {};
      if (storageKeyOfUrl(user.avatarUrl) === image.storageKey) patch.avatarUrl = null;
      if (storageKeyOfUrl(user.coverUrl) === image.storageKey) patch.coverUrl = null;
      if (Object.keys(patch).length) await updateUserRow(db, user.id, patch);
      await app.files.storage.remove([image.storageKey]);
      return reply.code(204).send(null);
    },
  );
};
