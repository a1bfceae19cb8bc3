/**
 * The fuzz suite's generator and runner (issue 32 A), shared by `npm run bench:fuzz` (bench/fuzz.ts, 10,000
 * requests) and its 500-request slice in `npm test` (src/server/fuzz.test.ts). Requests come from the zod
 * schemas each route is registered with (params, query string, body; walked through `_zod.def`), for every
 * route the app's `onRoute` hook reports, hidden ones included: values valid for the schema (so handlers get
 * past validation and reach the database, where a 5xx hides), values at the edges, and wrong types. Routes
 * without a body schema also get multipart uploads, and the resumable-upload routes tus headers. The real-time
 * socket gets malformed frames (`fuzzSocket`). fast-check draws everything from one seed, so a run repeats.
 * The route list (`operationOf`, `fieldsOf`) and a fresh token (`tokenFor`) serve hostile-input.test.ts too.
 */
import net from 'node:net';

import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import WebSocket from 'ws';

import { REALTIME_PATH } from '#shared/contract/realtime.ts';

import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { signAccessToken } from '../lib/tokens.ts';
import { createSession } from '../modules/account/account.repo.ts';
import { RESUMABLE_PATH } from '../modules/files/resumable.routes.ts';
import { freshIp } from './http.ts';
import { quickMembers } from './members.ts';
import { bearer } from './test-app.ts';

export interface Operation {
  method: string;
  /** Fastify's form: `/api/users/:id`. */
  url: string;
  params: string[];
  query: string[];
  body: string[];
  /** The route's zod schemas, as registered. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** A zod schema's top-level field names, through pipes, defaults, optionals, refinements and unions. */
export function fieldsOf(schema: unknown): string[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as Record<string, unknown>);
    case 'pipe':
      return fieldsOf(def.in);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(fieldsOf))];
    case 'intersection':
      return [...new Set([...fieldsOf(def.left), ...fieldsOf(def.right)])];
    default:
      return 'innerType' in def ? fieldsOf(def.innerType) : [];
  }
}

/** A registered route's operations (one per method, HEAD and OPTIONS left out: Fastify answers them). */
export function operationOf(route: RouteOptions): Operation[] {
  const schema = (route.schema ?? {}) as Operation['schema'];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods
    .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
    .map((method) => ({
      method,
      url: route.url,
      params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      query: fieldsOf(schema.querystring),
      body: fieldsOf(schema.body),
      schema,
    }));
}

/** An access token on a fresh session of `userId`: a route may end the session it is called with (logout). */
export async function tokenFor(app: FastifyInstance, userId: string): Promise<Record<string, string>> {
  const session = await createSession(app.db, {
    userId,
    refreshHash: 'unused',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return bearer(await signAccessToken(app.secret, { userId, sessionId: session.id }, 900));
}

// ── values from a zod schema ───────────────────────────────────────────────────────────────────────────────

/**
 * How a request's values are drawn: all valid for the schema, some at the edges (empty, longest, huge,
 * negative, far dates, odd unicode, NUL), or some of the wrong type.
 */
export type Mode = 'valid' | 'edge' | 'wrong';

/** Stands for a real id: the n-th of the ids seen so far, picked when the request is sent (`resolveIds`). */
const ID_REF = 'FUZZIDREF.'; // letters and a dot: the same in a path, a query string and JSON

const ODD_TEXT = [
  'a\u0000b',
  '\u202egnp.exe\u200b',
  '\ud800',
  '\ufeff',
  '😀'.repeat(50),
  'Ω≈ç√',
  '%00',
  '../',
];
const EDGE_NUMBERS = [0, -1, 1, -0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE];
const EDGE_DATES = [
  '0001-01-01T00:00:00.000Z',
  '1969-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30T25:61:00Z',
];
const wrongValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, -1, 1e308, '', [], {}, { $ne: 1 }, ['a\u0000']),
    fc.jsonValue({ maxDepth: 2 }),
  );

interface Checks {
  min?: number;
  max?: number;
  format?: string;
  pattern?: RegExp;
  int?: boolean;
  gt?: { value: number; inclusive: boolean };
  lt?: { value: number; inclusive: boolean };
}

