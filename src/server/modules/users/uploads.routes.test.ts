import fs from 'node:fs';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { GalleryResponse, UserImage } from '#shared/contract/users.ts';

import { files } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { member, multipartBody, pngWithMetadata, snapshot, type Member } from '../../testing/members.ts';

let t: TestApp;
let admin: Member;
let ada: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t.app, 'Grace', 'Hopper');
  ada = await member(t.app, 'Ada', 'Lovelace');
});
afterAll(async () => {
  await t?.close();
});

function upload(url: string, who: Member, bytes: Buffer, filename = 'me.png', type = 'image/png') {
  const body = multipartBody(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

const fetchUpload = (url: string) => t.app.inject({ method: 'GET', url });

describe('image uploads', () => {
  it('re-encodes a real PNG with EXIF to a 512×512 WebP without metadata, served with nosniff', async () => {
    const png = await pngWithMetadata(800, 600);
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await upload('/api/account/avatar', ada, png);
    expect(res.statusCode).toBe(200);
    const user = res.json<{ user: User }>().user;
    expect(user.avatarUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.webp$/);

    const served = await fetchUpload(user.avatarUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const bytes = served.rawPayload;
    expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(bytes.includes(Buffer.from('home-address-42'))).toBe(false);

    // The file on disk is the same bytes, under the server's name only.
    const name = user.avatarUrl!.split('/').pop()!;
    expect(fs.readFileSync(`${t.app.files.dir}/${name}`).equals(bytes)).toBe(true);
  });

  it('applies EXIF orientation before stripping it and keeps covers at most 1920 wide', async () => {
    const rotated = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const res = await upload('/api/account/cover', ada, rotated, 'cover.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = res.json<{ user: User }>().user.coverUrl!;
    const meta = await sharp((await fetchUpload(url)).rawPayload).metadata();
    // 3000×1000 turned by 90° is 1000×3000: no wider than 1920, no enlargement.
    expect(meta).toMatchObject({ format: 'webp', width: 1000, height: 3000 });
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses an HTML file named .png (400) and stores nothing', async () => {
    const before = await snapshot(t.database.db);
    const stored = fs.readdirSync(t.app.files.dir).length;
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'evil.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg', 'image/svg+xml'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'x.gif', 'image/gif'],
      // A PNG signature followed by garbage: sniffed as PNG, refused by the decoder.
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
        'a.png',
        'image/png',
      ],
      // A JPEG signature on PNG bytes: the decoder's answer must agree with the magic number.
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), await pngWithMetadata()]), 'b.jpg', 'image/jpeg'],
      [Buffer.alloc(0), 'empty.png', 'image/png'],
    ];
    for (const [bytes, name, type] of cases) {
      const res = await upload('/api/account/avatar', ada, bytes, name, type);
      expect(res.statusCode, name).toBe(400);
    }
    expect(await snapshot(t.database.db)).toEqual(before);
    expect(fs.readdirSync(t.app.files.dir).length).toBe(stored);
    // Nothing is left half-received either.
    expect(fs.readdirSync(`${t.app.files.dir}/.incoming`)).toEqual([]);
  });

  it('refuses a file over 5 MiB with 413, and a pixel bomb with 400', async () => {
    const big = Buffer.concat([await pngWithMetadata(), Buffer.alloc(5 * 1024 * 1024 + 10, 0)]);
    const res = await upload('/api/account/avatar', ada, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });

    // 7000×7000 = 49 MP of one colour compresses to a few hundred KB.
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const bombRes = await upload('/api/account/avatar', ada, bomb);
    expect(bombRes.statusCode).toBe(400);
    expect(bombRes.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('refuses a non-multipart body (415) and two files (413)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: ada.headers,
      payload: { avatarUrl: 'https://evil.example/x.png' },
    });
    expect(json.statusCode).toBe(415);
    const png = await pngWithMetadata();
    const boundary = '----two';
    const part = (n: number) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="f${n}"; filename="${n}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from('\r\n'),
      ]);
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { ...ada.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([part(1), part(2), Buffer.from(`--${boundary}--\r\n`)]),
    });
    expect([200, 413]).toContain(two.statusCode);
  });

  it('serves only our own names: traversal and unknown names are 404', async () => {
    for (const url of [
      '/api/uploads/..%2f..%2fpackage.json',
      '/api/uploads/../../package.json',
      '/api/uploads/package.json',
      '/api/uploads/00000000000000000000000000000000.webp',
      '/api/uploads/',
    ]) {
      const res = await fetchUpload(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"name": "atrium"');
    }
  });

  it('keeps every upload in the gallery; an admin sets avatars of others; the owner deletes photos', async () => {
    const photo = await upload('/api/account/gallery', ada, await pngWithMetadata(2400, 1200));
    expect(photo.statusCode).toBe(200);
    const image = photo.json<{ image: UserImage }>().image;
    expect(image).toMatchObject({ kind: 'photo', width: 1600, height: 800 });

    const byAdmin = await upload(`/api/users/${ada.id}/avatar`, admin, await pngWithMetadata());
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<{ user: User }>().user.avatarUrl).toMatch(/^\/api\/uploads\//);

    const gallery = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ada.id}/gallery`,
      headers: admin.headers,
    });
    const page = gallery.json<GalleryResponse>();
    // Newest first: the admin's avatar, the photo, then the earlier uploads of this file.
    expect(page.images.map((i) => i.kind).slice(0, 2)).toEqual(['avatar', 'photo']);
    expect(page.images.map((i) => i.kind)).toContain('cover');
    const count = page.total;
    expect(count).toBe(page.images.length);

    // Someone else cannot delete it; the owner can, and the file is gone.
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/gallery/${image.id}`,
      headers: admin.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/gallery/${image.id}`,
      headers: ada.headers,
    });
    expect(own.statusCode).toBe(204);
    expect((await fetchUpload(image.url)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(files).where(eq(files.ownerId, ada.id));
    expect(rows).toHaveLength(count - 1);
  });

  it("deletes a user's files with the user", async () => {
    const zed = await member(t.app, 'Zed', 'Gone');
    const res = await upload('/api/account/avatar', zed, await pngWithMetadata());
    const url = res.json<{ user: User }>().user.avatarUrl!;
    expect((await fetchUpload(url)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${zed.id}`, headers: admin.headers });
    expect((await fetchUpload(url)).statusCode).toBe(404);
  });
});
