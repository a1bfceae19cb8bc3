/**
 * Hostile input to every route of the API: NUL bytes, over-long and oddly encoded text, wrong types, nested
 * objects, bad ids, malformed JSON, multipart and cookies. Whatever comes in, the answer is a 4xx (or a 2xx)
 * with a JSON `message`, never a 5xx (SECURITY.md §1; issue 8 §4.7), signed out, with odd credentials, as a
 * member and as an administrator. The routes are the ones registered on the app (its `onRoute` hook), hidden
 * ones included, not the OpenAPI document: a route a later area adds is covered without touching this file
 * (issue 24 E).
 */
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from './app.ts';
import type { Database } from './db/client.ts';
import { operationOf, tokenFor, type Operation } from './testing/fuzz.ts';
import { freshIp } from './testing/http.ts';
import { member, type Member } from './testing/members.ts';
import { createTestDb } from './testing/test-db.ts';
import { bearer, createTestApp, type TestApp } from './testing/test-app.ts';

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(200_000);
const EMOJI = '😀'.repeat(100); // 100 code points, 200 UTF-16 units, 400 bytes
const ODD_TEXT = '\u202egnp.exe\u200b\ud800\ufeff'; // right-to-left override, zero width, lone surrogate, BOM
const PATH_VALUES = [
  '%00',
  'a%00b',
  '%ff%fe',
  '-'.repeat(36),
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  '-1',
];
const QUERY_VALUES = ['a%00b', '%ff', 'x'.repeat(5000), '-1', '1e308', 'NaN', '%E0%A4%A', '%F0%9F%98%80'];
const NESTED = JSON.parse(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`) as unknown;
const FIELD_VALUES: unknown[] = [
  NUL,
  LONG,
  EMOJI,
  ODD_TEXT,
  123,
  -1,
  0.5,
  1e308,
  2 ** 63,
  true,
  null,
  [],
  {},
  ['a', NUL],
  { $ne: 1 },
  NESTED,
  '00000000-0000-4000-8000-000000000000',
  '2026-02-30T25:61:00Z',
];

function fillPath(url: string, value: string): string {
  return url.replace(/:\w+/g, value).replace(/\*/g, value);
}

/** `count` of `values`, a different slice for each `index`: every value is sent, spread over the fields. */
const rotate = <T>(values: readonly T[], index: number, count: number): T[] =>
  Array.from({ length: count }, (_, k) => values[(index * count + k) % values.length]!);

function requestsFor(op: Operation): InjectOptions[] {
  const method = op.method as InjectOptions['method'];
  const url = fillPath(op.url, '00000000-0000-4000-8000-000000000000');
  const requests: InjectOptions[] = [{ method, url }];
  if (op.params.length || op.url.includes('*')) {
    for (const value of PATH_VALUES) requests.push({ method, url: fillPath(op.url, value) });
  }
  const queryValues = [...QUERY_VALUES, '1&{name}=2', '[a][b]=1'];
  for (const [index, name] of op.query.entries()) {
    for (const value of rotate(queryValues, index, 4)) {
      const query = value.startsWith('[') ? `${name}${value}` : `${name}=${value.replace('{name}', name)}`;
      requests.push({ method, url: `${url}?${query}` });
    }
  }
  requests.push({ method, url: `${url}?search=${encodeURIComponent(NUL)}&page=${encodeURIComponent(NUL)}` });
  if (op.method !== 'GET') {
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
    // Each field alone with odd values (the others left to their defaults, so a value the contract lets
    // through reaches the handler), and every field at once with each odd value, the shape a form posts.
    for (const [index, field] of op.body.entries()) {
      for (const value of rotate(FIELD_VALUES, index, 4)) {
        requests.push({ method, url, headers: json, payload: JSON.stringify({ [field]: value }) });
      }
    }
    if (op.body.length) {
      for (const value of FIELD_VALUES) {
        requests.push({
          method,
          url,
          headers: json,
          payload: JSON.stringify(Object.fromEntries(op.body.map((f) => [f, value]))),
        });
      }
    }
  }
  return requests;
}

/** Odd credentials the first request of each route is also sent with. */
const CREDENTIAL_VARIANTS: Array<Record<string, string>> = [
  { authorization: 'Bearer a.b.c' },
  { authorization: `Bearer ${'x'.repeat(9000)}` },
  { cookie: `atrium_refresh=${'-'.repeat(36)}.${'a'.repeat(43)}` },
  { cookie: 'atrium_refresh=%E0%A4%A; other=%zz' },
  { cookie: `atrium_refresh=zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz.${'a'.repeat(43)}` },
];

describe('hostile input to every route', () => {
  let database: Database;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  let operations: Operation[];
  let admin: Member;
  let alice: Member;

  beforeAll(async () => {
    database = await createTestDb();
    app = await buildApp({
      database,
      logger: false,
      config: { rateLimitMax: 10_000_000 },
      mailer: { send: async () => {} },
      onRoute: (route) => void routes.push(route),
    });
    await app.ready();
    operations = routes.flatMap(operationOf);
    admin = await member(app, 'Grace', 'Hopper'); // the first account of an instance is an admin
    alice = await member(app, 'Alice', 'Liddell');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds every registered route, those the API documentation hides included', () => {
    const found = new Set(operations.map((o) => `${o.method} ${o.url}`));
    const documented = Object.entries(
      (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // Every documented route is found, and more: the documentation's own routes, the real-time socket…
    for (const route of documented) expect(found, route).toContain(route);
    expect(found.size).toBeGreaterThan(documented.length);
    expect(found).toContain('GET /api/realtime');
    expect(found).toContain('POST /api/account/login');
    expect(found).toContain('PATCH /api/account/my-account');
    expect(found).toContain('PUT /api/invoices/:id');
    expect(found).toContain('PATCH /api/posts/:id');
  });

  /** A fresh session per route: a route may end the session it is called with (logout). */
  const tokenOf = (who: Member) => tokenFor(app, who.id);

  it('never answers 5xx, and every 4xx has a message: signed out, odd credentials, member, administrator', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const identities: Record<string, Record<string, string>> = {
        'signed out': {},
        member: await tokenOf(alice),
        admin: await tokenOf(admin),
      };
      const send = async (request: InjectOptions, who: string, headers = identities[who]!) => {
        sent++;
        const res = await app.inject({
          ...request,
          headers: { ...request.headers, ...headers },
          remoteAddress: freshIp(),
        });
        const what = `${res.statusCode} ${request.method} ${String(request.url).slice(0, 120)} ${JSON.stringify(request.payload ?? '').slice(0, 80)} ${who}`;
        if (res.statusCode >= 500) {
          failures.push(what);
        } else if (res.statusCode >= 400) {
          let message: unknown;
          try {
            message = (res.json() as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || !message) failures.push(`no message: ${what}`);
        }
        return res.statusCode;
      };
      const [first, ...rest] = requestsFor(op);
      // The plain request as everyone: signed out, with odd credentials, as a member, as an administrator.
      const signedOut = await send(first!, 'signed out');
      for (const headers of CREDENTIAL_VARIANTS) await send(first!, Object.keys(headers).join(','), headers);
      const asMember = await send(first!, 'member');
      await send(first!, 'admin');
      // The hostile ones in turn as each person the route lets in (auth and roles are checked first, ADR 019:
      // a 401 or 403 to the plain request is the answer to all of them), a few at a time.
      const who = [
        ...(signedOut === 401 ? [] : ['signed out']),
        ...(asMember === 403 ? [] : ['member']),
        'admin',
      ];
      for (let i = 0; i < rest.length; i += 8) {
        await Promise.all(
          rest.slice(i, i + 8).map((request, k) => send(request, who[(i + k) % who.length]!)),
        );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * 10);
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
      remoteAddress: freshIp(),
      payload: { email, password: emoji, firstName: 'E', lastName: 'Moji' },
    });
    expect(registered.statusCode).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: freshIp(),
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
      remoteAddress: freshIp(),
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
