import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MIN_BYTES, precompressDir } from '../../../scripts/vite-precompress.ts';
import { buildApp } from '../app.ts';
import { freshIp } from '../testing/http.ts';
import { createTestDb } from '../testing/test-db.ts';
import { withPublicConfig } from './web-app.ts';
import { bearer, createTestApp, register, type TestApp } from '../testing/test-app.ts';

/** A stand-in for dist/: index.html, a large and a small asset, precompressed like `vite build` does. */
function fakeWebRoot(): { root: string; indexHtml: string; appJs: string; tinyJs: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  const indexHtml = `<!doctype html><html><head><title>Atrium test shell</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const appJs = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const tinyJs = 'export const tiny = 1;\n';
  fs.writeFileSync(path.join(root, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(root, 'assets', 'app-abc123.js'), appJs);
  fs.writeFileSync(path.join(root, 'assets', 'tiny-abc123.js'), tinyJs);
  return { root, indexHtml, appJs, tinyJs };
}

describe('precompressDir (the vite build plugin)', () => {
  it('writes .br and .gz beside every compressible file above MIN_BYTES, and only those', async () => {
    const web = fakeWebRoot();
    const result = await precompressDir(web.root);
    expect(result.files).toBe(2);
    const asset = (name: string) => path.join(web.root, 'assets', name);
    expect(brotliDecompressSync(fs.readFileSync(asset('app-abc123.js.br'))).toString()).toBe(web.appJs);
    expect(gunzipSync(fs.readFileSync(asset('app-abc123.js.gz'))).toString()).toBe(web.appJs);
    expect(fs.existsSync(path.join(web.root, 'index.html.br'))).toBe(true);
    expect(Buffer.byteLength(web.tinyJs)).toBeLessThan(MIN_BYTES);
    expect(fs.existsSync(asset('tiny-abc123.js.br'))).toBe(false);
    expect(fs.existsSync(asset('tiny-abc123.js.gz'))).toBe(false);
    fs.rmSync(web.root, { recursive: true, force: true });
  });
});

describe('web app and compression', () => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebRoot>;

  beforeAll(async () => {
    web = fakeWebRoot();
    await precompressDir(web.root);
    t = await createTestApp({ webRoot: web.root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web.root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  /** index.html as served: the instance's public config inlined before </head>. */
  const servedIndex = () => withPublicConfig(web.indexHtml, { demo: null, currency: 'USD' });

  it('serves the app at / (index.html with the public config, not cached)', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(servedIndex());
    expect(res.body).toContain(
      '<script id="public-config" type="application/json">{"demo":null,"currency":"USD"}</script></head>',
    );
    // The same facts as GET /api/config.
    const config = await get('/api/config');
    const block = /<script id="public-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual(config.json());
  });

  it('answers a browser that holds the current page with 304 (ETag), and a changed one with the page', async () => {
    const first = await get('/dashboard/app', 'gzip, br');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/auth/login', 'gzip, br', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await get('/auth/login', 'gzip, br', { 'if-none-match': '"an-older-build"' });
    expect(stale.statusCode).toBe(200);
    expect(brotliDecompressSync(stale.rawPayload).toString()).toBe(servedIndex());
  });

  it('inlines a config no value of which can end the script element', () => {
    const demo = { email: 'x</script><script>alert(1)</script>@example.com' };
    const html = withPublicConfig('<html><head></head><body></body></html>', { demo, currency: 'EUR' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const block = /type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual({ demo, currency: 'EUR' });
  });

  it('sends index.html gzipped to a client that takes gzip and not br, plain to one that takes neither', async () => {
    const gz = await get('/dashboard/app', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(servedIndex());
    const plain = await get('/dashboard/app', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(servedIndex());
  });

  it('answers HEAD / too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves index.html for deep links, brotli-compressed when accepted', async () => {
    expect((await get('/dashboard/user/list?page=2')).body).toBe(servedIndex());
    const res = await get('/auth/sign-in', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(servedIndex());
  });

  it('answers unknown API paths with a JSON 404, not the app', async () => {
    const res = await get('/api/unknown', 'gzip');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the precompressed .br of an asset when the client accepts br', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Exactly the file on disk: not compressed a second time on the way out.
    const onDisk = fs.readFileSync(path.join(web.root, 'assets', 'app-abc123.js.br'));
    expect(res.rawPayload.equals(onDisk)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.appJs);
  });

  it('sends the precompressed .gz when the client accepts gzip only', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const onDisk = fs.readFileSync(path.join(web.root, 'assets', 'app-abc123.js.gz'));
    expect(res.rawPayload.equals(onDisk)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(web.appJs);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(web.appJs);
  });

  it('does not compress a static file per request (a small asset has no variant and goes out as it is)', async () => {
    const res = await get('/assets/tiny-abc123.js', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(web.tinyJs);
  });

  describe('JSON API responses', () => {
    let token: string;
    beforeAll(async () => {
      // The first account is the admin; a few more make the users list larger than the threshold.
      token = (await register(t.app, {}, freshIp())).accessToken;
      for (let i = 0; i < 4; i++) await register(t.app, {}, freshIp());
    });

    it('compresses a large response with gzip when the client accepts it', async () => {
      const plain = await get('/api/users', undefined, bearer(token));
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      const res = await get('/api/users', 'gzip, deflate, br, zstd', bearer(token));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.json());
    });

    it('leaves small responses uncompressed', async () => {
      const res = await get('/api/health', 'gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });
});

describe('compression of a response of tens of KiB', () => {
  it('compresses it in one call, with its Content-Length (no zlib stream, not chunked)', async () => {
    const database = await createTestDb();
    const app = await buildApp({ database, logger: false, mailer: { send: async () => {} } });
    const rows = Array.from({ length: 600 }, (_, i) => ({ id: i, name: `row ${i}`, flag: i % 3 === 0 }));
    app.get('/api/test-rows', async () => ({ rows }));
    await app.ready();
    try {
      const plain = await app.inject({ url: '/api/test-rows' });
      expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
      expect(plain.rawPayload.length).toBeLessThan(64 * 1024);
      const res = await app.inject({ url: '/api/test-rows', headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('pages rendered on the server (issue 31 A)', () => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebRoot>;
  const renders = (): string[] => ((globalThis as { ssrStubRenders?: string[] }).ssrStubRenders ??= []);

  /**
   * A stand-in for dist-ssr/entry-server.js: renders /auth/login and /contact-us (the language of the
   * cookie, the sign-up policy read for /contact-us), fails on /auth/register, redirects /auth/verify.
   */
  function stubRenderer(dir: string): string {
    const file = path.join(dir, 'entry-server.mjs');
    fs.writeFileSync(
      file,
      `const rendered = (path) => ['/auth/login', '/auth/register', '/auth/verify', '/contact-us'].includes(path);
      const renders = () => (globalThis.ssrStubRenders ??= []);
      export function pageKey({ url, cookies, queries }) {
        const { pathname, search } = new URL(url, 'http://x');
        return rendered(pathname) ? [pathname + search, cookies.i18nextLng ?? 'en', JSON.stringify(queries ?? [])].join('|') : null;
      }
      export function readsOf(url) {
        return url.startsWith('/contact-us') ? [{ queryKey: ['signup'], api: '/api/workspace/signup' }] : [];
      }
      export async function render({ url, cookies, queries }) {
        const { pathname } = new URL(url, 'http://x');
        renders().push(url);
        if (pathname === '/auth/register') throw new Error('render failed');
        if (pathname === '/auth/verify') return { kind: 'redirect', status: 302, location: '/auth/login' };
        const language = cookies.i18nextLng ?? 'en';
        return {
          kind: 'page', status: 200, language,
          htmlAttributes: { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' },
          head: '<title>Rendered</title><style data-emotion="mui x">.mui-x{color:red}</style>',
          body: '<h1 class="mui-x">Page ' + pathname + '</h1>',
          hydrationData: JSON.stringify({ router: {}, queries: queries ?? [], script: '</script><script>alert(1)</script>' }),
        };
      }`,
    );
    return file;
  }

  beforeAll(async () => {
    web = fakeWebRoot();
    t = await createTestApp({ webRoot: web.root, pageRenderer: stubRenderer(web.root) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web.root, { recursive: true, force: true });
  });

  const get = (url: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, cookies, remoteAddress: freshIp() });

  it('puts the rendered page into index.html: attributes, head, the page in #root, the hydration data', async () => {
    const res = await get('/auth/login', { i18nextLng: 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<title>Rendered</title><style data-emotion="mui x">');
    expect(res.body).not.toContain('Atrium test shell');
    expect(res.body).toContain('<div id="root" data-ssr="ar"><h1 class="mui-x">Page /auth/login</h1></div>');
    const data = /<script id="router-hydration" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    // No value can end the data block's element.
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data!)).toMatchObject({ script: '</script><script>alert(1)</script>' });
    // The public config is still there for the app.
    expect(res.body).toContain('<script id="public-config" type="application/json">');
  });

  it('renders a page once per URL and language, then sends the kept copy', async () => {
    renders().length = 0;
    await get('/auth/login?x=1');
    await get('/auth/login?x=1');
    await get('/auth/login?x=1', { i18nextLng: 'fr' });
    expect(renders()).toEqual(['/auth/login?x=1', '/auth/login?x=1']);
  });

  it('answers the page’s API reads in-process and renders with them', async () => {
    const res = await get('/contact-us');
    const data = /<script id="router-hydration" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(data!).queries).toEqual([
      { queryKey: ['signup'], data: { signup: expect.any(String), firstAccount: expect.any(Boolean) } },
    ]);
  });

  it('sends the client app for other paths, a guest page to a signed-in visitor, and when the render fails', async () => {
    for (const [url, cookies] of [
      ['/dashboard/app', {}],
      ['/auth/login', { atrium_signed_in: '1' }],
      ['/auth/register', {}],
    ] as const) {
      const res = await get(url, cookies);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Atrium test shell</title>');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    // A signed-in visitor still gets the public pages rendered.
    expect((await get('/contact-us', { atrium_signed_in: '1' })).body).toContain('data-ssr="en"');
  });

  it('passes a redirect of the routes on', async () => {
    const res = await get('/auth/verify');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/login');
  });
});
