import { Readable } from 'node:stream';

import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type {
  FileActivityList,
  FileItem,
  FileItemDetail,
  FileLink,
  FileList,
  FileShare,
  FileVersion,
  PlaceFileResult,
  PublicLink,
  StoredFile,
  UsageByType,
} from '#shared/contract/files.ts';

import { fileItems, files, fileVersions, users, workspaceSettings } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, multipartBody, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertFile } from './files.repo.ts';
import { sweepTrash } from './files.tree.ts';
import { newStorageKey } from './storage.ts';

let t: TestApp;
let grace: Member; // the administrator
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  grace = await member(t.app, 'Grace', 'Hopper');
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  carol = await member(t.app, 'Carol', 'Danvers');
});
afterAll(async () => {
  await t?.close();
});

const { call, ok } = apiCalls(() => t.app, '/api/files');

/** A stored `drive` file of `who` (as an upload leaves it), without going through the upload limit. */
async function stored(
  who: Member,
  name: string,
  text = `content of ${name}`,
  use: 'drive' | 'attachment' = 'drive',
) {
  const bytes = Buffer.from(text);
  const storageKey = newStorageKey('txt');
  await t.app.files.storage.put(storageKey, Readable.from([bytes]));
  return insertFile(t.database.db, {
    ownerId: who.id,
    use,
    storageKey,
    name,
    mimeType: 'text/plain',
    size: bytes.length,
  });
}

async function folder(who: Member, name: string, parentId: string | null = null): Promise<FileItem> {
  return (await ok<{ item: FileItem }>(who, 'POST', '/folders', { name, parentId })).item;
}

async function file(
  who: Member,
  name: string,
  parentId: string | null = null,
  text?: string,
): Promise<FileItem> {
  const row = await stored(who, name, text);
  return (await ok<PlaceFileResult>(who, 'POST', '/items', { fileId: row.id, parentId })).item;
}

const list = (who: Member, query = '') => ok<FileList>(who, 'GET', `/items${query}`);
const names = (page: FileList) => page.items.map((i) => i.name);

