import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SIGNED_IN_COOKIE, type PublicConfig } from '#shared/contract/account.ts';
import type { PageRenderer, RenderInput } from '#shared/lib/page-render.ts';

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
  renderer: PageRenderer | null = null,
): Promise<void> {
  const template =
    root !== null && fs.existsSync(path.join(root, 'index.html'))
      ? withPublicConfig(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), publicConfig)
      : null;
  const index = template === null ? null : indexVariants(template);
  const pages =
    template === null || renderer === null ? null : serverPages(app, template, renderer, publicConfig);

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

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && index && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = pages
        ? await pages.render(request).catch((error: unknown) => {
            // The page is still served: the client app renders it.
            request.log.error({ err: error }, 'Server render failed');
            return null;
          })
        : null;
      if (page) return sendPage(page, request, reply);
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

/** Loads the server render built by `vite build`; null when there is none (the API-only tests, `vite` dev). */
export async function loadPageRenderer(file: string | null): Promise<PageRenderer | null> {
  if (file === null || !fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** How many rendered pages are kept (URL × language × settings; most visitors share a handful). */
const PAGE_CACHE_SIZE = 200;

type ServerPage = { status: number; variants: IndexVariants } | { status: number; location: string };

/**
 * The sign-in and public pages rendered on the server (issue 31 A, ADR 060), into index.html: `<html>`'s
 * language, direction and colour scheme, the title and critical CSS in `<head>`, the page in `#root`, and the
 * router's data for the hydration as a JSON block. A page depends on its URL, language and display settings
 * only: the last PAGE_CACHE_SIZE are kept, so a repeat costs no render. A visitor who is signed in (the
 * SIGNED_IN_COOKIE hint) gets the client app for the guest pages (`/auth/…`), which sends them on.
 */
function serverPages(
  app: FastifyInstance,
  template: string,
  renderer: PageRenderer,
  publicConfig: PublicConfig,
) {
  const cache = new Map<string, ServerPage>();

  async function renderPage(input: RenderInput): Promise<ServerPage | null> {
    const rendered = await renderer.render(input);
    if (!rendered) return null;
    if (rendered.kind === 'redirect') return { status: rendered.status, location: rendered.location };
    const attributes = Object.entries(rendered.htmlAttributes)
      .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
      .join(' ');
    const hydration = rendered.hydrationData.replaceAll('<', '\\u003c');
    const html = template
      .replace(/<html[^>]*>/, `<html ${attributes}>`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(
        '</head>',
        `${rendered.head}<script id="router-hydration" type="application/json">${hydration}</script></head>`,
      )
      // The page works without JavaScript: no "enable JavaScript" notice above it.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-ssr="${escapeAttribute(rendered.language)}">${rendered.body}</div>`,
      );
    // Brotli at quality 6: a page is compressed once per cache entry, in about a millisecond.
    return { status: rendered.status, variants: indexVariants(html, 6) };
  }

  return {
    async render(request: FastifyRequest): Promise<ServerPage | null> {
      // A guest page would only send a signed-in visitor on: the client app does that at once.
      if (request.cookies[SIGNED_IN_COOKIE] && request.url.startsWith('/auth/')) return null;
      const input: RenderInput = { url: request.url, cookies: request.cookies, publicConfig };
      if (renderer.pageKey(input) === null) return null;
      // The page's reads, as a signed-out visitor's requests (in-process, no socket).
      const queries = await Promise.all(
        renderer.readsOf(request.url).map(async ({ queryKey, api }) => {
          const response = await app.inject({ method: 'GET', url: api });
          return response.statusCode === 200 ? { queryKey, data: response.json<unknown>() } : null;
        }),
      );
      // A read that failed: the browser renders the page and asks again.
      if (queries.includes(null)) return null;
      input.queries = queries.filter((query) => query !== null);
      const key = renderer.pageKey(input);
      if (key === null) return null;
      const cached = cache.get(key);
      if (cached) {
        // Most recently used last: the first key is the one to drop.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const page = await renderPage(input);
      if (!page) return null;
      cache.set(key, page);
      if (cache.size > PAGE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return page;
    },
  };
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** A server-rendered page as the client accepts it, or 304 when the client holds it. */
function sendPage(page: ServerPage, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  if ('location' in page) return reply.redirect(page.location, page.status);
  // The same URL is another page with other cookies (language, display settings).
  reply.code(page.status).header('vary', 'accept-encoding, cookie');
  return sendIndex(page.variants, request, reply);
}

/** index.html as the client accepts it (br, gzip or plain), or 304 when the client holds this page. */
function sendIndex(index: IndexVariants, request: FastifyRequest, reply: FastifyReply) {
  const encoding = (['br', 'gzip'] as const).find((coding) =>
    accepts(request.headers['accept-encoding'], coding),
  );
  reply.header('cache-control', 'no-cache').header('etag', index.etag).type('text/html; charset=utf-8');
  // `no-cache` means "ask first": a browser holding this page gets a 304 and no body.
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === index.etag)) {
    return reply.code(304).send();
  }
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(index[encoding ?? 'identity']);
}

type IndexVariants = Record<'identity' | 'br' | 'gzip', Buffer> & { etag: string };

function indexVariants(html: string, brotliQuality = 11): IndexVariants {
  const identity = Buffer.from(html);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
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
