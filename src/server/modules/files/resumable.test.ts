import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

import { Upload } from '@tus/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RESUMABLE_FILE_ID_HEADER, type StoredFile } from '#shared/contract/files.ts';

import { fileUploadParts, fileUploads, files, users } from '../../db/schema/index.ts';
import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { tusCreate, tusHead, tusPatch, tusUpload } from '../../testing/tus.ts';
import { storageLocations } from './files.service.ts';
import { RESUMABLE_RESULT_MS, RESUMABLE_STALE_MS, sweepStaleUploads } from './resumable.routes.ts';
import { OWNER_KEY, ResumableStore } from './resumable.store.ts';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
});
afterAll(async () => {
  await t?.close();
});

/** A real PDF header and trailer around `size` bytes of comment lines. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n',
  );
  const tail = Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n');
  const filler = Buffer.alloc(Math.max(0, size - head.length - tail.length));
  for (let i = 0; i < filler.length; i++) filler[i] = i % 64 === 0 ? 0x25 : 0x41 + (i % 26); // '%' then letters
  return Buffer.concat([head, filler, tail]);
}

const resumableDir = () => path.join(t.app.files.dir, '.resumable');
const content = (id: string, who: Member, range?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/files/${id}/content`,
    headers: { ...who.headers, ...(range ? { range } : {}) },
  });

describe('resumable uploads (tus)', () => {
  it('stores a file sent in several PATCHes as a drive file, with its id in the last answer', async () => {
    const bytes = pdfOf(300_000);
    const { location, last } = await tusUpload(t.app, alice, bytes, '../Q3 report\u0007.pdf', 3);
    expect(location).toMatch(/^\/api\/files\/uploads\/[0-9a-f]{32}$/);
    expect(last.statusCode, last.body).toBe(204);
    const fileId = String(last.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({
      ownerId: alice.id,
      use: 'drive',
      name: 'Q3 report.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
    });
    const whole = await content(fileId, alice);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await content(fileId, alice, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    // A client that lost the last answer learns the id from a HEAD or the result route.
    const head = await tusHead(t.app, alice, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    expect(head.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]).toBe(fileId);
    const result = await t.app.inject({ method: 'GET', url: `${location}/result`, headers: alice.headers });
    expect(result.statusCode).toBe(200);
    expect(result.json<{ file: StoredFile }>().file).toMatchObject({
      id: fileId,
      use: 'drive',
      size: bytes.length,
    });
    // The bytes left the temporary folder; a finished upload takes no more bytes.
    const id = location.split('/').pop() as string;
    expect(fs.existsSync(path.join(resumableDir(), id))).toBe(false);
    const again = await tusPatch(t.app, alice, location, bytes.length, Buffer.from('x'));
    expect(again.statusCode).toBe(409);
  });

  it('resumes after a PATCH cut off mid-way: HEAD says where it stopped and the rest completes the file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const bytes = pdfOf(2 * 1024 * 1024);
    const created = await tusCreate(t.app, alice, bytes.length, { filename: 'big.pdf' });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);

    // Send the first MiB of a PATCH that announces all of it, then drop the connection.
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...alice.headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(bytes.subarray(0, 1024 * 1024), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 300);
      });
    });

    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const head = await tusHead(t.app, alice, location);
      expect(head.statusCode).toBe(200);
      offset = Number(head.headers['upload-offset']);
      if (offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1024 * 1024);
    const rest = await tusPatch(t.app, alice, location, offset, bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    const fileId = String(rest.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]);
    const whole = await content(fileId, alice);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses bytes of a type not accepted when the last one arrives, with the same message as an upload', async () => {
    // Binary (NUL bytes, so not text) of no known type.
    const fake = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i % 3 ? 0 : 0xfe)));
    const { location, last } = await tusUpload(t.app, alice, fake, 'invoice.pdf', 2);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: expect.any(String) });
    // Nothing kept: no row, no temporary bytes, and the upload is gone.
    expect((await tusHead(t.app, alice, location)).statusCode).toBe(404);
    const id = location.split('/').pop() as string;
    expect(fs.existsSync(path.join(resumableDir(), id))).toBe(false);

    const mismatch = await tusUpload(t.app, alice, pdfOf(5_000), 'notes.txt');
    expect(mismatch.last.statusCode).toBe(400);
    expect(mismatch.last.json()).toMatchObject({ code: 'NAME_TYPE_MISMATCH' });
  });

  it('refuses at creation what cannot end well: no length or name, a name of no accepted type, signed out', async () => {
    expect((await tusCreate(t.app, null, 10, { filename: 'a.pdf' })).statusCode).toBe(401);
    const noLength = await tusCreate(t.app, alice, null, { filename: 'a.pdf' });
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json()).toMatchObject({ code: 'UPLOAD_LENGTH_REQUIRED' });
    expect((await tusCreate(t.app, alice, 10, {})).json()).toMatchObject({ code: 'NO_FILE_NAME' });
    expect((await tusCreate(t.app, alice, 0, { filename: 'a.pdf' })).json()).toMatchObject({
      code: 'NO_FILE',
    });
    const exe = await tusCreate(t.app, alice, 10, { filename: 'setup.exe' });
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('checks the size against what is left of the quota, counting unfinished uploads', async () => {
    const carol = await member(t.app, 'Carol', 'Danvers');
    await t.database.db.update(users).set({ storageQuotaBytes: 100_000 }).where(eq(users.id, carol.id));
    const over = await tusCreate(t.app, carol, 100_001, { filename: 'big.pdf' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: expect.stringContaining('quota'),
    });
    const first = await tusCreate(t.app, carol, 60_000, { filename: 'one.pdf' });
    expect(first.statusCode).toBe(201);
    // 60,000 bytes are promised to the first upload: a second of 60,000 no longer fits.
    const second = await tusCreate(t.app, carol, 60_000, { filename: 'two.pdf' });
    expect(second.statusCode).toBe(413);
    // Cancelling the first frees its room.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: String(first.headers.location),
      headers: { ...carol.headers, 'tus-resumable': '1.0.0' },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await tusCreate(t.app, carol, 60_000, { filename: 'two.pdf' })).statusCode).toBe(201);
  });

  it('lets nobody but the creator see or continue an upload', async () => {
    const created = await tusCreate(t.app, alice, 1000, { filename: 'private.pdf', 'atrium-owner': bob.id });
    const location = String(created.headers.location);
    expect((await tusHead(t.app, bob, location)).statusCode).toBe(404);
    expect((await tusPatch(t.app, bob, location, 0, pdfOf(1000))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${location}/result`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect((await tusHead(t.app, alice, location)).statusCode).toBe(200);
    const pending = await t.app.inject({ method: 'GET', url: `${location}/result`, headers: alice.headers });
    expect(pending.statusCode).toBe(409);
    expect((await tusHead(t.app, alice, '/api/files/uploads/not-an-id')).statusCode).toBe(400);
  });

  it('does not let a client name a stored file of someone else as its result', async () => {
    const [bobs] = await t.database.db
      .insert(files)
      .values({
        ownerId: bob.id,
        use: 'drive',
        storageKey: `${'b'.repeat(32)}.pdf`,
        name: 'b.pdf',
        mimeType: 'application/pdf',
        size: 1,
      })
      .returning();
    const created = await tusCreate(t.app, alice, 1000, { filename: 'x.pdf', 'atrium-file': bobs!.id });
    const location = String(created.headers.location);
    const head = await tusHead(t.app, alice, location);
    expect(head.headers[RESUMABLE_FILE_ID_HEADER.toLowerCase()]).toBeUndefined();
    expect(head.headers['upload-offset']).toBe('0');
    expect(
      (await t.app.inject({ method: 'GET', url: `${location}/result`, headers: alice.headers })).statusCode,
    ).toBe(409);
  });
});

describe('resumable uploads: housekeeping and locations', () => {
  it("removes unfinished uploads idle for a day with their parts, and finished ones' records an hour old", async () => {
    const dora = await member(t.app, 'Dora', 'Milaje');
    const store = new ResumableStore(t.database.db, t.app.files.storage);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-resumable-'));
    const [idle, busy, doneOld, doneNew] = ['1', '2', '3', '4'].map((c) => c.repeat(32)) as string[];
    for (const id of [idle, busy, doneOld, doneNew] as string[]) {
      await store.create(new Upload({ id, size: 10, offset: 0, metadata: { [OWNER_KEY]: dora.id } }));
    }
    await store.write(Readable.from([Buffer.from('partial')]), idle as string, 0);
    await store.write(Readable.from([Buffer.from('partial')]), busy as string, 0);
    const [part] = await t.database.db
      .select()
      .from(fileUploadParts)
      .where(eq(fileUploadParts.uploadId, idle as string));
    expect(await t.app.files.storage.size(part!.storageKey)).toBe(7);
    const [done] = await t.database.db
      .insert(files)
      .values({
        ownerId: dora.id,
        use: 'drive',
        storageKey: `${'d'.repeat(32)}.pdf`,
        name: 'd.pdf',
        mimeType: 'application/pdf',
        size: 1,
      })
      .returning();
    await store.finish(doneOld as string, done!.id);
    await store.finish(doneNew as string, done!.id);
    const ago = (ms: number) => new Date(Date.now() - ms - 60_000);
    await t.database.db
      .update(fileUploads)
      .set({ updatedAt: ago(RESUMABLE_STALE_MS) })
      .where(eq(fileUploads.id, idle as string));
    await t.database.db
      .update(fileUploads)
      .set({ updatedAt: ago(RESUMABLE_RESULT_MS) })
      .where(eq(fileUploads.id, doneOld as string));
    // A local copy left by a stopped instance a day ago goes too; a fresh one stays.
    fs.writeFileSync(path.join(dir, 'f'.repeat(32)), 'left behind');
    fs.writeFileSync(path.join(dir, 'e'.repeat(32)), 'in use');
    fs.utimesSync(path.join(dir, 'f'.repeat(32)), ago(RESUMABLE_STALE_MS), ago(RESUMABLE_STALE_MS));
    try {
      await sweepStaleUploads(store, dir);
      const left = await t.database.db
        .select({ id: fileUploads.id })
        .from(fileUploads)
        .where(eq(fileUploads.ownerId, dora.id));
      expect(left.map((r) => r.id).sort()).toEqual([busy, doneNew]);
      expect(await t.app.files.storage.size(part!.storageKey)).toBeNull();
      expect(fs.readdirSync(dir)).toEqual(['e'.repeat(32)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("removes an unfinished upload's parts from the storage when its person's account is deleted", async () => {
    const erin = await member(t.app, 'Erin', 'Halfway');
    const created = await tusCreate(t.app, erin, 1_000, { filename: 'half.pdf' });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const id = location.split('/').pop() as string;
    expect((await tusPatch(t.app, erin, location, 0, pdfOf(1_000).subarray(0, 400))).statusCode).toBe(204);
    const parts = await t.database.db.select().from(fileUploadParts).where(eq(fileUploadParts.uploadId, id));
    expect(parts).toHaveLength(1);
    expect(await t.app.files.storage.size(parts[0]!.storageKey)).toBe(400);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${erin.id}`,
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.database.db.select().from(fileUploads).where(eq(fileUploads.id, id))).toEqual([]);
    expect(await t.app.files.storage.size(parts[0]!.storageKey)).toBeNull();
  });

  it('names the disk as the storage location, with its free space and what the files take', async () => {
    const [location, ...more] = await storageLocations(t.app);
    expect(more).toEqual([]);
    const [totals] = await t.database.db
      .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files);
    expect(location).toMatchObject({ kind: 'disk', name: 'disk', usedBytes: Number(totals?.bytes) });
    expect(location?.freeBytes).toBeGreaterThan(0);
    expect(location?.totalBytes).toBeGreaterThanOrEqual(location?.freeBytes ?? 0);
  });
});
