import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RESUMABLE_FILE_ID_HEADER } from '#shared/contract/files.ts';

import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { member, type Member } from '../../testing/members.ts';
import { startS3, type TestS3 } from '../../testing/s3.ts';
import { createTestDbs } from '../../testing/test-db.ts';
import { tusCreate, tusHead, tusPatch } from '../../testing/tus.ts';

/**
 * A resumable upload across instances (ADR 047): its state is in the shared database and its bytes in the
 * shared bucket, so an upload started on instance 1 goes on and completes on instance 2 without sticky
 * routing. Two apps share a database (separate PostgreSQL pools on the server-pg run) and an s3rver bucket.
 */
let s3: TestS3;
let databases: Database[];
let one: FastifyInstance;
let two: FastifyInstance;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  s3 = await startS3('atrium-resumable');
  databases = await createTestDbs(2);
  const secret = randomBytes(32);
  const build = (database: Database) =>
    buildApp({
      database,
      secret,
      logger: false,
      mailer: { send: async () => {} },
      config: { storage: { driver: 's3', ...s3.settings } },
    });
  one = await build(databases[0] as Database);
  two = await build(databases[1] as Database);
  await Promise.all([one.ready(), two.ready()]);
  alice = await member(one, 'Alice', 'Liddell');
  bob = await member(one, 'Bob', 'Marley');
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  for (const database of [...(databases ?? [])].reverse()) await database.close();
  await s3?.close();
});

const text = Buffer.from(
  Array.from({ length: 6000 }, (_, i) => `line ${i} of a file sent to two instances\n`).join(''),
);

describe('a resumable upload across instances', () => {
  it('is started on instance 1, resumed and completed on instance 2, and served by both', async () => {
    const created = await tusCreate(one, alice, text.length, {
      filename: 'moved.txt',
      filetype: 'text/plain',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const third = Math.floor(text.length / 3);
    expect((await tusPatch(one, alice, location, 0, text.subarray(0, third))).statusCode).toBe(204);

    // Instance 2 knows where the upload stopped, and only its creator may see it there.
    const head = await tusHead(two, alice, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(third));
    expect(head.headers['upload-length']).toBe(String(text.length));
    expect((await tusHead(two, bob, location)).statusCode).toBe(404);

    const second = await tusPatch(two, alice, location, third, text.subarray(third, 2 * third));
    expect(second.statusCode, second.body).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(2 * third));
    // A PATCH from where instance 1 last saw it is refused: the offset moved on elsewhere.
    const stale = await tusPatch(one, alice, location, third, text.subarray(third, 2 * third));
    expect(stale.statusCode).toBe(409);

    const last = await tusPatch(two, alice, location, 2 * third, text.subarray(2 * third));
    expect(last.statusCode, last.body).toBe(204);
    const fileId = String(last.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]);
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);

    // Instance 1 learns the result too, and both serve the whole file from the bucket.
    const done = await tusHead(one, alice, location);
    expect(done.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]).toBe(fileId);
    for (const app of [one, two]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/files/${fileId}/content`,
        headers: alice.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(text)).toBe(true);
    }
  });

  it('is cancelled on instance 2 after being started on instance 1', async () => {
    const created = await tusCreate(one, alice, text.length, { filename: 'cancelled.txt' });
    const location = String(created.headers.location);
    expect((await tusPatch(one, alice, location, 0, text.subarray(0, 1000))).statusCode).toBe(204);
    const cancelled = await two.inject({
      method: 'DELETE',
      url: location,
      headers: { ...alice.headers, 'tus-resumable': '1.0.0' },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await tusHead(one, alice, location)).statusCode).toBe(404);
  });
});
