import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { messageResponse, myAccountResponse } from '#shared/contract/account.ts';
import { errorResponses } from '#shared/contract/common.ts';
import {
  accountExportParams,
  accountExportResponse,
  accountExportsResponse,
  deleteMyAccountInput,
  imageParams,
  imageResponse,
  updateMyAccountInput,
} from '#shared/contract/users.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import type { UserRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { actor, signedInScope } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  afterEmailChange,
  announceAccountsChanged,
  checkCurrentPassword,
  findUserByEmail,
  toUser,
} from '../account/account.service.ts';
import { publicUploadUrl, storageKeyOfUrl } from '../files/files.service.ts';
import { deleteOwnImage, toUserImage } from './directory.repo.ts';
import { updateUserRow } from './users.repo.ts';
import { eraseAccounts } from './erase.ts';
import { listExports, scheduleExports, startExport, toAccountExport } from './export.ts';
import { diffUser, profilePatch } from './users.service.ts';

const emailTaken = () =>
  new HttpError(409, 'An account with this email already exists', { code: 'EMAIL_TAKEN' });

/**
 * My profile under `/api/account` (registered next to account/me.routes.ts): edit my profile and address,
 * my avatar, cover and gallery. Every route acts on the caller only.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  signedInScope(app);

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
        await checkCurrentPassword(db, user, input.currentPassword);
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
      // Not for notification or privacy switches: no figure counts them.
      if (Object.keys(diffUser(user, after)).length) await announceAccountsChanged(app, [after.id]);
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
        // The avatar is what dashboards show of a person (top authors, best customers).
        if (kind === 'avatar') await announceAccountsChanged(app, [after.id]);
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
      if (Object.keys(patch).length) {
        await updateUserRow(db, user.id, patch);
        if (patch.avatarUrl === null) await announceAccountsChanged(app, [user.id]);
      }
      await app.files.storage.remove([image.storageKey]);
      return reply.code(204).send(null);
    },
  );

  /**
   * Deletes my account, after my password again (ADR 058): what is mine goes, what others depend on stays
   * without my name; every session ends at once. The last active administrator cannot (409).
   */
  app.post(
    '/my-account/delete',
    {
      schema: { body: deleteMyAccountInput, response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      const { user } = actor(request);
      await checkCurrentPassword(db, user, request.body.currentPassword);
      await eraseAccounts(app, {
        actorId: user.id,
        ids: [user.id],
        ip: request.ip,
        action: 'user.delete',
      });
      request.log.info({ event: 'account.deleted', userId: user.id });
      return { message: 'Your account was deleted' };
    },
  );

  // ── my data, portable (issue 32 C, ADR 058) ─────────────────────────────────────────────────────────
  scheduleExports(app);

  app.get(
    '/exports',
    { schema: { response: { 200: accountExportsResponse, ...errorResponses } } },
    async (request) => {
      const { user } = actor(request);
      const rows = await listExports(app, user.id);
      return { exports: rows.map((row) => toAccountExport(row)) };
    },
  );

  /** Starts a zip of my data (202), or answers the one already being prepared (200). */
  app.post(
    '/exports',
    { schema: { response: { 200: accountExportResponse, 202: accountExportResponse, ...errorResponses } } },
    async (request, reply) => {
      const { user } = actor(request);
      const { row, started } = await startExport(app, user.id);
      request.log.info({ event: 'account.export', userId: user.id, exportId: row.id, started });
      return reply.code(started ? 202 : 200).send({ export: toAccountExport(row) });
    },
  );

  app.get('/exports/:id/download', { schema: { params: accountExportParams } }, async (request, reply) => {
    const { user } = actor(request);
    const [row] = (await listExports(app, user.id)).filter((r) => r.id === request.params.id);
    if (!row) throw notFound('Export not found');
    const state = toAccountExport(row).status;
    if (state === 'expired') throw new HttpError(410, 'This export has expired', { code: 'EXPORT_EXPIRED' });
    if (state !== 'ready' || !row.storageKey) {
      throw new HttpError(409, 'This export is not ready', { code: 'EXPORT_NOT_READY' });
    }
    const stream = await app.files.storage.read(row.storageKey);
    if (!stream) throw new HttpError(410, 'This export has expired', { code: 'EXPORT_EXPIRED' });
    const day = row.createdAt.toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="atrium-data-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
};
