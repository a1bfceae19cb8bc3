import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, logRedactPaths } from '../app.ts';
import type { Database } from '../db/client.ts';
import { freshIp } from '../testing/http.ts';
import { bearer, register } from '../testing/test-app.ts';
import { createTestDb } from '../testing/test-db.ts';

describe('request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDb();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    app = await buildApp({
      database,
      logger: { level: 'info', redact: { paths: logRedactPaths, censor: '[redacted]' }, stream },
      mailer: { send: async () => {} },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes one line per request, with method, URL, client, status and time, and no token', async () => {
    const { accessToken } = await register(app, {}, freshIp());
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/api/account/my-account?x=1',
      headers: bearer(accessToken),
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/account/my-account?x=1', remoteAddress: '10.9.8.7' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain(accessToken);
  });

  it('logs failed and unknown requests too', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(lines.filter((l) => l.msg === 'request completed')).toMatchObject([
      { req: { method: 'GET', url: '/api/nowhere' }, res: { statusCode: 404 } },
    ]);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});
