import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { PublicConfig } from '#shared/contract/account.ts';

/**
 * Serves the built web app from `root`: `/` and deep links (`/dashboard/...`, `/auth/...`) get index.html
 * (never cached), hashed assets are cached for a year; unknown `/api/...` paths get a JSON 404.
 *
 * Files are sent as `vite build` precompressed them (scripts/vite-precompress.ts): `x.js.br` or `x.js.gz`
 * when the client accepts it, with `Content-Encoding` and `Vary: Accept-Encoding` (ADR 011). Register this
 * before the response-compression hook (plugins/compression.ts) so static files are never compressed per
 * request.
 *
 * index.html carries the instance's public config (`GET /api/config`: the demo account, the currency) as a
 * JSON data block, so the sign-in page does not wait a round trip for it (ADR 010). The config does not
 * change while the server runs: the page and its brotli and gzip copies are made once, at start.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string | null,
  publicConfig: PublicConfig,
): Promise<void> {
  const index =
    root !== null && fs.existsSync(path.join(root, 'index.html'))
      ? indexVariants(withPublicConfig(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), publicConfig))
      : null;

  if (root !== null && index) {
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
    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(index, request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && index && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndex(index, request, reply);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
}

/** Inserts the public config before `</head>` as `<script id="public-config" type="application/json">`. */
export function withPublicConfig(html: string, config: PublicConfig): string {
  // `<` escaped: no value can close the script element (a JSON data block is never run: CSP allows it).
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  return html.replace(
    '</head>',
    `<script id="public-config" type="application/json">${json}</script></head>`,
  );
}

/** index.html as the client accepts it (br, gzip or plain), or 304 when the client holds this page. */
function sendIndex(index: IndexVariants, request: FastifyRequest, reply: FastifyReply) {
  const encoding = (['br', 'gzip'] as const).find((coding) =>
    accepts(request.headers['accept-encoding'], coding),
  );
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', index.etag)
    .type('text/html; charset=utf-8');
  // `no-cache` means "ask first": a browser holding this page gets a 304 and no body.
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === index.etag)) {
    return reply.code(304).send();
  }
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(index[encoding ?? 'identity']);
}

type IndexVariants = Record<'identity' | 'br' | 'gzip', Buffer> & { etag: string };

function indexVariants(html: string): IndexVariants {
  const identity = Buffer.from(html);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** Whether an Accept-Encoding header takes `coding` (listed without `q=0`). */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    return name.toLowerCase() === coding && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}
