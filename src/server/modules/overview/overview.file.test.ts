import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FileItem, PlaceFileResult } from '#shared/contract/files.ts';
import type { FileOverview } from '#shared/contract/overview-file.ts';

import { files } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertFile } from '../files/files.repo.ts';
import { activityBuckets, uploadActivity } from '../files/files.stats.ts';
import { newStorageKey } from '../files/storage.ts';

describe('the file overview (GET /api/overview/file)', () => {
  let t: TestApp;
  let grace: Member; // the administrator
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 1_000_000 });
    grace = await member(t.app, 'Grace', 'Hopper');
    alice = await member(t.app, 'Alice', 'Liddell');
    bob = await member(t.app, 'Bob', 'Marley');
  });
  afterAll(async () => {
    await t?.close();
  });

  const overview = apiCalls(() => t.app, '/api/overview');
  const filesApi = apiCalls(() => t.app, '/api/files');
  const get = (who: Member, query = 'tz=UTC') => overview.ok<FileOverview>(who, 'GET', `/file?${query}`);

  async function stored(who: Member, name: string, text: string, mimeType = 'text/plain') {
    const bytes = Buffer.from(text);
    const storageKey = newStorageKey('txt');
    await t.app.files.storage.put(storageKey, Readable.from([bytes]));
    return insertFile(t.database.db, {
      ownerId: who.id,
      use: 'drive',
      storageKey,
      name,
      mimeType,
      size: bytes.length,
    });
  }
  const folder = async (who: Member, name: string, parentId: string | null = null) =>
    (await filesApi.ok<{ item: FileItem }>(who, 'POST', '/folders', { name, parentId })).item;
  async function file(who: Member, name: string, parentId: string | null, text: string) {
    const row = await stored(who, name, text);
    return (await filesApi.ok<PlaceFileResult>(who, 'POST', '/items', { fileId: row.id, parentId })).item;
  }

  it('answers 401 signed out and 400 to a bad zone or period, never 500', async () => {
    expect((await overview.call(null, 'GET', '/file?tz=UTC')).statusCode).toBe(401);
    for (const query of ['tz=Nowhere/Land', 'tz=%2B02:00', 'tz=UTC&period=decade', '']) {
      const res = await overview.call(alice, 'GET', `/file?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
  });

  it('is empty for someone with no files: zeros for every kind, no folders, no recent files', async () => {
    const answer = await get(bob);
    expect(answer.storage.usedBytes).toBe(0);
    expect(answer.storage.quotaBytes).toBeGreaterThan(0);
    expect(answer.storage.byKind.map((k) => k.kind)).not.toContain('folder');
    expect(answer.storage.byKind.every((k) => k.bytes === 0 && k.count === 0)).toBe(true);
    expect(answer.folders).toEqual([]);
    expect(answer.recent).toEqual([]);
    expect(answer.activity.buckets).toHaveLength(7);
    expect(answer.activity.buckets.every((b) => Object.keys(b.bytes).length === 0)).toBe(true);
  });

  it('gives the viewer’s storage by kind, top-level folders with sizes and counts, and recent files', async () => {
    const projects = await folder(alice, 'Projects');
    const deep = await folder(alice, 'Deep', projects.id);
    await folder(alice, 'Archive');
    await file(alice, 'plan.txt', projects.id, 'twelve bytes');
    await file(alice, 'notes.txt', deep.id, 'five!');
    await file(alice, 'root.txt', null, 'abc');
    const gone = await file(alice, 'gone.txt', projects.id, 'trashed');
    expect((await filesApi.call(alice, 'POST', '/items/trash', { ids: [gone.id] })).statusCode).toBeLessThan(
      300,
    );
    // Someone else's folder and files are not Alice's.
    await folder(grace, 'Grace only');
    await file(grace, 'grace.txt', null, 'grace’s file');

    const answer = await get(alice);
    // Every stored file counts against the quota (the trashed one too), by kind.
    const total = 12 + 5 + 3 + 7;
    expect(answer.storage.usedBytes).toBe(total);
    expect(answer.storage.byKind.find((k) => k.kind === 'document')).toEqual({
      kind: 'document',
      bytes: total,
      count: 4,
    });
    expect(answer.folders.map((f) => [f.name, f.bytes, f.fileCount])).toEqual([
      ['Archive', 0, 0],
      ['Projects', 12 + 5, 2],
    ]);
    expect(answer.recent.map((r) => r.name).sort()).toEqual(['notes.txt', 'plan.txt', 'root.txt']);
    expect(answer.recent.find((r) => r.name === 'root.txt')).toMatchObject({
      kind: 'document',
      size: 3,
      parentId: null,
    });
    expect(answer.recent.find((r) => r.name === 'plan.txt')?.parentId).toBe(projects.id);
    // Uploaded today: today's bucket holds them.
    const last = answer.activity.buckets.at(-1)!;
    expect(last.bytes.document).toBe(total);
  });

  it('shows a member their own usage per location, an administrator the instance’s', async () => {
    const mine = await get(alice);
    const admin = await get(grace);
    expect(mine.instanceWide).toBe(false);
    expect(admin.instanceWide).toBe(true);
    expect(mine.locations).toHaveLength(1);
    expect(mine.locations[0]).toEqual({
      kind: 'disk',
      name: null,
      usedBytes: mine.storage.usedBytes,
      fileCount: 4,
      freeBytes: null,
      totalBytes: null,
    });
    const location = admin.locations[0]!;
    expect(location.kind).toBe('disk');
    expect(location.name).toBe('disk');
    expect(location.usedBytes).toBeGreaterThanOrEqual(mine.storage.usedBytes + admin.storage.usedBytes);
    expect(location.fileCount).toBeGreaterThanOrEqual(5);
    expect(location.freeBytes).toEqual(expect.any(Number));
  });

  it('buckets uploads by the viewer’s days and months', async () => {
    const db = t.database.db;
    const carol = await member(t.app, 'Carol', 'Danvers');
    const at = async (iso: string, size: number, mimeType = 'image/webp') =>
      db.insert(files).values({
        ownerId: carol.id,
        use: 'drive',
        storageKey: newStorageKey('webp'),
        name: 'x.webp',
        mimeType,
        size,
        createdAt: new Date(iso),
      });
    await at('2026-03-05T14:59:00Z', 1); // 03-05 23:59 in Tokyo: before the week
    await at('2026-03-05T15:00:00Z', 2); // 03-06 00:00 in Tokyo: the week's first day
    await at('2026-03-10T16:30:00Z', 4); // 03-11 01:30 in Tokyo, 03-10 in UTC
    await at('2026-03-10T16:31:00Z', 8, 'application/pdf');
    await at('2025-04-01T00:00:00Z', 16); // 2025-04-01 09:00 in Tokyo: the year's first month
    // A stored file of another use (an avatar) is no upload to the file manager.
    await db.insert(files).values({
      ownerId: carol.id,
      use: 'avatar',
      storageKey: newStorageKey('webp'),
      name: 'me.webp',
      mimeType: 'image/webp',
      size: 32,
      createdAt: new Date('2026-03-11T00:00:00Z'),
    });
    const now = new Date('2026-03-12T00:00:00Z'); // 09:00 on 03-12 in Tokyo

    expect(activityBuckets('week', 'Asia/Tokyo', now).starts).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    const tokyo = await uploadActivity(db, carol.id, 'week', 'Asia/Tokyo', now);
    expect(tokyo.unit).toBe('day');
    expect(Object.fromEntries(tokyo.buckets.map((b) => [b.start, b.bytes]))).toEqual({
      '2026-03-06': { image: 2 },
      '2026-03-07': {},
      '2026-03-08': {},
      '2026-03-09': {},
      '2026-03-10': {},
      '2026-03-11': { image: 4, pdf: 8 },
      '2026-03-12': {},
    });
    const utc = await uploadActivity(db, carol.id, 'week', 'UTC', now);
    expect(utc.buckets.find((b) => b.start === '2026-03-10')?.bytes).toEqual({ image: 4, pdf: 8 });
    expect(utc.buckets[0]).toEqual({ start: '2026-03-06', bytes: {} });

    const month = await uploadActivity(db, carol.id, 'month', 'Asia/Tokyo', now);
    expect(month.buckets).toHaveLength(30);
    expect(month.buckets.reduce((sum, b) => sum + (b.bytes.image ?? 0), 0)).toBe(1 + 2 + 4);

    const year = await uploadActivity(db, carol.id, 'year', 'Asia/Tokyo', now);
    expect(year.unit).toBe('month');
    expect(year.buckets.map((b) => b.start)[0]).toBe('2025-04-01');
    expect(year.buckets.at(-1)).toEqual({ start: '2026-03-01', bytes: { image: 1 + 2 + 4, pdf: 8 } });
    expect(year.buckets[0]?.bytes).toEqual({ image: 16 });
  });
});