function checksOf(def: Def): Checks {
  const out: Checks = {};
  if (typeof def.format === 'string') out.format = def.format;
  if (def.pattern instanceof RegExp) out.pattern = def.pattern;
  for (const check of (def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') out.min = Math.max(out.min ?? 0, c.minimum as number);
    else if (c.check === 'max_length') out.max = Math.min(out.max ?? Infinity, c.maximum as number);
    else if (c.check === 'length_equals') out.min = out.max = c.length as number;
    else if (c.check === 'string_format') {
      out.format = c.format as string;
      if (c.pattern instanceof RegExp) out.pattern = c.pattern;
    } else if (c.check === 'number_format') out.int = String(c.format).includes('int');
    else if (c.check === 'greater_than') out.gt = { value: Number(c.value), inclusive: Boolean(c.inclusive) };
    else if (c.check === 'less_than') out.lt = { value: Number(c.value), inclusive: Boolean(c.inclusive) };
  }
  return out;
}

const isoDate = (min: number, max: number) =>
  fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true });
const NEAR = { from: Date.UTC(2024, 0, 1), to: Date.UTC(2028, 0, 1) };

function validString(c: Checks): fc.Arbitrary<unknown> {
  const min = c.min ?? 0;
  const max = Math.min(c.max ?? 60, Math.max(min, 60));
  switch (c.format) {
    case 'uuid':
    case 'guid':
      return fc.oneof(
        { arbitrary: fc.nat().map((n) => `${ID_REF}${n}`), weight: 3 },
        fc.uuid({ version: 4 }),
      );
    case 'email':
      return fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9]{0,8}(\.[a-z0-9]{1,5})?$/),
          fc.constantFrom('example.com', 'atrium.dev'),
        )
        .map(([user, host]) => `${user}@${host}`);
    case 'datetime':
      return isoDate(NEAR.from, NEAR.to).map((d) => d.toISOString());
    case 'date':
      return isoDate(NEAR.from, NEAR.to).map((d) => d.toISOString().slice(0, 10));
    case 'url':
      return fc.webUrl();
  }
  if (c.pattern) {
    // fast-check takes no `i` flag: the lower-case matches of the pattern are matches of it too.
    const pattern = new RegExp(c.pattern.source, c.pattern.flags.replace(/[^msu]/g, ''));
    try {
      return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= (c.max ?? 1e6));
    } catch {
      // A pattern fast-check cannot read (lookarounds…): plain text, refused or not.
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

function edgeString(c: Checks): fc.Arbitrary<unknown> {
  const values: unknown[] = ['', ' ', ...ODD_TEXT, ...EDGE_DATES, '00000000-0000-0000-0000-000000000000'];
  if (c.max !== undefined && c.max < 100_000) values.push('x'.repeat(c.max), 'é'.repeat(c.max + 1));
  else values.push('x'.repeat(20_000));
  if (c.min) values.push('x'.repeat(c.min - 1));
  return fc.oneof(fc.constantFrom(...values), fc.string({ unit: 'binary', maxLength: 40 }));
}

function validNumber(c: Checks): fc.Arbitrary<number> {
  let min = c.gt ? c.gt.value + (c.gt.inclusive ? 0 : c.int ? 1 : 1e-6) : -1_000_000;
  let max = c.lt ? c.lt.value - (c.lt.inclusive ? 0 : c.int ? 1 : 1e-6) : 1_000_000;
  min = Math.max(min, -Number.MAX_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (max < min) max = min;
  const whole = c.int
    ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Small values are the common case; the whole range now and then.
  const [lo, hi] = [Math.ceil(Math.max(min, -10)), Math.floor(Math.min(max, 100))];
  return lo <= hi ? fc.oneof({ arbitrary: fc.integer({ min: lo, max: hi }), weight: 3 }, whole) : whole;
}

function edgeNumber(c: Checks): fc.Arbitrary<unknown> {
  const values: unknown[] = [...EDGE_NUMBERS];
  if (c.gt) values.push(c.gt.value, c.gt.value - 1);
  if (c.lt) values.push(c.lt.value, c.lt.value + 1);
  return fc.constantFrom(...values);
}

/** Either the leaf's valid values or, as the mode says, now and then an edge or a wrong-typed one. */
function leaf(mode: Mode, valid: fc.Arbitrary<unknown>, edge: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (mode === 'valid') return valid;
  if (mode === 'edge') return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: edge, weight: 1 });
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: wrongValue(), weight: 1 });
}

