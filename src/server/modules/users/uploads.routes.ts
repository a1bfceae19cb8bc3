import fs from 'node:fs';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { uploadNameParams } from '#shared/contract/users.ts';

import { notFound } from '../../lib/http-error.ts';

/**
 * `GET /api/uploads/<name>`: stored images. No bearer check (an <img> cannot send one): names are 128 random
 * bits, only our own `<hex>.webp` names are opened, and the bytes were re-encoded on upload. Served as
 * image/webp with nosniff and a sandboxing CSP, so nothing stored here can run as a page.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:name', { schema: { params: uploadNameParams, hide: true } }, async (request, reply) => {
    const file = app.uploads.pathOf(request.params.name);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw notFound('File not found');
    return reply
      .type('image/webp')
      .header('content-length', stat.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
};
