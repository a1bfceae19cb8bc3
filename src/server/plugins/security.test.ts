import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import { trustProxySchema } from '../env.ts';
import { users } from '../db/schema/index.ts';
import { freshIp } from '../testing/http.ts';
import { GOOD_PASSWORD, bearer, createTestApp, register, type TestApp } from '../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: freshIp(),
  });

/** A JSON error body with a message and nothing that leaks internals. */
function expectCleanError(res: LightMyRequestResponse, status: number, label = ''): Record<string, unknown> {
  expect(res.statusCode, `${label} ${res.body}`).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json; charset=utf-8/);
  const body = res.json() as Record<string, unknown>;
  expect(body.message, label).toEqual(expect.any(String));
  expect(body, label).not.toHaveProperty('stack');
  expect(res.body, label).not.toMatch(
    /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|select |insert |update |relation "|syntax error at|\$argon2/i,
  );
  return body;
}

describe('security headers', () => {
  const directives = (res: LightMyRequestResponse) =>
    new Map(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values] as const),
    );

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/account/login'],
    ['GET', '/api/account/my-account'],
  ] as const)('sends a strict CSP and nosniff on %s %s', async (method, url) => {
    const res = await t.app.inject({ method, url, remoteAddress: freshIp() });
    const csp = directives(res);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives the API docs the same CSP as the rest of the app', async () => {
    const app = await t.app.inject({ url: '/api/health', remoteAddress: freshIp() });
    for (const url of ['/api/docs/', '/api/docs/static/index.html', '/api/docs/json']) {
      const docs = await t.app.inject({ url, remoteAddress: freshIp() });
      expect(docs.statusCode, url).toBeLessThan(400);
      expect(docs.headers['content-security-policy'], url).toBe(app.headers['content-security-policy']);
    }
  });
});

describe('request bodies', () => {
  it('answers a body over 1 MiB with a JSON 413', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    const body = expectCleanError(await post('/api/account/login', payload), 413, 'too large');
    expect(body.message).toMatch(/too large/i);
  });

  it.each([
    ['broken JSON', '{"email": "a@example.com", "password": '],
    ['trailing garbage', '{"email": "a@example.com"} x'],
    ['single quotes', "{'email': 'a@example.com'}"],
  ])('answers %s with a JSON 400', async (label, payload) => {
    expectCleanError(await post('/api/account/login', payload), 400, label);
  });

  it('answers an empty JSON body with 400', async () => {
    expectCleanError(await post('/api/account/login', ''), 400, 'empty');
  });

  it('refuses a form or text body on a JSON route with a JSON 4xx', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: 'email=a@example.com&password=x',
        headers: { 'content-type': contentType },
      });
      expect([400, 415], contentType).toContain(res.statusCode);
      expectCleanError(res, res.statusCode, contentType);
    }
  });

  it.each([
    ['numbers for strings', { email: 123, password: 456 }],
    ['booleans', { email: true, password: false }],
    ['an operator object', { email: { $ne: '' }, password: { $gt: '' } }],
    ['arrays', { email: ['a@example.com'], password: ['x'] }],
    ['null fields', { email: null, password: null }],
    ['missing fields', {}],
  ])('answers %s with 400 {message, issues}', async (label, payload) => {
    const body = expectCleanError(await post('/api/account/login', payload), 400, label);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues).toEqual(
      expect.arrayContaining([{ path: expect.arrayContaining(['email']), message: expect.any(String) }]),
    );
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['a number', '42'],
  ])('answers a body that is %s with 400', async (label, payload) => {
    expectCleanError(await post('/api/account/login', payload), 400, label);
  });

  it('answers deeply nested JSON with 400, not 500', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expectCleanError(await post('/api/account/login', `{"email": ${deep}, "password": "x"}`), 400, 'deep');
  });

  it.each([
    ['__proto__', '{"__proto__": {"role": "admin"}, "email": "a@example.com", "password": "xxxxxxxx"}'],
    [
      'constructor.prototype',
      '{"constructor": {"prototype": {"role": "admin"}}, "email": "a@example.com", "password": "xxxxxxxx"}',
    ],
  ])('refuses a %s body with 400 and pollutes nothing', async (label, payload) => {
    expectCleanError(await post('/api/account/login', payload), 400, label);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('refuses a __proto__ key on registration and creates no user', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(users);
    const res = await post(
      '/api/account/register',
      `{"email": "proto@example.com", "password": "${GOOD_PASSWORD}", "firstName": "P", "lastName": "R", "__proto__": {"role": "admin"}}`,
    );
    expectCleanError(res, 400, 'register __proto__');
    const [after] = await t.database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it.each([
    "' OR 1=1 --",
    "a@example.com'; drop table users; --",
    'a@example.com" OR ""="',
    '\u0000@example.com',
  ])('answers the SQL-ish email %j with 400, not 500', async (email) => {
    for (const url of ['/api/account/login', '/api/account/forgot-password', '/api/account/register']) {
      const res = await post(url, { email, password: GOOD_PASSWORD, firstName: 'S', lastName: 'Q' });
      expectCleanError(res, 400, `${url} ${email}`);
    }
  });

  it('treats a valid email with SQL in it as plain data (parametrised queries)', async () => {
    const email = "o'brien'--@example.com";
    const login = await post('/api/account/login', { email, password: GOOD_PASSWORD });
    expectCleanError(login, 401, 'login');
    const registered = await register(t.app, { email }, freshIp());
    expect(registered.user.email).toBe(email);
    const rows = await t.database.db.select({ email: users.email }).from(users).where(eq(users.email, email));
    expect(rows).toEqual([{ email }]);
    const [all] = await t.database.db.select({ n: count() }).from(users);
    expect(all?.n).toBeGreaterThanOrEqual(1);
  });

  it('ignores unknown fields instead of storing them (no role escalation)', async () => {
    // The first account of an instance is admin anyway; make sure this is not it.
    await register(t.app, {}, freshIp());
    const email = 'escalate@example.com';
    const res = await post('/api/account/register', {
      email,
      password: GOOD_PASSWORD,
      firstName: 'E',
      lastName: 'S',
      role: 'admin',
      emailVerified: true,
      status: 'active',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: object }).user).toMatchObject({ role: 'user', emailVerified: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'user', emailVerified: false });
    expect(row?.passwordHash).not.toContain('forged');
  });
});