async function fetchUrl(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('file manager: folders and names', () => {
  it('creates nested folders, lists folders first, with breadcrumbs', async () => {
    const top = await folder(alice, 'Projects');
    const sub = await folder(alice, '2026', top.id);
    await file(alice, 'a.txt', top.id);
    const page = await list(alice, `?parentId=${top.id}`);
    expect(names(page)).toEqual(['2026', 'a.txt']);
    expect(page.breadcrumbs).toEqual([{ id: top.id, name: 'Projects' }]);
    const detail = await ok<FileItemDetail>(alice, 'GET', `/items/${sub.id}`);
    expect(detail.breadcrumbs).toEqual([{ id: top.id, name: 'Projects' }]);
    expect(detail.item).toMatchObject({ type: 'folder', kind: 'folder', access: 'owner', parentId: top.id });
  });

  it('keeps names unique in a folder, ignoring case', async () => {
    const top = await folder(alice, 'Unique');
    await folder(alice, 'Docs', top.id);
    const res = await call(alice, 'POST', '/folders', { name: 'docs', parentId: top.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NAME_TAKEN' });
    // Another folder, another person: fine.
    await folder(alice, 'Docs');
    await folder(bob, 'Docs');
    const bad = await call(alice, 'POST', '/folders', { name: '../x', parentId: null });
    expect(bad.statusCode).toBe(400);
  });

  it('lets exactly one of concurrent renames to one name win', async () => {
    const top = await folder(alice, 'Race');
    const items = await Promise.all([1, 2, 3, 4, 5].map((n) => file(alice, `f${n}.txt`, top.id)));
    const answers = await Promise.all(
      items.map((item) =>
        call(alice, 'PATCH', `/items/${item.id}`, { name: 'same.txt', version: item.version }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(names(await list(alice, `?parentId=${top.id}&search=same`))).toEqual(['same.txt']);
  });

  it('refuses a stale rename with the current item', async () => {
    const item = await file(alice, 'stale.txt');
    await ok(alice, 'PATCH', `/items/${item.id}`, { name: 'fresh.txt', version: item.version });
    const res = await call(alice, 'PATCH', `/items/${item.id}`, { name: 'other.txt', version: item.version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE', current: { name: 'fresh.txt' } });
  });
});

describe('file manager: moves', () => {
  it('refuses moves into the item itself or its own subfolder, and moves subtrees', async () => {
    const a = await folder(alice, 'MoveA');
    const b = await folder(alice, 'MoveB', a.id);
    const c = await folder(alice, 'MoveC', b.id);
    const deep = await file(alice, 'deep.txt', c.id);
    for (const target of [a.id, b.id, c.id]) {
      const res = await call(alice, 'POST', '/items/move', { ids: [a.id], parentId: target });
      expect(res.statusCode, target).toBe(409);
      expect(res.json()).toMatchObject({ code: 'MOVE_CYCLE' });
    }
    // Moving B (with C and the file) to the root rewrites where everything under it is.
    await ok(alice, 'POST', '/items/move', { ids: [b.id], parentId: null });
    const found = await ok<FileItemDetail>(alice, 'GET', `/items/${deep.id}`);
    expect(found.breadcrumbs.map((x) => x.name)).toEqual(['MoveB', 'MoveC']);
    expect(names(await list(alice, `?parentId=${a.id}&search=deep`))).toEqual([]);
    expect(names(await list(alice, `?parentId=${b.id}&search=deep`))).toEqual(['deep.txt']);
  });

  it('refuses concurrent crossing moves that would make a cycle', async () => {
    const x = await folder(alice, 'CrossX');
    const y = await folder(alice, 'CrossY');
    const answers = await Promise.all([
      call(alice, 'POST', '/items/move', { ids: [x.id], parentId: y.id }),
      call(alice, 'POST', '/items/move', { ids: [y.id], parentId: x.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps both or skips on a name clash when asked', async () => {
    const target = await folder(alice, 'ClashTarget');
    await file(alice, 'clash.txt', target.id);
    const other = await file(alice, 'clash.txt');
    expect(
      (await call(alice, 'POST', '/items/move', { ids: [other.id], parentId: target.id })).statusCode,
    ).toBe(409);
    await ok(alice, 'POST', '/items/move', { ids: [other.id], parentId: target.id, onConflict: 'keepBoth' });
    expect(names(await list(alice, `?parentId=${target.id}`))).toEqual(['clash (2).txt', 'clash.txt']);
  });
});

describe('file manager: uploads, versions and copies', () => {
  it('keeps an image byte for byte (full size, its name and type), unlike attachments', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Carol' } })
      .toBuffer();
    const body = multipartBody(jpeg, 'holiday.jpg', 'image/jpeg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files?use=drive',
      payload: body.payload,
      headers: { ...carol.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const upload = res.json<{ file: StoredFile }>().file;
    expect(upload).toMatchObject({ name: 'holiday.jpg', mimeType: 'image/jpeg', width: 3000, height: 2000 });
    const placed = await ok<PlaceFileResult>(carol, 'POST', '/items', { fileId: upload.id, parentId: null });
    const content = await t.app.inject({ method: 'GET', url: placed.item.url! });
    expect(content.rawPayload.equals(jpeg)).toBe(true);
  });

  it('places a real upload, numbers a clash, replaces as a new version and skips', async () => {
    const body = multipartBody(Buffer.from('first'), 'notes.txt', 'text/plain');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files?use=drive',
      payload: body.payload,
      headers: { ...carol.headers, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const upload = res.json<{ file: StoredFile }>().file;
    const placed = await ok<PlaceFileResult>(carol, 'POST', '/items', { fileId: upload.id, parentId: null });
    expect(placed).toMatchObject({ outcome: 'created', item: { name: 'notes.txt', kind: 'document' } });
    expect((await fetchUrl(placed.item.url!)).body).toBe('first');
    // Placing the same stored file twice is refused.
    expect((await call(carol, 'POST', '/items', { fileId: upload.id })).statusCode).toBe(409);

    const second = await stored(carol, 'notes.txt', 'second');
    const refused = await call(carol, 'POST', '/items', { fileId: second.id });
    expect(refused.json()).toMatchObject({ code: 'NAME_TAKEN' });
    const kept = await ok<PlaceFileResult>(carol, 'POST', '/items', {
      fileId: second.id,
      onConflict: 'keepBoth',
    });
    expect(kept.item.name).toBe('notes (2).txt');

    const third = await stored(carol, 'notes.txt', 'third');
    const replaced = await ok<PlaceFileResult>(carol, 'POST', '/items', {
      fileId: third.id,
      onConflict: 'replace',
    });
    expect(replaced).toMatchObject({ outcome: 'replaced', item: { id: placed.item.id, versionCount: 2 } });
    expect((await fetchUrl(replaced.item.url!)).body).toBe('third');

    const fourth = await stored(carol, 'notes.txt', 'fourth');
    const skipped = await ok<PlaceFileResult>(carol, 'POST', '/items', {
      fileId: fourth.id,
      onConflict: 'skip',
    });
    expect(skipped).toMatchObject({ outcome: 'skipped', item: { id: placed.item.id } });
    expect(await t.database.db.select().from(files).where(eq(files.id, fourth.id))).toEqual([]);

    const { versions } = await ok<{ versions: FileVersion[] }>(
      carol,
      'GET',
      `/items/${placed.item.id}/versions`,
    );
    expect(versions.map((v) => [v.number, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await fetchUrl(versions[1]!.downloadUrl)).body).toBe('first');
    const restored = await ok<{ item: FileItem }>(
      carol,
      'POST',
      `/items/${placed.item.id}/versions/${versions[1]!.fileId}/restore`,
      { version: replaced.item.version },
    );
    expect((await fetchUrl(restored.item.url!)).body).toBe('first');
    const activity = await ok<FileActivityList>(carol, 'GET', `/items/${placed.item.id}/activity`);
    expect(activity.activity.map((a) => a.action)).toEqual(['versionRestored', 'newVersion', 'uploaded']);
    expect(activity.activity[0]!.actor).toMatchObject({ id: carol.id, name: 'Carol Danvers' });
  });

  it('keeps as many older versions as the workspace setting says, deleting the rest', async () => {
    await t.database.db
      .insert(workspaceSettings)
      .values({ id: 1, settings: { fileVersionsKept: 1 } })
      .onConflictDoUpdate({ target: workspaceSettings.id, set: { settings: { fileVersionsKept: 1 } } });
    try {
      const first = await file(alice, 'kept.txt', null, 'v1');
      const uploads = [];
      for (const text of ['v2', 'v3', 'v4']) {
        const row = await stored(alice, 'kept.txt', text);
        uploads.push(row);
        await ok(alice, 'POST', '/items', { fileId: row.id, onConflict: 'replace' });
      }
      const rows = await t.database.db.select().from(fileVersions).where(eq(fileVersions.itemId, first.id));
      expect(rows.map((r) => r.number).sort()).toEqual([3, 4]);
      // The stored files of the dropped versions are gone.
      const left = await t.database.db
        .select()
        .from(files)
        .where(inArray(files.id, [first.fileId!, uploads[0]!.id]));
      expect(left).toEqual([]);
    } finally {
      await t.database.db.update(workspaceSettings).set({ settings: {} }).where(eq(workspaceSettings.id, 1));
    }
  });

  it('copies a folder with its files, new bytes for each', async () => {
    const source = await folder(alice, 'CopySource');
    await file(alice, 'inside.txt', source.id, 'inside');
    const { items } = await ok<{ items: FileItem[] }>(alice, 'POST', '/items/copy', {
      ids: [source.id],
      parentId: null,
    });
    expect(items[0]!.name).toBe('CopySource (2)');
    const inside = await list(alice, `?parentId=${items[0]!.id}`);
    expect(names(inside)).toEqual(['inside.txt']);
    expect((await fetchUrl(inside.items[0]!.url!)).body).toBe('inside');
    expect(
      (await call(alice, 'POST', '/items/copy', { ids: [source.id], parentId: source.id })).statusCode,
    ).toBe(409);
  });
});

describe('file manager: sharing with people', () => {
  it('gives view access to a folder and what is under it, and takes it back at once', async () => {
    const shared = await folder(alice, 'Shared view');
    const inner = await folder(alice, 'Inner', shared.id);
    const doc = await file(alice, 'doc.txt', inner.id, 'secret');
    await ok(alice, 'PUT', `/items/${shared.id}/shares/${bob.id}`, { role: 'view' });

    const mine = await list(bob, '?view=shared');
    expect(names(mine)).toContain('Shared view');
    expect(mine.items.find((i) => i.id === shared.id)).toMatchObject({ access: 'view', shared: true });
    const seen = await ok<FileItemDetail>(bob, 'GET', `/items/${doc.id}`);
    expect(seen.item.access).toBe('view');
    expect(seen.breadcrumbs.map((b) => b.name)).toEqual(['Shared view', 'Inner']);
    const signed = seen.item.url!;
    expect((await fetchUrl(signed)).body).toBe('secret');
    // Who it is shared with, inherited from the folder.
    const { shares } = await ok<{ shares: FileShare[] }>(bob, 'GET', `/items/${doc.id}/shares`);
    expect(shares).toMatchObject([{ user: { id: bob.id }, role: 'view', inheritedFrom: { id: shared.id } }]);

    // A viewer cannot rename, move, trash, upload into or share.
    expect(
      (await call(bob, 'PATCH', `/items/${doc.id}`, { name: 'x.txt', version: doc.version })).statusCode,
    ).toBe(403);
    expect((await call(bob, 'DELETE', `/items/${doc.id}`)).statusCode).toBe(403);
    expect((await call(bob, 'POST', '/folders', { name: 'new', parentId: inner.id })).statusCode).toBe(403);
    const upload = await stored(bob, 'mine.txt');
    expect((await call(bob, 'POST', '/items', { fileId: upload.id, parentId: inner.id })).statusCode).toBe(
      403,
    );
    expect((await call(bob, 'PUT', `/items/${doc.id}/shares/${carol.id}`, { role: 'view' })).statusCode).toBe(
      403,
    );
    // A viewer may star it.
    await ok(bob, 'PATCH', `/items/${doc.id}`, { favourite: true });
    expect(names(await list(bob, '?view=favourites'))).toEqual(['doc.txt']);

    // Carol sees nothing of it.
    expect((await call(carol, 'GET', `/items/${doc.id}`)).statusCode).toBe(404);
    expect((await fetchUrl(signed.replace(`u=${bob.id}`, `u=${carol.id}`))).statusCode).toBe(401);
    expect((await call(carol, 'GET', `/items?parentId=${shared.id}`)).statusCode).toBe(404);

    // Unshared: the link bob holds stops working at once.
    await call(alice, 'DELETE', `/items/${shared.id}/shares/${bob.id}`);
    expect((await fetchUrl(signed)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/items/${doc.id}`)).statusCode).toBe(404);
    expect(names(await list(bob, '?view=favourites'))).toEqual([]);
  });

  it('lets an editor add to a shared folder, counted against the owner', async () => {
    const shared = await folder(alice, 'Shared edit');
    await ok(alice, 'PUT', `/items/${shared.id}/shares/${bob.id}`, { role: 'edit' });
    const made = await folder(bob, 'By Bob', shared.id);
    expect(made.owner.id).toBe(alice.id);
    const upload = await stored(bob, 'from-bob.txt');
    const placed = await ok<PlaceFileResult>(bob, 'POST', '/items', { fileId: upload.id, parentId: made.id });
    expect(placed.item.owner.id).toBe(alice.id);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, upload.id));
    expect(row!.ownerId).toBe(alice.id);
    // An editor renames and trashes, but does not share or move it out of the owner's tree.
    await ok(bob, 'PATCH', `/items/${placed.item.id}`, { name: 'renamed.txt', version: placed.item.version });
    expect((await call(bob, 'POST', '/items/move', { ids: [made.id], parentId: null })).json()).toMatchObject(
      {
        code: 'CROSS_OWNER',
      },
    );
    expect((await call(bob, 'POST', `/items/${made.id}/links`, {})).statusCode).toBe(403);
    expect((await call(bob, 'DELETE', `/items/${made.id}`)).statusCode).toBe(204);
    // It went to the owner's trash, not the editor's.
    expect(names(await list(alice, '?view=trash'))).toContain('By Bob');
    expect(names(await list(bob, '?view=trash'))).not.toContain('By Bob');
  });

  it('refuses an upload into a shared folder when the owner has no room', async () => {
    const shared = await folder(alice, 'Full');
    await ok(alice, 'PUT', `/items/${shared.id}/shares/${bob.id}`, { role: 'edit' });
    await t.database.db.update(users).set({ storageQuotaBytes: 1 }).where(eq(users.id, alice.id));
    try {
      const upload = await stored(bob, 'big.txt', 'more than one byte');
      const res = await call(bob, 'POST', '/items', { fileId: upload.id, parentId: shared.id });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
    } finally {
      await t.database.db.update(users).set({ storageQuotaBytes: null }).where(eq(users.id, alice.id));
    }
  });

  it('publishes changes to everyone who can see the folder', async () => {
    const shared = await folder(alice, 'Live');
    await ok(alice, 'PUT', `/items/${shared.id}/shares/${bob.id}`, { role: 'view' });
    const publish = vi.spyOn(t.app.realtime, 'publish');
    try {
      await folder(alice, 'Inside live', shared.id);
      expect(publish).toHaveBeenCalledWith(
        expect.arrayContaining([alice.id, bob.id]),
        expect.objectContaining({ type: 'files.changed', folderId: shared.id, ownerId: alice.id }),
      );
      const call = publish.mock.calls.find((c) => c[1].type === 'files.changed');
      expect(call![0]).not.toContain(carol.id);
    } finally {
      publish.mockRestore();
    }
  });
});

describe('file manager: links', () => {
  it('opens a folder to signed-out visitors with a password, until revoked', async () => {
    const shared = await folder(alice, 'Linked');
    const doc = await file(alice, 'public.txt', shared.id, 'hello visitor');
    const { link } = await ok<{ link: FileLink }>(alice, 'POST', `/items/${shared.id}/links`, {
      password: 'open sesame',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(link).toMatchObject({ hasPassword: true, downloadOnly: false, expired: false });

    const locked = await call(null, 'GET', `/public/${link.token}`);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ code: 'LINK_PASSWORD_REQUIRED' });
    expect((await call(null, 'POST', `/public/${link.token}/unlock`, { password: 'wrong' })).statusCode).toBe(
      403,
    );
    const { access } = await ok<{ access: string }>(null, 'POST', `/public/${link.token}/unlock`, {
      password: 'open sesame',
    });
    const open = await ok<PublicLink>(null, 'GET', `/public/${link.token}?access=${access}`);
    expect(open.items.map((i) => i.name)).toEqual(['public.txt']);
    expect((await fetchUrl(open.items[0]!.url!)).body).toBe('hello visitor');
    // Only what is in the link.
    const outside = await file(alice, 'outside.txt');
    expect(
      (await fetchUrl(`/api/files/public/${link.token}/content/${outside.id}?access=${access}`)).statusCode,
    ).toBe(404);
    const zip = await fetchUrl(open.zipUrl);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from('Linked/public.txt'))).toBe(true);

    // A new password closes what the old one opened.
    await ok(alice, 'PATCH', `/links/${link.id}`, { password: 'another one' });
    expect((await fetchUrl(open.items[0]!.url!)).statusCode).toBe(401);

    // Others cannot revoke it; its owner can, and then it is gone.
    expect((await call(bob, 'DELETE', `/links/${link.id}`)).statusCode).toBe(404);
    await call(alice, 'DELETE', `/links/${link.id}`);
    expect((await call(null, 'GET', `/public/${link.token}`)).statusCode).toBe(404);
    void doc;
  });

  it('serves download-only links as downloads, stops at expiry and when trashed', async () => {
    const doc = await file(alice, 'only-download.txt', null, 'bytes');
    const { link } = await ok<{ link: FileLink }>(alice, 'POST', `/items/${doc.id}/links`, {
      downloadOnly: true,
    });
    const open = await ok<PublicLink>(null, 'GET', `/public/${link.token}`);
    expect(open.link.item).toMatchObject({ name: 'only-download.txt', url: null });
    const res = await fetchUrl(open.link.item.downloadUrl!.replace('?download=1', ''));
    expect(res.headers['content-disposition']).toMatch(/^attachment/);

    expect(
      (await call(alice, 'POST', `/items/${doc.id}/links`, { expiresAt: '2020-01-01T00:00:00Z' })).statusCode,
    ).toBe(400);
    expect((await call(alice, 'DELETE', `/items/${doc.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/public/${link.token}`)).statusCode).toBe(404);
  });

  it('changes a link’s expiry, download-only and password (removed: open to all); only its owner or an administrator', async () => {
    const doc = await file(alice, 'changing.txt', null, 'changing bytes');
    const { link } = await ok<{ link: FileLink }>(alice, 'POST', `/items/${doc.id}/links`, {
      password: 'first secret',
    });
    expect((await call(null, 'GET', `/public/${link.token}`)).statusCode).toBe(401);

    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const changed = await ok<{ link: FileLink }>(alice, 'PATCH', `/links/${link.id}`, {
      expiresAt,
      downloadOnly: true,
    });
    // What was not sent stays as it was.
    expect(changed.link).toMatchObject({
      id: link.id,
      hasPassword: true,
      downloadOnly: true,
      expired: false,
    });
    expect(Date.parse(changed.link.expiresAt!)).toBe(Date.parse(expiresAt));

    const open = await ok<{ link: FileLink }>(alice, 'PATCH', `/links/${link.id}`, {
      password: null,
      expiresAt: null,
    });
    expect(open.link).toMatchObject({ hasPassword: false, expiresAt: null, downloadOnly: true });
    const visit = await ok<PublicLink>(null, 'GET', `/public/${link.token}`);
    expect(visit.link.item).toMatchObject({ name: 'changing.txt', url: null });

    // Bad input answers 400 with a message; a past expiry is refused.
    for (const body of [{ password: '' }, { expiresAt: '2020-01-01T00:00:00Z' }, { downloadOnly: 'yes' }]) {
      const res = await call(alice, 'PATCH', `/links/${link.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    // Others do not see it; an administrator may change it.
    expect((await call(bob, 'PATCH', `/links/${link.id}`, { downloadOnly: false })).statusCode).toBe(404);
    const byAdmin = await ok<{ link: FileLink }>(grace, 'PATCH', `/links/${link.id}`, {
      downloadOnly: false,
    });
    expect(byAdmin.link.downloadOnly).toBe(false);
    const mine = await ok<{ links: FileLink[] }>(alice, 'GET', `/items/${doc.id}/links`);
    expect(mine.links).toEqual([
      expect.objectContaining({ id: link.id, downloadOnly: false, hasPassword: false }),
    ]);
  });

  it('lists links: mine for everyone, all for administrators, who may revoke any', async () => {
    const doc = await file(bob, 'bobs-link.txt');
    const { link } = await ok<{ link: FileLink }>(bob, 'POST', `/items/${doc.id}/links`, {});
    const mine = await ok<{ links: FileLink[] }>(bob, 'GET', '/links');
    expect(mine.links.map((l) => l.id)).toContain(link.id);
    expect((await call(bob, 'GET', '/links?scope=all')).statusCode).toBe(403);
    const all = await ok<{ links: FileLink[] }>(grace, 'GET', '/links?scope=all&pageSize=100');
    expect(all.links.map((l) => l.id)).toContain(link.id);
    expect((await call(grace, 'DELETE', `/links/${link.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/public/${link.token}`)).statusCode).toBe(404);
  });
});

describe('file manager: save to files', () => {
  const chat = apiCalls(() => t.app, '/api/chat');

  it('copies an attachment the person may read into their folder, numbering a taken name', async () => {
    const attachment = await stored(alice, 'minutes.txt', 'the minutes', 'attachment');
    const target = await folder(bob, 'From chat');
    // Not shared with Bob yet: as if it did not exist.
    expect((await call(bob, 'POST', '/items/save', { fileId: attachment.id })).statusCode).toBe(404);

    const { conversation } = await chat.ok<{ conversation: { id: string } }>(
      alice,
      'POST',
      '/conversations',
      {
        recipientIds: [bob.id],
        message: { body: 'hello', clientId: 'save-to-files-1' },
      },
    );
    const sent = await chat.call(alice, 'POST', '/messages', {
      conversationId: conversation.id,
      body: 'the minutes',
      contentType: 'file',
      attachments: [attachment.id],
      clientId: 'save-to-files-2',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const first = await ok<PlaceFileResult>(bob, 'POST', '/items/save', {
      fileId: attachment.id,
      parentId: target.id,
    });
    expect(first.outcome).toBe('created');
    expect(first.item).toMatchObject({ name: 'minutes.txt', parentId: target.id, access: 'owner' });
    expect(first.item.owner.id).toBe(bob.id);
    // Bob's own copy: new bytes under his name, the attachment untouched.
    expect(first.item.fileId).not.toBe(attachment.id);
    expect((await fetchUrl(first.item.url!)).body).toBe('the minutes');
    const [copy] = await t.database.db.select().from(files).where(eq(files.id, first.item.fileId!));
    expect(copy).toMatchObject({ ownerId: bob.id, use: 'drive' });
    const [original] = await t.database.db.select().from(files).where(eq(files.id, attachment.id));
    expect(original).toMatchObject({ ownerId: alice.id, use: 'attachment' });

    const second = await ok<PlaceFileResult>(bob, 'POST', '/items/save', {
      fileId: attachment.id,
      parentId: target.id,
    });
    expect(second.item.name).toBe('minutes (2).txt');
    expect(names(await list(bob, `?parentId=${target.id}`))).toEqual(['minutes (2).txt', 'minutes.txt']);

    // Into a folder Bob may not write to, or with bad input: refused, nothing left behind.
    const before = (await t.database.db.select().from(files).where(eq(files.ownerId, bob.id))).length;
    const alicesFolder = await folder(alice, 'Not for Bob');
    expect(
      (await call(bob, 'POST', '/items/save', { fileId: attachment.id, parentId: alicesFolder.id }))
        .statusCode,
    ).toBe(404);
    const bad = await call(bob, 'POST', '/items/save', { fileId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
    expect((await t.database.db.select().from(files).where(eq(files.ownerId, bob.id))).length).toBe(before);
  });
});

describe('file manager: trash', () => {
  it('trashes with the original path, hides from sharees, restores in place', async () => {
    const top = await folder(alice, 'TrashTop');
    const doc = await file(alice, 'trashed.txt', top.id);
    await ok(alice, 'PUT', `/items/${top.id}/shares/${bob.id}`, { role: 'edit' });
    expect((await call(alice, 'DELETE', `/items/${doc.id}`)).statusCode).toBe(204);
    expect(names(await list(alice, `?parentId=${top.id}`))).toEqual([]);
    const trash = await list(alice, '?view=trash&search=trashed');
    expect(trash.items[0]).toMatchObject({ name: 'trashed.txt', originalPath: '/TrashTop' });
    expect(trash.items[0]!.purgeAt).not.toBeNull();
    expect((await call(bob, 'GET', `/items/${doc.id}`)).statusCode).toBe(404);
    // Only the owner restores.
    expect((await call(bob, 'POST', '/items/restore', { ids: [doc.id] })).statusCode).toBe(404);
    await ok(alice, 'POST', '/items/restore', { ids: [doc.id] });
    expect(names(await list(alice, `?parentId=${top.id}`))).toEqual(['trashed.txt']);
  });

  it('restores into a deleted folder by recreating the path', async () => {
    const a = await folder(alice, 'GoneA');
    const b = await folder(alice, 'GoneB', a.id);
    const doc = await file(alice, 'survivor.txt', b.id, 'still here');
    expect((await call(alice, 'DELETE', `/items/${doc.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/items/${a.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'POST', '/items/delete-forever', { ids: [a.id] })).statusCode).toBe(204);
    expect(await t.database.db.select().from(fileItems).where(eq(fileItems.id, b.id))).toEqual([]);
    const { items } = await ok<{ items: FileItem[] }>(alice, 'POST', '/items/restore', { ids: [doc.id] });
    const detail = await ok<FileItemDetail>(alice, 'GET', `/items/${items[0]!.id}`);
    expect(detail.breadcrumbs.map((x) => x.name)).toEqual(['GoneA', 'GoneB']);
    expect((await fetchUrl(detail.item.url!)).body).toBe('still here');
  });

  it('restores a folder with its contents, next to a new one of the same name', async () => {
    const old = await folder(alice, 'Twice');
    await file(alice, 'in-old.txt', old.id);
    expect((await call(alice, 'DELETE', `/items/${old.id}`)).statusCode).toBe(204);
    await folder(alice, 'Twice');
    const { items } = await ok<{ items: FileItem[] }>(alice, 'POST', '/items/restore', { ids: [old.id] });
    expect(items[0]!.name).toBe('Twice (2)');
    expect(names(await list(alice, `?parentId=${old.id}`))).toEqual(['in-old.txt']);
  });

  it('deletes forever with the stored bytes, and the sweeper empties old trash', async () => {
    const doc = await file(alice, 'forever.txt');
    const fileId = doc.fileId!;
    expect((await call(alice, 'DELETE', `/items/${doc.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'POST', '/items/delete-forever', { ids: [doc.id] })).statusCode).toBe(204);
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    // Not trashed: refused.
    const live = await file(alice, 'live.txt');
    expect((await call(alice, 'POST', '/items/delete-forever', { ids: [live.id] })).statusCode).toBe(404);

    const old = await file(alice, 'old-trash.txt');
    expect((await call(alice, 'DELETE', `/items/${old.id}`)).statusCode).toBe(204);
    expect(await sweepTrash(t.app, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await sweepTrash(t.app, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThan(0);
    expect(await t.database.db.select().from(fileItems).where(eq(fileItems.id, old.id))).toEqual([]);
  });
});

describe('file manager: search, views, usage, zip, picker', () => {
  it('searches names and tags of everything one can see, and lists recent files', async () => {
    const shared = await folder(carol, 'Carol shares');
    const tagged = await file(carol, 'budget.txt', shared.id);
    await ok(carol, 'PATCH', `/items/${tagged.id}`, { tags: ['Finance', 'q3'], version: tagged.version });
    await ok(carol, 'PUT', `/items/${shared.id}/shares/${bob.id}`, { role: 'view' });
    expect(names(await list(bob, '?search=finance'))).toEqual(['budget.txt']);
    expect(names(await list(bob, '?search=budget'))).toEqual(['budget.txt']);
    expect(names(await list(alice, '?search=budget'))).toEqual([]);
    expect(names(await list(bob, '?search=budget&type=image'))).toEqual([]);
    await ok(bob, 'GET', `/items/${tagged.id}`);
    const recent = await list(bob, '?view=recent');
    expect(recent.items[0]).toMatchObject({ id: tagged.id });
    expect(recent.items[0]!.viewedAt).not.toBeNull();
  });

  it('reports usage by type against the quota', async () => {
    const someone = await member(t.app, 'Usage', 'Person');
    await file(someone, 'one.txt', null, '12345');
    const { usage } = await ok<{ usage: UsageByType }>(someone, 'GET', '/usage/by-type');
    expect(usage.usedBytes).toBe(5);
    expect(usage.byType.find((b) => b.kind === 'document')).toEqual({ kind: 'document', bytes: 5, count: 1 });
    expect(usage.byType.map((b) => b.kind)).not.toContain('folder');
  });

  it('zips several items, by bearer or by a signed link, only what one may see', async () => {
    const z = await folder(alice, 'Zipped');
    await file(alice, 'z1.txt', z.id, 'one');
    const loose = await file(alice, 'z2.txt', null, 'two');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/zip?ids=${z.id},${loose.id}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.includes(Buffer.from('Zipped/z1.txt'))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('z2.txt'))).toBe(true);
    const { url } = await ok<{ url: string }>(alice, 'POST', '/zip', { ids: [loose.id] });
    expect((await fetchUrl(url)).statusCode).toBe(200);
    expect((await fetchUrl(`/api/files/zip?ids=${loose.id}`, bob.headers)).statusCode).toBe(404);
  });

  it('lists folders for a picker', async () => {
    const p = await folder(carol, 'Picker');
    await folder(carol, 'Child', p.id);
    const root = await ok<{ folders: { name: string; hasChildren: boolean }[] }>(
      carol,
      'GET',
      '/folders/tree',
    );
    expect(root.folders.find((f) => f.name === 'Picker')).toMatchObject({ hasChildren: true });
    const children = await ok<{ folders: { name: string }[] }>(
      carol,
      'GET',
      `/folders/tree?parentId=${p.id}`,
    );
    expect(children.folders.map((f) => f.name)).toEqual(['Child']);
  });
});

describe('file manager: resumable uploads land in the tree', () => {
  it('refuses at creation a clash the person has not decided, and places the finished file', async () => {
    const target = t.app.files.resumable!;
    const box = await folder(alice, 'Resumable');
    await file(alice, 'taken.txt', box.id);
    const metadata = { filename: 'taken.txt', folderId: box.id };
    await expect(target.check!(alice.id, metadata)).rejects.toMatchObject({ statusCode: 409 });
    await expect(target.check!(alice.id, { ...metadata, onConflict: 'skip' })).rejects.toMatchObject({
      statusCode: 409,
    });
    await target.check!(alice.id, { ...metadata, onConflict: 'keep' });
    // Someone who may only view the folder cannot upload into it; someone who cannot see it gets 404.
    await ok(alice, 'PUT', `/items/${box.id}/shares/${bob.id}`, { role: 'view' });
    await expect(target.check!(bob.id, metadata)).rejects.toMatchObject({ statusCode: 403 });
    await expect(target.check!(carol.id, metadata)).rejects.toMatchObject({ statusCode: 404 });

    const row = await stored(alice, 'taken.txt', 'resumed');
    await target.place!(alice.id, row, { ...metadata, onConflict: 'keep' });
    expect(names(await list(alice, `?parentId=${box.id}`))).toEqual(['taken (2).txt', 'taken.txt']);
  });
});
