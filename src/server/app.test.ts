import { Writable } from 'node:stream';

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, logRedactPaths } from './app.ts';
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
    expect(memory.lines.length).toBeGreaterThan(3);
    expect(text).toContain('/api/account/my-account');
    expect(text).not.toContain(GOOD_PASSWORD);
    expect(text).not.toContain('a wrong password here');
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(String(cookie?.value));
  });
});
