import fs from 'node:fs';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { StoredFile } from '#shared/contract/files.ts';

import { files } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { member, multipartBody, pngWithMetadata, type Member } from '../../testing/members.ts';
import { signedContentUrl } from './files.service.ts';

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  t = await createTestApp();
  await member(t.app, 'Grace', 'Hopper');
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  carol = await member(t.app, 'Carol', 'Danvers');
  // What an area does for its files: here, Carol may read every attachment of Alice's.
  t.app.files.allowRead(
    'attachment',
    async (userId, file) => userId === carol.id && file.ownerId === alice.id,
  );
});
afterAll(async () => {
  await t?.close();
});

/** A small but real PDF. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

function upload(who: Member | null, bytes: Buffer, filename: string, type = 'application/octet-stream') {
  const body = multipartBody(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/files?use=attachment',
    payload: body.payload,
    headers: { ...who?.headers, ...body.headers },
  });
}

async function uploaded(who: Member, bytes: Buffer, filename: string): Promise<StoredFile> {
  const res = await upload(who, bytes, filename);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ file: StoredFile }>().file;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const incoming = () => fs.readdirSync(`${t.app.files.dir}/.incoming`);

describe('files block: upload', () => {
  it('stores a PDF under a server-chosen key with its cleaned name, type from the bytes and size', async () => {
    const file = await uploaded(alice, pdf, '../../etc/Relevé\u0007 2026.pdf');
    expect(file).toMatchObject({
      use: 'attachment',
      name: 'Relevé 2026.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      width: null,
      height: null,
    });
    expect(file.url).toMatch(new RegExp(`^/api/files/${file.id}/content\\?exp=\\d+&sig=[\\w-]{43}$`));
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({
      ownerId: alice.id,
      storageKey: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/),
    });
    expect(incoming()).toEqual([]);
    // Downloaded under that name, encoded as RFC 6266 says.
    const res = await get(file.url);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Relev%C3%A9%202026.pdf");
  });

  it('re-encodes an image attachment to WebP without metadata and names it so', async () => {
    const file = await uploaded(alice, await pngWithMetadata(3000, 1500), 'holiday.png');
    expect(file).toMatchObject({ name: 'holiday.webp', mimeType: 'image/webp', width: 2560, height: 1280 });
    const res = await get(file.url);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=holiday.webp/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2560 });
    expect(meta.exif).toBeUndefined();
  });

  it('takes plain text by its extension when it is UTF-8 without NUL bytes', async () => {
    const file = await uploaded(alice, Buffer.from('name,total\nÉlodie,12\n'), 'totals.csv');
    expect(file.mimeType).toBe('text/csv');
    const res = await get(file.url);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=totals.csv/);
    expect(res.body).toBe('name,total\nÉlodie,12\n');
  });

  it('refuses what the bytes do not allow, or a name that disagrees with them, storing nothing', async () => {
    const before = await t.database.db.$count(files);
    const cases: Array<[Buffer, string, number, string]> = [
      [
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
        'setup.exe',
        400,
        'UNSUPPORTED_FILE_TYPE',
      ],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'x.svg',
        400,
        'NAME_TYPE_MISMATCH',
      ],
      [Buffer.from('text with a \u0000 NUL byte'), 'notes.txt', 400, 'UNSUPPORTED_FILE_TYPE'],
      [pdf, 'invoice.png', 400, 'NAME_TYPE_MISMATCH'],
      [await pngWithMetadata(), 'picture.pdf', 400, 'NAME_TYPE_MISMATCH'],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
        'a.png',
        400,
        'UNSUPPORTED_FILE_TYPE',
      ],
      [Buffer.alloc(0), 'empty.pdf', 400, 'NO_FILE'],
    ];
    for (const [bytes, name, status, code] of cases) {
      const res = await upload(alice, bytes, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ code });
    }
    expect(await t.database.db.$count(files)).toBe(before);
    expect(incoming()).toEqual([]);
  });

  it('stops a file over 25 MiB with 413 without keeping any of it; refuses anonymous uploads', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024, 0x20)]);
    const res = await upload(alice, big, 'huge.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('25 MB') });
    expect(incoming()).toEqual([]);
    expect((await upload(null, pdf, 'a.pdf')).statusCode).toBe(401);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: alice.headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const otherUse = await t.app.inject({
      method: 'POST',
      url: '/api/files?use=avatar',
      headers: alice.headers,
    });
    expect(otherUse.statusCode).toBe(400);
  });
});

describe('files block: download', () => {
  let file: StoredFile;
  beforeAll(async () => {
    file = await uploaded(alice, pdf, 'report.pdf');
  });

  it('serves a signed link as a download, never sniffed or run', async () => {
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': 'attachment; filename=report.pdf',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'cache-control': expect.stringMatching(/^private, max-age=\d+$/),
    });
    // Kept by the browser no longer than the link works (at most 5 minutes).
    expect(Number(String(res.headers['cache-control']).split('=')[1])).toBeLessThanOrEqual(300);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const again = await get(file.url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers one Range with 206, a range past the end with 416, several ranges with the whole file', async () => {
    const first = await get(file.url, { range: 'bytes=0-7' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
    expect(first.body).toBe('%PDF-1.4');
    const suffix = await get(file.url, { range: 'bytes=-6' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('%%EOF\n');
    const past = await get(file.url, { range: `bytes=${pdf.length + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    const several = await get(file.url, { range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(pdf.length);
  });

  it('with a bearer token: the owner and whoever the area allows read it; others get 404', async () => {
    const content = `/api/files/${file.id}/content`;
    expect((await get(content, alice.headers)).statusCode).toBe(200);
    expect((await get(content, carol.headers)).statusCode).toBe(200);
    expect((await get(`/api/files/${file.id}`, carol.headers)).json()).toMatchObject({
      file: { id: file.id },
    });
    for (const url of [content, `/api/files/${file.id}`]) {
      const res = await get(url, bob.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: 'File not found' });
    }
    expect((await get(`/api/files/${crypto.randomUUID()}`, alice.headers)).statusCode).toBe(404);
    expect((await get('/api/files/not-an-id', alice.headers)).statusCode).toBe(400);
  });

  it('refuses a link without a valid signature, an expired one, or no token at all (401)', async () => {
    const base = `/api/files/${file.id}/content`;
    const [, query] = file.url.split('?');
    const params = new URLSearchParams(query);
    const tampered = `${base}?exp=${Number(params.get('exp')) + 43200}&sig=${params.get('sig')}`;
    const expired = signedContentUrl(t.app.secret, file.id, Date.now() - 3 * 86_400_000);
    const otherFile = signedContentUrl(t.app.secret, crypto.randomUUID()).replace(
      /^\/api\/files\/[^/]+/,
      `/api/files/${file.id}`,
    );
    for (const url of [base, tampered, expired, otherFile]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('never serves a private file at the public uploads address', async () => {
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    expect((await get(`/api/uploads/${row!.storageKey}`)).statusCode).toBe(404);
  });

  it('sends a public image to its uploads address', async () => {
    const body = multipartBody(await pngWithMetadata(), 'me.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      payload: body.payload,
      headers: { ...bob.headers, ...body.headers },
    });
    const avatarUrl = res.json<{ user: User }>().user.avatarUrl!;
    const [row] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.storageKey, avatarUrl.split('/').pop()!));
    const content = await get(`/api/files/${row!.id}/content`, alice.headers);
    expect(content.statusCode).toBe(301);
    expect(content.headers.location).toBe(avatarUrl);
    // …and it is deleted from the profile, not through the files route.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/files/${row!.id}`, headers: bob.headers });
    expect(del.statusCode).toBe(403);
  });
});

describe('files block: delete', () => {
  it('lets only the owner delete a file; the bytes go with it', async () => {
    const file = await uploaded(alice, pdf, 'gone.pdf');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, file.id));
    const url = `/api/files/${file.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: carol.headers })).statusCode).toBe(403);
    expect(await t.app.files.storage.size(row!.storageKey)).toBe(pdf.length);
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice.headers })).statusCode).toBe(204);
    expect(await t.app.files.storage.size(row!.storageKey)).toBeNull();
    expect((await get(file.url)).statusCode).toBe(404);
  });
});
