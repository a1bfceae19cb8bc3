import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  fileContentQuery,
  fileIdParams,
  fileResponse,
  storageUsageResponse,
  uploadFileQuery,
} from '#shared/contract/files.ts';

import { HttpError, notFound, unauthorized } from '../../lib/http-error.ts';
import { actor, bearerToken } from '../../plugins/auth.ts';
import { deleteOwnFile, findFile } from './files.repo.ts';
import { isPublicUse, LINK_MAX_SECONDS, publicUploadUrl, validLink } from './files.service.ts';
import { fileTreeRoutes } from './files.tree.routes.ts';
import { storageUsage } from './quota.ts';
import { sendStoredFile } from './send-file.ts';

const fileNotFound = () => notFound('File not found');

/**
 * `/api/files` (ADR 018): upload a file of a plain-upload use (attachments, later linked by the area that
 * uses them), read its metadata and content, delete it. Someone who may not read a file gets 404 for
 * it, never a hint that it exists (SECURITY.md F8, Z1).
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file manager (issue 27, ADR 046): its paths all start with a word, never clashing with `/:id`.
  await app.register(fileTreeRoutes);

  app.post(
    '/',
    {
      onRequest: app.authenticate,
      schema: { querystring: uploadFileQuery, response: { 200: fileResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const { user } = actor(request);
      const row = await app.files.store(request, { use: request.query.use, ownerId: user.id });
      reply.header('cache-control', 'no-store');
      return { file: app.files.toFile(row) };
    },
  );

  /** What the caller's files take against their storage quota (the account page shows it). */
  app.get(
    '/usage',
    { onRequest: app.authenticate, schema: { response: { 200: storageUsageResponse, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { usage: await storageUsage(app, actor(request).user.id) };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: { params: fileIdParams, response: { 200: fileResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const row = await findFile(app.db, request.params.id);
      if (!row || !(await app.files.canRead(actor(request).user.id, row))) throw fileNotFound();
      reply.header('cache-control', 'no-store');
      return { file: app.files.toFile(row) };
    },
  );

  /**
   * The bytes: with a signed link (what the API hands out in `url`), or with a bearer token of someone who
   * may read the file. Public images answer with a redirect to their `/api/uploads` address.
   */
  app.get(
    '/:id/content',
    { schema: { params: fileIdParams, querystring: fileContentQuery, hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const { exp, sig } = request.query;
      const signed = exp !== undefined && sig !== undefined && validLink(app.secret, id, exp, sig);
      if (!signed) {
        if (!bearerToken(request)) {
          throw exp === undefined ? unauthorized() : unauthorized('This link has expired');
        }
        await app.authenticate(request, reply);
      }
      const row = await findFile(app.db, id);
      if (!row || (!signed && !(await app.files.canRead(request.auth?.user.id ?? null, row)))) {
        throw fileNotFound();
      }
      if (isPublicUse(row.use)) return reply.redirect(publicUploadUrl(row.storageKey), 301);
      // Kept by the browser no longer than the link works (a bearer-token request: not kept at all).
      const left = signed && exp !== undefined ? exp - Math.floor(Date.now() / 1000) : 0;
      const maxAge = Math.max(0, Math.min(LINK_MAX_SECONDS, left));
      return sendStoredFile(request, reply, app.files.storage, row, `private, max-age=${maxAge}`);
    },
  );

  /** Only the owner, and only plain uploads: a profile picture is deleted from the profile's gallery. */
  app.delete(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: { params: fileIdParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const { user } = actor(request);
      const row = await findFile(app.db, request.params.id);
      if (!row || !(await app.files.canRead(user.id, row))) throw fileNotFound();
      if (row.ownerId !== user.id) throw new HttpError(403, 'Only the person who uploaded a file deletes it');
      if (row.use === 'avatar' || row.use === 'cover' || row.use === 'photo') {
        throw new HttpError(403, 'Delete this picture from your profile', { code: 'FILE_IN_USE' });
      }
      // A card's file is removed from its card (by any member of the board), a product's or a listing's
      // picture from its product or listing (by an administrator), not here.
      if (row.use !== 'attachment') {
        throw new HttpError(403, 'Remove this file where it is used', { code: 'FILE_IN_USE' });
      }
      const deleted = await deleteOwnFile(app.db, user.id, row.id, ['attachment']);
      if (deleted) await app.files.storage.remove([deleted.storageKey]);
      return reply.code(204).send(null);
    },
  );
};