/** Values for a zod schema (`undefined` stands for a field left out). */
export function valuesOf(schema: unknown, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 8) return fc.constant(undefined);
  const inner = (s: unknown) => valuesOf(s, mode, depth + 1);
  const c = checksOf(def);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const required = keys.filter((k) => !['optional', 'default'].includes(defOf(shape[k])?.type ?? ''));
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, inner(shape[k])])), {
        requiredKeys: required,
      });
      // A stray field now and then: a strict object refuses it, a plain one drops it.
      return mode === 'valid'
        ? record
        : fc
            .tuple(record, fc.option(fc.constantFrom('__proto__', 'constructor', 'extra')))
            .map(([r, k]) => (k ? { ...r, [k]: { admin: true } } : r));
    }
    case 'string':
      return leaf(mode, validString(c), edgeString(c));
    case 'number':
    case 'int':
      return leaf(mode, validNumber(c), edgeNumber(c));
    case 'bigint':
      return leaf(mode, fc.bigInt({ min: -1000n, max: 1000n }).map(String), edgeNumber(c));
    case 'boolean':
      return leaf(mode, fc.boolean(), fc.constantFrom('true', 0, 'yes'));
    case 'enum':
      return leaf(mode, fc.constantFrom(...Object.values(def.entries as object)), edgeString({}));
    case 'literal':
      return leaf(mode, fc.constantFrom(...(def.values as unknown[])), edgeString({}));
    case 'null':
      return leaf(mode, fc.constant(null), fc.constant('null'));
    case 'date':
      return leaf(
        mode,
        isoDate(NEAR.from, NEAR.to).map((d) => d.toISOString()),
        fc.constantFrom(...EDGE_DATES),
      );
    case 'array': {
      const length = { minLength: c.min ?? 0, maxLength: Math.min(c.max ?? 4, Math.max(c.min ?? 0, 4)) };
      const valid = fc.array(inner(def.element), length).map((a) => a.filter((v) => v !== undefined));
      const edge = fc.oneof(
        fc.constant([]),
        fc.array(inner(def.element), { minLength: (c.max ?? 300) + 1, maxLength: (c.max ?? 300) + 1 }),
      );
      return leaf(mode, valid, edge);
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }),
        inner(def.valueType),
        { maxKeys: 4 },
      );
    case 'optional':
      return fc.oneof({ arbitrary: inner(def.innerType), weight: 3 }, fc.constant(undefined));
    case 'default':
    case 'prefault':
      return fc.oneof({ arbitrary: inner(def.innerType), weight: 2 }, fc.constant(undefined));
    case 'nullable':
      return fc.oneof({ arbitrary: inner(def.innerType), weight: 3 }, fc.constant(null));
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      // The input side is what a request carries (`in` is a transform only for a preprocess).
      return defOf(def.in)?.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([a, b]) =>
          a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : (a ?? b),
        );
    default:
      // transform, custom, any, unknown…: nothing to go by.
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
  }
}

// ── requests ───────────────────────────────────────────────────────────────────────────────────────────────

export type Who = 'signed out' | 'member' | 'admin';

/** A request as drawn: real ids still stand as references until `resolveIds`. */
export interface FuzzCase {
  index: number;
  /** The route as registered (`POST /api/users/:id`). */
  route: string;
  who: Who;
  mode: Mode;
  request: InjectOptions & { url: string; method: string };
}

const HOSTILE_SEGMENTS = [
  '%00',
  '%ff%fe',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  'null',
];

/** A path parameter: a value for its schema (real ids mostly), a random one, or a hostile segment. */
function paramArb(schema: unknown, mode: Mode): fc.Arbitrary<string> {
  const valid = valuesOf(schema, 'valid').map((v) => encodeURIComponent(v === undefined ? 'x' : String(v)));
  const random = fc.oneof(
    fc.uuid({ version: 4 }),
    fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }),
  );
  const arbs = [
    { arbitrary: valid, weight: mode === 'valid' ? 8 : 4 },
    { arbitrary: random.map(encodeURIComponent), weight: 1 },
  ];
  if (mode !== 'valid') arbs.push({ arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 2 });
  return fc.oneof(...arbs);
}