describe('routing and caching', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/account/nope'],
    ['DELETE', '/api/account/my-account'],
  ] as const)('answers %s %s with a JSON 404', async (method, url) => {
    const body = expectCleanError(await t.app.inject({ method, url }), 404, url);
    expect(body.code).toBe('NOT_FOUND');
  });

  it('answers GET /api/health with 200 {status: ok}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks every account answer no-store, success or failure', async () => {
    const { accessToken, cookie } = await register(t.app, {}, freshIp());
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/account/my-account', headers: bearer(accessToken) }),
      await t.app.inject({ method: 'GET', url: '/api/account/my-account' }),
      await post('/api/account/login', { email: 'nobody@example.com', password: 'wrong password' }),
      await post('/api/account/login', { email: 'not an email', password: 'x' }),
      await t.app.inject({ method: 'POST', url: '/api/account/refresh', headers: { cookie } }),
      await post('/api/account/forgot-password', { email: 'nobody@example.com' }),
    ];
    for (const res of responses) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
    }
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 401, 400, 200, 200]);
  });
});

describe('behind https (PUBLIC_URL https://…)', () => {
  it('marks the refresh cookie Secure and sends HSTS', async () => {
    const https = await buildApp({
      database: t.database,
      config: { publicUrl: 'https://atrium.example' },
      logger: false,
      mailer: { send: async () => {} },
    });
    try {
      const { user } = await register(t.app, {}, freshIp());
      const res = await https.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: user.email, password: GOOD_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      // Over plain http without an https PUBLIC_URL there is no HSTS.
      const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await https.close();
    }
  });
});

