import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RESUMABLE_FILE_ID_HEADER, type StoredFile } from '#shared/contract/files.ts';

import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { member, multipartBody, type Member } from '../../testing/members.ts';
import { startS3, type TestS3 } from '../../testing/s3.ts';
import { createTestDbs } from '../../testing/test-db.ts';
import { tusUpload } from '../../testing/tus.ts';
import { storageLocations } from './files.service.ts';

/**
 * Several instances on one database and one bucket (issue 27 C, ADR 047): what one stores, every other
 * serves. Three apps share a database (PostgreSQL pools of their own on the server-pg run) and an s3rver
 * bucket; the third redirects downloads to presigned URLs.
 */
let s3: TestS3;
let databases: Database[];
let one: FastifyInstance;
let two: FastifyInstance;
let presigning: FastifyInstance;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  s3 = await startS3();
  databases = await createTestDbs(3);
  const secret = randomBytes(32);
  const build = (database: Database, presignSeconds = 0) =>
    buildApp({
      database,
      secret,
      logger: false,
      mailer: { send: async () => {} },
      config: { storage: { driver: 's3', ...s3.settings, presignSeconds } },
    });
  one = await build(databases[0] as Database);
  two = await build(databases[1] as Database);
  presigning = await build(databases[2] as Database, 60);
  await Promise.all([one.ready(), two.ready(), presigning.ready()]);
  alice = await member(one, 'Alice', 'Liddell');
  bob = await member(one, 'Bob', 'Marley');
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close(), presigning?.close()]);
  // The first closes the shared database (and drops it on PostgreSQL).
  for (const database of [...(databases ?? [])].reverse()) await database.close();
  await s3?.close();
});

const text = Buffer.from('Shared by every instance.\n'.repeat(2000));

describe('two instances, one bucket', () => {
  it('serves a file uploaded through instance 1 from instance 2, whole and by range', async () => {
    const body = multipartBody(text, 'notes.txt', 'text/plain');
    const res = await one.inject({
      method: 'POST',
      url: '/api/files?use=attachment',
      payload: body.payload,
      headers: { ...alice.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<{ file: StoredFile }>().file;

    const whole = await two.inject({
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      headers: alice.headers,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(text)).toBe(true);
    // The signed link instance 1 handed out works on instance 2 (one secret), with a range.
    const ranged = await two.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=26-51' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 26-51/${text.length}`);
    expect(ranged.body).toBe('Shared by every instance.\n');
    // Permissions are the database's, not the instance's: Bob gets 404 on both.
    for (const app of [one, two]) {
      const refused = await app.inject({
        method: 'GET',
        url: `/api/files/${file.id}/content`,
        headers: bob.headers,
      });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('serves a resumable upload finished on instance 1 from instance 2', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n'),
      Buffer.alloc(6 * 1024 * 1024, 0x41),
      Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    ]);
    const { last } = await tusUpload(one, alice, pdf, 'large.pdf', 2);
    expect(last.statusCode, last.body).toBe(204);
    const fileId = String(last.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]);
    const ranged = await two.inject({
      method: 'GET',
      url: `/api/files/${fileId}/content`,
      headers: { ...alice.headers, range: `bytes=${pdf.length - 10}-` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
  });

  it('redirects downloads to a presigned URL of the bucket when switched on, after the permission check', async () => {
    const body = multipartBody(text, 'report.txt', 'text/plain');
    const file = (
      await one.inject({
        method: 'POST',
        url: '/api/files?use=attachment',
        payload: body.payload,
        headers: { ...alice.headers, ...body.headers },
      })
    ).json<{ file: StoredFile }>().file;
    const refused = await presigning.inject({
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      headers: bob.headers,
    });
    expect(refused.statusCode).toBe(404);
    const res = await presigning.inject({
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(s3.settings.endpoint as string)).toBe(true);
    const fetched = await fetch(location, { headers: { range: 'bytes=0-5' } });
    expect(fetched.status).toBe(206);
    expect(await fetched.text()).toBe('Shared');
  });

  it('names the bucket as the storage location, with what the files take', async () => {
    const [location] = await storageLocations(two);
    expect(location).toMatchObject({ kind: 's3', name: 'atrium-test', freeBytes: null, totalBytes: null });
    expect(location?.usedBytes).toBeGreaterThan(2 * text.length);
    expect(location?.fileCount).toBeGreaterThanOrEqual(3);
  });
});