/** A query string value: text as a browser would send it. */
const queryText = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(queryText)
    : value === undefined
      ? []
      : [typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)];

function queryArb(op: Operation, mode: Mode): fc.Arbitrary<string> {
  const values = valuesOf(op.schema.querystring, mode);
  return values.map((v) => {
    const search = new URLSearchParams();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [key, value] of Object.entries(v))
        for (const text of queryText(value)) search.append(key, text);
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

const CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
  'application/pdf',
  'text/plain',
  'text/html',
  'application/octet-stream',
  'application/zip',
  '',
  'x/../../y',
];
/** 1×1 PNG: an upload that passes the type sniffing, so the storage path is exercised too. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body of one or two parts: random bytes (or a real PNG), random type, name and field. */
const multipartArb = fc
  .record({
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
      fc.constant(TINY_PNG),
      fc.constant(Buffer.alloc(0)),
    ),
    filename: fc.oneof(
      fc.constantFrom(
        'picture.png',
        'a\u0000.png',
        '../../etc/passwd',
        '.htaccess',
        'x.png.exe',
        'ü😀.jpg',
        '',
      ),
      fc.string({ maxLength: 300, unit: 'grapheme' }),
    ),
    type: fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 40, unit: 'grapheme-ascii' })),
    field: fc.constantFrom('file', 'file', 'files', 'image', 'photo', 'x'),
    extra: fc.option(fc.tuple(fc.constantFrom('name', 'folderId', 'alt'), fc.string({ maxLength: 50 }))),
    boundary: fc.stringMatching(/^[a-zA-Z0-9]{8,30}$/),
  })
  .map(({ bytes, filename, type, field, extra, boundary }) => {
    const head = (name: string, file?: string, ctype?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file === undefined ? '' : `; filename="${file}"`}\r\n` +
      (ctype ? `Content-Type: ${ctype}\r\n` : '') +
      '\r\n';
    const parts = [Buffer.from(head(field, filename, type)), bytes, Buffer.from('\r\n')];
    if (extra) parts.unshift(Buffer.from(`${head(extra[0])}${extra[1]}\r\n`));
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    };
  });

/** tus headers (the resumable uploads, issue 26): creation, a chunk, or nonsense. */
const tusArb = fc.record({
  headers: fc.record(
    {
      'tus-resumable': fc.constantFrom('1.0.0', '0.2', ''),
      'upload-length': fc.constantFrom('0', '10', '-1', '99999999999999', 'abc'),
      'upload-offset': fc.constantFrom('0', '5', '-1', 'x'),
      'upload-metadata': fc.constantFrom('filename YS5wbmc=,filetype aW1hZ2UvcG5n', 'filename', '%%%', ''),
      'content-type': fc.constantFrom('application/offset+octet-stream', 'application/json', 'text/plain'),
    },
    { requiredKeys: ['tus-resumable'] },
  ),
  payload: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
});

/** Raw bodies that are no JSON of the schema at all. */
const rawBodyArb = fc.oneof(
  fc.constantFrom(
    { headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    {
      headers: { 'content-type': 'application/json' },
      payload: `{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`,
    },
    {
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    },
    { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00' },
    { headers: { 'content-type': 'text/plain' }, payload: 'a\u0000b' },
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(v) ?? 'null',
  })),
);

const hasBodyMethod = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

function bodyArb(op: Operation, mode: Mode): fc.Arbitrary<Pick<InjectOptions, 'headers' | 'payload'>> {
  if (!hasBodyMethod(op.method)) return fc.constant({});
  if (op.url.startsWith(RESUMABLE_PATH)) return tusArb;
  const json = valuesOf(op.schema.body, mode).map((v) =>
    v === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(v) },
  );
  // No body schema: an upload or an action; both get multipart now and then, the uploads mostly.
  if (!op.schema.body) return fc.oneof({ arbitrary: multipartArb, weight: 3 }, json);
  if (mode === 'wrong') return fc.oneof({ arbitrary: json, weight: 2 }, rawBodyArb, multipartArb);
  return json;
}

/** One request to `op`: who sends it, how its values are drawn, its path, query and body. */
function caseArb(op: Operation): fc.Arbitrary<Omit<FuzzCase, 'index'>> {
  const mode = fc.constantFrom<Mode>(
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'edge',
    'edge',
    'edge',
    'wrong',
    'wrong',
  );
  const paramShape = (defOf(op.schema.params)?.shape ?? {}) as Record<string, unknown>;
  return fc
    .tuple(fc.constantFrom<Who>('signed out', 'member', 'member', 'admin', 'admin', 'admin'), mode)
    .chain(([who, m]) =>
      fc
        .record({
          params: fc.tuple(...op.params.map((name) => paramArb(paramShape[name], m))),
          star: paramArb(undefined, m),
          query: queryArb(op, m),
          body: bodyArb(op, m),
        })
        .map(({ params, star, query, body }) => {
          let k = 0;
          const path = op.url.replace(/:\w+/g, () => params[k++] ?? 'x').replace(/\*/g, star);
          return {
            route: `${op.method} ${op.url}`,
            who,
            mode: m,
            request: { method: op.method, url: `${path}${query}`, ...body },
          };
        }),
    );
}

/**
 * `runs` requests over `operations`, drawn from `seed`: the same seed and count give the same requests.
 * Requests spread evenly over the routes (each route in turn, in a seeded order), whatever their count.
 */
export function drawCases(operations: Operation[], seed: number, runs: number): FuzzCase[] {
  const perRoute = Math.ceil(runs / operations.length);
  const samples = operations.map((op, i) => fc.sample(caseArb(op), { seed: seed + i, numRuns: perRoute }));
  const order = fc.sample(fc.shuffledSubarray([...operations.keys()], { minLength: operations.length }), {
    seed,
    numRuns: 1,
  })[0]!;
  const cases: FuzzCase[] = [];
  for (let round = 0; cases.length < runs; round++) {
    for (const i of order) {
      if (cases.length >= runs) break;
      cases.push({ index: cases.length, ...samples[i]![round]! });
    }
  }
  return cases;
}

/** `/api/users/:id` → `users`; `/analytics.js` → `analytics.js`. */
export const familyOf = (url: string) => {
  const parts = url.split('/').filter(Boolean);
  return (parts[0] === 'api' ? parts[1] : parts[0]) ?? '/';
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Real ids seen in answers, for the requests that name one: those from the same route family first (an
 * order id for an order route), any other when the family has none yet.
 */
export class IdPool {
  private readonly all: string[] = [];
  private readonly byFamily = new Map<string, string[]>();
  private readonly seen = new Set<string>();
  private readonly exclude: Set<string>;
  /** `exclude`: ids never used (the fuzzing accounts themselves, so no request deletes or bans them). */
  constructor(exclude: Set<string>) {
    this.exclude = exclude;
  }
  /** Remembers the ids in an answer of `family` (capped: a few thousand are plenty). */
  collect(family: string, body: string): void {
    if (this.all.length >= 5000) return;
    for (const id of body.match(UUID) ?? []) {
      const lower = id.toLowerCase();
      if (this.exclude.has(lower) || this.seen.has(`${family} ${lower}`)) continue;
      this.seen.add(`${family} ${lower}`);
      if (!this.seen.has(lower)) this.all.push(lower);
      this.seen.add(lower);
      const list = this.byFamily.get(family) ?? [];
      list.push(lower);
      this.byFamily.set(family, list);
    }
  }
  get size(): number {
    return this.all.length;
  }
  /** `text` with every id reference replaced by the id it stands for (a fixed stand-in with none seen). */
  resolve(family: string, text: string): string {
    return text.replace(/FUZZIDREF\.(\d+)/g, (_, digits: string) => {
      const n = Number(digits);
      // One in four from anywhere: an id of another kind is a request to answer too.
      const list = n % 4 === 0 ? this.all : (this.byFamily.get(family) ?? this.all);
      return list.length ? list[Math.floor(n / 4) % list.length]! : '00000000-0000-4000-8000-000000000000';
    });
  }
}

/** The request with its id references filled in: what is sent, and what a failure prints. */
export function resolveIds(fuzzCase: FuzzCase, ids: IdPool): FuzzCase['request'] {
  const family = familyOf(fuzzCase.route.split(' ')[1]!);
  const refs = (text: string) => ids.resolve(family, text);
  const { request } = fuzzCase;
  return {
    ...request,
    url: refs(request.url),
    ...(typeof request.payload === 'string' ? { payload: refs(request.payload) } : {}),
  };
}

// ── running ────────────────────────────────────────────────────────────────────────────────────────────────

export interface FuzzFailure {
  index: number;
  route: string;
  who: Who;
  status: number;
  why: string;
  /** The exact request, JSON (a Buffer payload as base64). */
  request: string;
  response: string;
}

export interface FuzzResult {
  sent: number;
  /** Requests per status class ('2xx'…) per route family (`/api/<family>`). */
  byFamily: Map<string, Record<string, number>>;
  failures: FuzzFailure[];
}

export function countStatus(result: FuzzResult, family: string, status: number | string): void {
  const row = result.byFamily.get(family) ?? {};
  const key = typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
  row[key] = (row[key] ?? 0) + 1;
  result.byFamily.set(family, row);
}

const printable = (request: FuzzCase['request']) =>
  JSON.stringify({
    ...request,
    ...(Buffer.isBuffer(request.payload) ? { payload: { base64: request.payload.toString('base64') } } : {}),
  });

export interface FuzzTarget {
  app: FastifyInstance;
  memberId: string;
  adminId: string;
}

/**
 * Sends `cases` one at a time through `app.inject`, each from a fresh client address (the per-IP limits stay
 * out of the way; a 429 counts as a 4xx): no 5xx, and a JSON `message` on every 4xx. Every 2xx answer's ids
 * join the pool later requests draw real ids from. Sessions are renewed every 50 requests, since a request
 * may end its own (logout, sessions).
 */
export async function runCases(target: FuzzTarget, cases: FuzzCase[], ids: IdPool): Promise<FuzzResult> {
  const result: FuzzResult = { sent: 0, byFamily: new Map(), failures: [] };
  let headers: Record<Who, Record<string, string>> | undefined;
  for (const fuzzCase of cases) {
    if (fuzzCase.index % 50 === 0 || !headers) {
      headers = {
        'signed out': {},
        member: await tokenFor(target.app, target.memberId),
        admin: await tokenFor(target.app, target.adminId),
      };
    }
    const request = resolveIds(fuzzCase, ids);
    const res = await target.app.inject({
      ...request,
      method: request.method as InjectOptions['method'],
      headers: { ...request.headers, ...headers[fuzzCase.who] },
      remoteAddress: freshIp(),
    });
    result.sent++;
    const family = familyOf(fuzzCase.route.split(' ')[1]!);
    countStatus(result, family, res.statusCode);
    // A request may end the session it came with (logout, a session's removal): a new one for the next.
    if (res.statusCode === 401 && fuzzCase.who !== 'signed out') {
      headers[fuzzCase.who] = await tokenFor(
        target.app,
        fuzzCase.who === 'admin' ? target.adminId : target.memberId,
      );
    }
    let why: string | undefined;
    if (res.statusCode >= 500) why = '5xx';
    else if (res.statusCode >= 400) {
      let message: unknown;
      try {
        message = (res.json() as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (typeof message !== 'string' || !message) why = '4xx without a JSON message';
    } else if (res.statusCode < 300 && String(res.headers['content-type'] ?? '').includes('json')) {
      ids.collect(family, res.body);
    }
    if (why) {
      result.failures.push({
        index: fuzzCase.index,
        route: fuzzCase.route,
        who: fuzzCase.who,
        status: res.statusCode,
        why,
        request: printable(request),
        response: res.body.slice(0, 500),
      });
    }
  }
  return result;
}

/** Harvests real ids: every GET route without parameters, as the administrator and as the member. */
export async function seedIds(target: FuzzTarget, operations: Operation[], ids: IdPool): Promise<void> {
  const admin = await tokenFor(target.app, target.adminId);
  const member = await tokenFor(target.app, target.memberId);
  for (const op of operations) {
    const family = familyOf(op.url);
    if (op.method !== 'GET' || op.params.length || op.url.includes('*') || !op.url.startsWith('/api/'))
      continue;
    for (const headers of [admin, member]) {
      const res = await target.app.inject({ method: 'GET', url: op.url, headers, remoteAddress: freshIp() });
      if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json'))
        ids.collect(family, res.body);
    }
  }
}

// ── the real-time socket ───────────────────────────────────────────────────────────────────────────────────

/** A raw WebSocket frame (client frames are masked unless `masked` is false). */
function frame(
  opcode: number,
  payload: Buffer,
  { fin = true, rsv = 0, masked = true, length = payload.length } = {},
) {
  const head = [(fin ? 0x80 : 0) | (rsv << 4) | opcode];
  const mask = masked ? 0x80 : 0;
  if (length < 126) head.push(mask | length);
  else if (length < 65536) head.push(mask | 126, length >> 8, length & 255);
  else
    head.push(
      mask | 127,
      0,
      0,
      0,
      0,
      (length >>> 24) & 255,
      (length >> 16) & 255,
      (length >> 8) & 255,
      length & 255,
    );
  if (!masked) return Buffer.concat([Buffer.from(head), payload]);
  const key = Buffer.from([1, 2, 3, 4]);
  return Buffer.concat([Buffer.from(head), key, Buffer.from(payload.map((b, i) => b ^ key[i % 4]!))]);
}

/** What is sent on a signed-in socket: through `ws` (messages) or raw (frames `ws` would never write). */
type SocketAttack =
  { kind: 'message'; data: Buffer | string; binary: boolean } | { kind: 'raw'; bytes: Buffer };

const socketAttackArb: fc.Arbitrary<{ name: string; attack: SocketAttack }> = fc.oneof(
  fc.uint8Array({ maxLength: 512 }).map((a) => ({
    name: 'binary garbage',
    attack: { kind: 'message' as const, data: Buffer.from(a), binary: true },
  })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({
    name: 'JSON of any shape',
    attack: { kind: 'message' as const, data: JSON.stringify(v) ?? 'null', binary: false },
  })),
  fc.string({ maxLength: 200, unit: 'binary' }).map((s) => ({
    name: 'malformed text',
    attack: { kind: 'message' as const, data: s, binary: false },
  })),
  fc.integer({ min: 17 * 1024, max: 2 * 1024 * 1024 }).map((n) => ({
    name: 'oversized',
    attack: { kind: 'message' as const, data: `{"type":"auth","token":"${'x'.repeat(n)}"}`, binary: false },
  })),
  fc.constantFrom<{ name: string; attack: SocketAttack }>(
    {
      name: 'invalid UTF-8 text frame',
      attack: { kind: 'raw', bytes: frame(1, Buffer.from([0xff, 0xfe, 0xfd])) },
    },
    { name: 'reserved opcode', attack: { kind: 'raw', bytes: frame(3, Buffer.from('x')) } },
    { name: 'RSV bits set', attack: { kind: 'raw', bytes: frame(1, Buffer.from('{}'), { rsv: 7 }) } },
    {
      name: 'unmasked frame',
      attack: { kind: 'raw', bytes: frame(1, Buffer.from('{}'), { masked: false }) },
    },
    {
      name: 'fragmented control frame',
      attack: { kind: 'raw', bytes: frame(9, Buffer.from('p'), { fin: false }) },
    },
    {
      name: 'length beyond the data',
      attack: { kind: 'raw', bytes: frame(1, Buffer.from('{}'), { length: 2 ** 31 }) },
    },
    {
      name: 'continuation with nothing to continue',
      attack: { kind: 'raw', bytes: frame(0, Buffer.from('x')) },
    },
    {
      name: 'close frame with a bad code',
      attack: { kind: 'raw', bytes: frame(8, Buffer.from([0x03, 0xe7])) },
    },
  ),
);

/** Signs a raw TCP socket in on the real-time endpoint (handshake and `auth` frame written by hand). */
async function rawSignedIn(port: number, token: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  socket.write(
    `GET ${REALTIME_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  await new Promise((resolve) => socket.once('data', resolve));
  socket.write(frame(1, Buffer.from(JSON.stringify({ type: 'auth', token }))));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return socket;
}

/**
 * `runs` malformed frames to the real-time socket of `app` (listening on `port`), each on a socket signed in
 * as the member, and after each a health check over HTTP, which must answer 200: the server stays up.
 */
export async function fuzzSocket(
  target: FuzzTarget,
  port: number,
  seed: number,
  runs: number,
  result: FuzzResult,
): Promise<void> {
  const attacks = fc.sample(socketAttackArb, { seed, numRuns: runs });
  for (const [index, { name, attack }] of attacks.entries()) {
    const token = (await tokenFor(target.app, target.memberId)).authorization!.slice('Bearer '.length);
    if (attack.kind === 'raw') {
      const socket = await rawSignedIn(port, token);
      socket.write(attack.bytes);
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
    } else {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`);
      ws.on('error', () => {});
      await new Promise((resolve) => ws.once('open', resolve).once('close', resolve));
      ws.send(JSON.stringify({ type: 'auth', token }));
      await new Promise((resolve) => {
        ws.once('message', resolve).once('close', resolve);
        setTimeout(resolve, 1000);
      });
      if (ws.readyState === ws.OPEN) ws.send(attack.data, { binary: attack.binary });
      await new Promise((resolve) => {
        ws.once('close', resolve);
        setTimeout(resolve, 100);
      });
      ws.terminate();
    }
    result.sent++;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch((error: unknown) => error);
    const status = health instanceof Response ? health.status : 0;
    countStatus(result, 'realtime (socket)', status === 200 ? 'up after' : 'DOWN after');
    if (status !== 200) {
      result.failures.push({
        index,
        route: `GET ${REALTIME_PATH}`,
        who: 'member',
        status,
        why: `health check after "${name}" answered ${status || String(health)}`,
        request: JSON.stringify({
          name,
          attack: attack.kind === 'raw' ? attack.bytes.toString('base64') : String(attack.data).slice(0, 200),
        }),
        response: '',
      });
    }
  }
}

// ── the whole run ──────────────────────────────────────────────────────────────────────────────────────────

/** The default seed: a run repeats unless FUZZ_SEED names another. */
export const DEFAULT_FUZZ_SEED = 20_260_327;

/**
 * The app on `database` (mails dropped, no logger, every route reported), with its operations and the two
 * accounts that send the signed-in requests: the first active administrator and member already there (the
 * demo data's, when seeded: they own mail, chats, orders…), or two made for the run.
 */
export async function fuzzTarget(database: Database): Promise<FuzzTarget & { operations: Operation[] }> {
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    database,
    logger: false,
    mailer: { send: async () => {} },
    onRoute: (route) => void routes.push(route),
  });
  await app.ready();
  const first = async (role: 'admin' | 'user') =>
    (
      await database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, role), eq(users.status, 'active')))
        .orderBy(asc(users.createdAt))
        .limit(1)
    )[0]?.id ?? (await quickMembers(app, database.db, 1, `Fuzz${role}`, role))[0]!.id;
  const adminId = await first('admin');
  const memberId = await first('user');
  return { app, adminId, memberId, operations: routes.flatMap(operationOf) };
}

export interface FuzzOptions {
  seed: number;
  runs: number;
  /** Malformed frames to the real-time socket (the app then listens on a free port); 0: none. */
  socketRuns: number;
}

/** Real ids first, then `runs` requests, then the socket: the result of the whole run. */
export async function runFuzz(
  target: FuzzTarget & { operations: Operation[] },
  options: FuzzOptions,
): Promise<FuzzResult & { operations: number; ids: number }> {
  const ids = new IdPool(new Set([target.adminId, target.memberId]));
  await seedIds(target, target.operations, ids);
  const cases = drawCases(target.operations, options.seed, options.runs);
  const result = await runCases(target, cases, ids);
  if (options.socketRuns > 0) {
    await target.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = target.app.server.address() as net.AddressInfo;
    await fuzzSocket(target, port, options.seed, options.socketRuns, result);
  }
  return { ...result, operations: target.operations.length, ids: ids.size };
}

/** The table: requests per status class per route family, with a total line. */
export function statusTable(result: FuzzResult): Array<Record<string, string | number>> {
  const classes = ['2xx', '3xx', '4xx', '5xx', 'up after', 'DOWN after'];
  const total: Record<string, string | number> = { family: 'all', requests: 0 };
  const rows = [...result.byFamily.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, counts]) => {
      const row: Record<string, string | number> = { family, requests: 0 };
      for (const key of classes) {
        row[key] = counts[key] ?? 0;
        row.requests = Number(row.requests) + (counts[key] ?? 0);
        total[key] = Number(total[key] ?? 0) + (counts[key] ?? 0);
      }
      total.requests = Number(total.requests) + Number(row.requests);
      return row;
    });
  return [...rows, total];
}