describe('global request limit', () => {
  it('counts API requests per IP, but not the web app’s static files', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<div id="root"></div>');
    fs.writeFileSync(path.join(webRoot, 'app.js'), 'console.log(1)');
    const app = await buildApp({ database: t.database, logger: false, config: { rateLimitMax: 3, webRoot } });
    try {
      const api = [];
      for (let i = 0; i < 4; i++)
        api.push((await app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      expect(api).toEqual([200, 200, 200, 429]);
      const pages = [];
      for (let i = 0; i < 5; i++)
        pages.push((await app.inject({ method: 'GET', url: '/some/page' })).statusCode);
      expect(pages).not.toContain(429);
      expect((await app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('decides on the matched route: an encoded /api path counts like the plain one', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<div id="root"></div>');
    const app = await buildApp({ database: t.database, logger: false, config: { rateLimitMax: 3, webRoot } });
    try {
      const codes = [];
      for (const url of [
        '/%61pi/health',
        '/%61%70%69/health',
        '/api/health',
        '/%61pi/health',
        '//api/nope',
      ]) {
        codes.push((await app.inject({ method: 'GET', url, remoteAddress: '198.51.100.44' })).statusCode);
      }
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or proxy addresses, and refuses true with a message', () => {
    expect(trustProxySchema.parse(undefined)).toBe(false);
    expect(trustProxySchema.parse('false')).toBe(false);
    expect(trustProxySchema.parse('1')).toBe(1);
    expect(trustProxySchema.parse('10.0.0.1, 192.168.0.0/16,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    const refused = trustProxySchema.safeParse('true');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/every proxy hop/);
    expect(trustProxySchema.safeParse('10.0.0.1,not-an-ip').success).toBe(false);
    expect(trustProxySchema.safeParse('10.0.0.0/33').success).toBe(false);
  });

  /** The address a session was created from, as the sessions page shows it. */
  async function sessionIp(
    trustProxy: false | number | string[],
    remoteAddress: string,
    forwardedFor: string,
  ): Promise<string | null> {
    const proxied = await createTestApp({ trustProxy });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/account/register',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'proxy@example.com', password: GOOD_PASSWORD, firstName: 'P', lastName: 'X' },
      });
      const { accessToken } = res.json() as { accessToken: string };
      const sessions = await proxied.app.inject({
        url: '/api/account/sessions',
        headers: bearer(accessToken),
      });
      return (sessions.json() as { sessions: Array<{ ip: string | null }> }).sessions[0]?.ip ?? null;
    } finally {
      await proxied.close();
    }
  }

  it('believes X-Forwarded-For only as far as the configured proxies', async () => {
    // No proxy trusted: the client's own forged header is ignored.
    expect(await sessionIp(false, '203.0.113.9', '6.6.6.6')).toBe('203.0.113.9');
    // One proxy: the address that proxy saw, not what the client wrote before it.
    expect(await sessionIp(1, '10.0.0.1', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    // Listed proxies: believed only when the request comes from one of them.
    expect(await sessionIp(['10.0.0.0/8'], '10.0.0.1', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await sessionIp(['10.0.0.0/8'], '203.0.113.9', '6.6.6.6')).toBe('203.0.113.9');
  }, 120_000);

  it('counts the per-IP limit by the client behind a trusted proxy, not by the proxy (issue 31 D)', async () => {
    const statuses = async (trustProxy: false | number, clients: string[]) => {
      const app = await buildApp({
        database: t.database,
        logger: false,
        config: { rateLimitMax: 2, trustProxy },
      });
      try {
        const out: number[] = [];
        for (const client of clients) {
          const res = await app.inject({
            method: 'GET',
            url: '/api/health',
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': client },
          });
          out.push(res.statusCode);
        }
        return out;
      } finally {
        await app.close();
      }
    };
    // Three people behind one proxy, two requests each: each has their own two.
    const people = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    expect(await statuses(1, [...people, ...people])).toEqual([200, 200, 200, 200, 200, 200]);
    // One of them past their own limit is refused; the others are not.
    expect(await statuses(1, [people[0]!, people[0]!, people[0]!, people[1]!])).toEqual([200, 200, 429, 200]);
    // Without TRUST_PROXY every request is the proxy's: the third is refused, whoever sent it.
    expect(await statuses(false, people)).toEqual([200, 200, 429]);
  });
});
