import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  INVITATION_DAYS,
  createInvitationInput,
  invitationIdParams,
  invitationListResponse,
  invitationPreviewQuery,
  invitationPreviewResponse,
  invitationResponse,
  signupPolicyResponse,
} from '#shared/contract/workspace.ts';

import { randomToken, sha256 } from '../../lib/crypto.ts';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { enforce, type Limit } from '../../lib/rate-limiter.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import {
  findInvitation,
  findUsableInvitation,
  hasAccount,
  insertInvitation,
  listInvitations,
  noAccountYet,
  revokeInvitation,
  toInvitation,
} from './workspace.repo.ts';
import { assertMayMailOutside, workspaceSettings } from './workspace.service.ts';

const PREVIEW_LIMIT: Limit = { max: 30, windowSeconds: 10 * 60 };
const invitationNotFound = () => notFound('Invitation not found');

/**
 * `/api/workspace` (issue 24 A, ADR 034): the sign-up policy anyone may read, and invitations — sent by
 * administrators, or by members when the settings allow it, by verified accounts only; listed and revoked
 * by their sender or an administrator. The settings are workspace.admin.routes.ts's.
 */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get('/signup', { schema: { response: { 200: signupPolicyResponse, ...errorResponses } } }, async () => {
    const { signup } = await workspaceSettings(app);
    return { signup, firstAccount: await noAccountYet(db) };
  });

  app.get(
    '/invitations/preview',
    {
      schema: {
        querystring: invitationPreviewQuery,
        response: { 200: invitationPreviewResponse, ...errorResponses },
      },
    },
    async (request) => {
      await enforce(db, [[`invite-preview:ip:${request.ip}`, PREVIEW_LIMIT]]);
      const invitation = await findUsableInvitation(db, sha256(request.query.token));
      if (!invitation)
        throw notFound('This invitation link is not valid any more: it was used, revoked or has expired');
      return {
        email: invitation.email,
        invitedBy: invitation.inviterName,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },
  );

  const memberRoutes: FastifyPluginAsyncZod = async (members) => {
    signedInScope(members);

    /** Administrators may always invite; members when the settings allow it. */
    const mayInvite = async (isAdmin: boolean) => isAdmin || (await workspaceSettings(app)).membersMayInvite;

    members.get(
      '/invitations',
      { schema: { response: { 200: invitationListResponse, ...errorResponses } } },
      async (request) => {
        const me = actor(request);
        if (!(await mayInvite(me.isAdmin))) throw forbidden('Only administrators can invite people');
        return { invitations: await listInvitations(db, me.isAdmin ? null : me.user.id) };
      },
    );

    members.post(
      '/invitations',
      { schema: { body: createInvitationInput, response: { 201: invitationResponse, ...errorResponses } } },
      async (request, reply) => {
        const me = actor(request);
        const settings = await workspaceSettings(app);
        if (settings.signup === 'closed') {
          throw new HttpError(
            409,
            'Registration is closed: open it in the workspace settings to invite people',
            {
              code: 'SIGNUP_CLOSED',
            },
          );
        }
        if (!(await mayInvite(me.isAdmin))) throw forbidden('Only administrators can invite people');
        const { email } = request.body;
        if (await hasAccount(db, email)) throw conflict('This person already has an account', 'EMAIL_TAKEN');
        await assertMayMailOutside(app, me.user, 1, 'invite people');
        const token = randomToken();
        const id = await insertInvitation(db, {
          email,
          tokenHash: sha256(token),
          invitedBy: me.user.id,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
        });
        const base = app.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
        const inviter = `${me.user.firstName} ${me.user.lastName}`.trim();
        await app.mailer.send({
          to: email,
          subject: `${inviter} invited you to Atrium`,
          text:
            `${inviter} invited you to join their Atrium workspace.\n\n` +
            `Create your account here (the link works once, for ${INVITATION_DAYS} days):\n` +
            `${base}/auth/register?invite=${token}\n`,
        });
        const row = await findInvitation(db, id);
        if (!row) throw invitationNotFound();
        return reply.code(201).send({ invitation: toInvitation(row) });
      },
    );

    members.delete(
      '/invitations/:id',
      { schema: { params: invitationIdParams, response: { 204: z.null(), ...errorResponses } } },
      async (request, reply) => {
        const me = actor(request);
        const row = await findInvitation(db, request.params.id);
        if (!row || (!me.isAdmin && row.invitedBy !== me.user.id)) throw invitationNotFound();
        if (!(await revokeInvitation(db, row.id))) {
          throw conflict('This invitation was already used or revoked', 'INVITATION_USED');
        }
        return reply.code(204).send(null);
      },
    );
  };
  await app.register(memberRoutes);
};
