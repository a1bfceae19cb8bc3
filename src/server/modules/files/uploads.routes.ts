import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { uploadNameParams } from '#shared/contract/files.ts';

import { notFound } from '../../lib/http-error.ts';
import { findFileByKey } from './files.repo.ts';
import { isPublicUse } from './files.service.ts';
import { sendStoredFile } from './send-file.ts';
import { STORAGE_KEY } from './storage.ts';

/**
 * `GET /api/uploads/<key>`: public images (avatars, covers, gallery photos). No bearer check (an <img>
 * cannot send one), so only files of a public use are served here; a private file's key answers 404 like
 * an unknown one. The bytes were re-encoded on upload and never change under a key, so they are cached
 * for a year.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:name', { schema: { params: uploadNameParams, hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const row = STORAGE_KEY.test(name) ? await findFileByKey(app.db, name) : undefined;
    if (!row || !isPublicUse(row.use)) throw notFound('File not found');
    return sendStoredFile(request, reply, app.files.storage, row, 'public, max-age=31536000, immutable', {
      presign: false,
    });
  });
};
