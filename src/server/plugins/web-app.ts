import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app from `root`: `/` and deep links (`/dashboard/...`, `/auth/...`) get index.html
 * (never cached), hashed assets are cached for a year; unknown `/api/...` paths get a JSON 404.
 *
 * Files are sent as `vite build` precompressed them (scripts/vite-precompress.ts): `x.js.br` or `x.js.gz`
 * when the client accepts it, with `Content-Encoding` and `Vary: Accept-Encoding` (ADR 011). Register this
 * before the response-compression hook (plugins/compression.ts) so static files are never compressed per
 * request.
 */
export async function registerWebApp(app: FastifyInstance, root: string | null): Promise<void> {
  const hasWebApp = root !== null && fs.existsSync(path.join(root, 'index.html'));
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // The wildcard route would treat `/` as the root folder and answer 403 (index: false).
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndex(reply);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
}
