import { Writable } from 'node:stream';

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sql } from 'drizzle-orm';

import { buildApp, logRedactPaths, logSerializers } from './app.ts';
import { isClientAbort, queryName, safeError } from './plugins/errors.ts';
import type { Database } from './db/client.ts';
import { createTestDb } from './testing/test-db.ts';
import { GOOD_PASSWORD, bearer, uniqueEmail } from './testing/test-app.ts';

/** A writable that keeps every log line. */
function memoryStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

const SECRETS = {
  password: 'hunter2-password-secret',
  newPassword: 'new-password-secret',
  currentPassword: 'current-password-secret',
  code: '918273',
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.access.secret',
  refreshToken: 'refresh-token-secret',
  token: 'plain-token-secret',
};

describe('logRedactPaths', () => {
  const logger = () => {
    const memory = memoryStream();
    const log = pino({ redact: { paths: logRedactPaths, censor: '[redacted]' } }, memory.stream);
    return { log, memory };
  };

  it('redacts secret fields logged at the top level', () => {
    const { log, memory } = logger();
    log.info(SECRETS, 'top level');
    const line = JSON.parse(memory.lines[0] ?? '{}') as Record<string, unknown>;
    for (const [field, secret] of Object.entries(SECRETS)) {
      expect(line[field], field).toBe('[redacted]');
      expect(memory.text()).not.toContain(secret);
    }
  });

  it('redacts secret fields one level down (a logged body, user or reply)', () => {
    const { log, memory } = logger();
    log.info({ body: SECRETS, reply: { accessToken: SECRETS.accessToken } }, 'nested');
    for (const secret of Object.values(SECRETS)) expect(memory.text()).not.toContain(secret);
    const line = JSON.parse(memory.lines[0] ?? '{}') as { body: Record<string, unknown> };
    expect(line.body.password).toBe('[redacted]');
    expect(line.body.code).toBe('[redacted]');
  });

  it('keeps the code of a logged error (only the code of a request body is a secret)', () => {
    const { log, memory } = logger();
    log.error({ err: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', message: 'x' }, body: { code: '918273' } });
    const line = JSON.parse(memory.lines[0] ?? '{}') as { err: { code: string } };
    expect(line.err.code).toBe('FST_ERR_CTP_INVALID_MEDIA_TYPE');
    expect(memory.text()).not.toContain('918273');
  });

  it('redacts the Authorization and Cookie headers and Set-Cookie', () => {
    const { log, memory } = logger();
    log.info({
      req: {
        method: 'GET',
        url: '/x',
        headers: { authorization: `Bearer ${SECRETS.accessToken}`, cookie: 'atrium_refresh=abc.def' },
      },
      res: { statusCode: 200, headers: { 'set-cookie': 'atrium_refresh=ghi.jkl' } },
    });
    const text = memory.text();
    expect(text).not.toContain(SECRETS.accessToken);
    expect(text).not.toContain('abc.def');
    expect(text).not.toContain('ghi.jkl');
    expect(text).toContain('"url":"/x"');
  });
});

describe('request logs of the app', () => {
  let database: Database;
  const memory = memoryStream();
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDb();
    app = await buildApp({
      database,
      logger: {
        level: 'trace',
        redact: { paths: logRedactPaths, censor: '[redacted]' },
        stream: memory.stream,
      },
      mailer: { send: async () => {} },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('never contain the password, the tokens or the refresh cookie', async () => {
    const email = uniqueEmail('logged');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { email, password: GOOD_PASSWORD, firstName: 'Log', lastName: 'Ged' },
    });
    expect(registered.statusCode).toBe(200);
    const { accessToken } = registered.json() as { accessToken: string };
    const cookie = registered.cookies.find((c) => c.name === 'atrium_refresh');
    expect(cookie).toBeDefined();
    const me = await app.inject({
      url: '/api/account/my-account?x=1',
      headers: { ...bearer(accessToken), cookie: `atrium_refresh=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password: 'a wrong password here' },
    });

    const text = memory.text();
    expect(memory.lines.length).toBeGreaterThanOrEqual(3); // one line per request at least (ADR 011)
    expect(text).toContain('/api/account/my-account');
    expect(text).not.toContain(GOOD_PASSWORD);
    expect(text).not.toContain('a wrong password here');
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(String(cookie?.value));
  });
});

describe('safeError', () => {
  it('logs the SQLSTATE and the name of a failed query, never its parameters', async () => {
    const database = await createTestDb();
    try {
      const error = await database.db
        .execute(
          sql`select ${'ada.secret@example.com'}::int as n from users where email = ${'$argon2id$v=19$hash'}`,
        )
        .then(() => null)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const logged = JSON.stringify(safeError(error));
      expect(logged).not.toContain('ada.secret@example.com');
      expect(logged).not.toContain('argon2id');
      expect(safeError(error)).toMatchObject({ sqlState: '22P02', query: 'select users' });
      expect(logSerializers.err(error)).toEqual(safeError(error));
    } finally {
      await database.close();
    }
  });

  it('names queries by verb and table', () => {
    expect(queryName('insert into "users" ("email") values ($1)')).toBe('insert users');
    expect(queryName('update "sessions" set "last_used_at" = now()')).toBe('update sessions');
    expect(queryName('select 1')).toBe('select');
  });

  it('tells a client abort apart from a lost database', () => {
    const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(isClientAbort(reset, {})).toBe(true);
    expect(isClientAbort(new Error('x'), { aborted: true })).toBe(true);
    const dbReset = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    expect(isClientAbort(dbReset, { destroyed: false })).toBe(false);
  });
});

describe('error logs of the app when the database is gone', () => {
  it('say "Database unavailable" without the email or hash the failed query carried', async () => {
    const database = await createTestDb();
    const memory = memoryStream();
    const app = await buildApp({
      database,
      logger: {
        level: 'info',
        redact: { paths: logRedactPaths, censor: '[redacted]' },
        serializers: logSerializers,
        stream: memory.stream,
      },
      mailer: { send: async () => {} },
    });
    await app.ready();
    try {
      await database.close();
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'grace.secret@example.com', password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(503);
      expect(memory.text()).toContain('Database unavailable');
      expect(memory.text()).not.toContain('grace.secret@example.com');
    } finally {
      await app.close();
    }
  });
});
