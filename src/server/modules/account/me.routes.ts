import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { messageResponse } from '#shared/contract/account.ts';
import { errorResponses } from '#shared/contract/common.ts';
import { changePasswordInput, sessionParams, sessionsResponse } from '#shared/contract/users.ts';

import { actor, signedInScope } from '../../plugins/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords.ts';
import { liveSessions, revokeOwnSession, revokeUserSessions, setPassword } from './account.repo.ts';
import { checkCurrentPassword } from './account.service.ts';
import { parseUserAgent } from './user-agent.ts';

/**
 * Self-service under `/api/account` (next to the sign-in routes): change my password, my sessions. Every
 * route acts on the caller only. My profile and pictures are the users module's (users/profile.routes.ts).
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

  app.post(
    '/change-password',
    {
      schema: { body: changePasswordInput, response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      const { user, sessionId } = actor(request);
      const { currentPassword, newPassword } = request.body;
      await checkCurrentPassword(db, user, currentPassword);
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
};
