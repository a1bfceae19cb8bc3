/**
 * Hostile input to every route of the API: NUL bytes, over-long and oddly encoded text, wrong types,
 * malformed JSON, multipart and cookies. Whatever comes in, the answer is a 4xx (or a 2xx) with a JSON
 * `message`, never a 5xx (SECURITY.md §1; issue 8 §4.7). Routes are read from the OpenAPI document, so a
 * route a later area adds is covered without touching this file.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signAccessToken } from './lib/tokens.ts';
import { createSession } from './modules/account/account.repo.ts';
import { bearer, createTestApp, register, uniqueIp, type TestApp } from './testing/test-app.ts';

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
}

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const json = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(json),
      });
    }
  }
  return operations;
}

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(200_000);
const EMOJI = '😀'.repeat(100); // 100 code points, 200 UTF-16 units, 400 bytes
const PATH_VALUES = ['%00', 'a%00b', '%ff%fe', '-'.repeat(36), '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000)];
const QUERY_VALUES = ['a%00b', '%ff', 'x'.repeat(5000), '-1', '1e308', 'NaN', '%E0%A4%A'];
const FIELD_VALUES: unknown[] = [
  NUL,
  LONG,
  EMOJI,
  123,
  -1,
  1e308,
  true,
  null,
  [],
  {},
  ['a', NUL],
  { $ne: 1 },
];

function fillPath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value);
}

function requestsFor(op: Operation): InjectOptions[] {
  const method = op.method as InjectOptions['method'];
  const url = fillPath(op.path, '00000000-0000-4000-8000-000000000000');
  const requests: InjectOptions[] = [];
  if (op.path.includes('{')) {
    for (const value of PATH_VALUES) requests.push({ method, url: fillPath(op.path, value) });
  }
  for (const name of op.query) {
    for (const value of QUERY_VALUES) requests.push({ method, url: `${url}?${name}=${value}` });
    requests.push({ method, url: `${url}?${name}=1&${name}=2` });
  }
  requests.push({ method, url: `${url}?search=${encodeURIComponent(NUL)}&page=${encodeURIComponent(NUL)}` });
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    const json = { 'content-type': 'application/json' };
    requests.push(
      { method, url, headers: json, payload: '{"email":' },
      { method, url, headers: json, payload: '[]' },
      { method, url, headers: json, payload: '"text"' },
      { method, url, headers: json, payload: 'null' },
      {
        method,
        url,
        headers: json,
        payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{}}}',
      },
      { method, url, headers: json, payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}` },
      {
        method,
        url,
        headers: json,
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      },
      { method, url, headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
      {
        method,
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
        payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nGIF89a',
      },
      { method, url, headers: { 'content-type': 'text/plain' }, payload: NUL },
      { method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00' },
    );
    for (const field of op.body) {
      for (const value of FIELD_VALUES) {
        requests.push({ method, url, headers: json, payload: JSON.stringify({ [field]: value }) });
      }
      // Every field at once holding NUL text, the shape a form posts.
      requests.push({
        method,
        url,
        headers: json,
        payload: JSON.stringify(Object.fromEntries(op.body.map((f) => [f, NUL]))),
      });
    }
  }
  return requests;
}

/** Odd credentials each request is also sent with: none, a malformed bearer, malformed refresh cookies. */
const CREDENTIAL_VARIANTS: Array<Record<string, string>> = [
  {},
  { authorization: 'Bearer a.b.c' },
  { authorization: `Bearer ${'x'.repeat(9000)}` },
  { cookie: `atrium_refresh=${'-'.repeat(36)}.${'a'.repeat(43)}` },
  { cookie: 'atrium_refresh=%E0%A4%A; other=%zz' },
  { cookie: `atrium_refresh=zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz.${'a'.repeat(43)}` },
];

describe('hostile input to every route', () => {
  let t: TestApp;
  let operations: Operation[];
  let admin: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 10_000_000 });
    operations = operationsOf(t.app);
    admin = await register(t.app, {}, uniqueIp()); // the first account of an instance is an admin
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the routes of every module', () => {
    expect(admin.user.role).toBe('admin');
    const paths = operations.map((o) => `${o.method} ${o.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/account/login',
        'POST /api/account/refresh',
        'PATCH /api/account/my-account',
        'GET /api/users',
        'POST /api/contact',
        'GET /api/notifications',
      ]),
    );
  });

  it('never answers 5xx, signed out, with odd credentials, or signed in as an admin', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      // A fresh admin session per route: a route may end the session it is called with (logout).
      const session = await createSession(t.database.db, {
        userId: admin.user.id,
        refreshHash: 'unused',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const token = await signAccessToken(
        t.app.secret,
        { userId: admin.user.id, sessionId: session.id },
        900,
      );
      const requests = requestsFor(op);
      for (const [index, request] of requests.entries()) {
        // Odd credentials with the first request of each route; signed out and signed in with all of them.
        const variants = index === 0 ? [...CREDENTIAL_VARIANTS, bearer(token)] : [{}, bearer(token)];
        for (const headers of variants) {
          const res = await t.app.inject({
            ...request,
            headers: { ...request.headers, ...headers },
            remoteAddress: uniqueIp(),
          });
          if (res.statusCode >= 500) {
            failures.push(
              `${res.statusCode} ${request.method} ${String(request.url).slice(0, 120)} ${JSON.stringify(request.payload ?? '').slice(0, 80)} ${Object.keys(headers).join(',')}`,
            );
          } else if (res.statusCode >= 400 && res.statusCode !== 404) {
            const body = res.json() as { message?: unknown };
            if (typeof body.message !== 'string')
              failures.push(`no message: ${request.method} ${request.url}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('passwords counted as the contract counts them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // 100 emoji: 100 code points (within the 128 the contract allows), 200 UTF-16 units.
  const emoji = '🔐'.repeat(100);

  it('registers, signs in and changes to a password of 65–128 emoji', async () => {
    const email = `emoji.${Date.now()}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      remoteAddress: uniqueIp(),
      payload: { email, password: emoji, firstName: 'E', lastName: 'Moji' },
    });
    expect(registered.statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: uniqueIp(),
      payload: { email, password: emoji },
    });
    expect(signedIn.statusCode).toBe(200);
    const { accessToken } = signedIn.json() as { accessToken: string };
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(accessToken),
      payload: { currentPassword: emoji, newPassword: '🗝️'.repeat(40) },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('refuses 129 code points with a 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      remoteAddress: uniqueIp(),
      payload: {
        email: `long.${Date.now()}@example.com`,
        password: 'é'.repeat(129),
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/password/i);
  });
});
