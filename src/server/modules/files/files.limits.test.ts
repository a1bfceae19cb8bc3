/**
 * Issue 24 C, files: the per-person storage quota, links that stop working soon after the permission behind
 * them ends, and attachments of deleted mail drafts swept like other unlinked uploads.
 */
import fs from 'node:fs';

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { StorageUsage, StoredFile } from '#shared/contract/files.ts';
import type { KanbanBoard, KanbanCard, KanbanCardDetail } from '#shared/contract/kanban.ts';
import type { Mail } from '#shared/contract/mail.ts';
import { GIB, STORAGE_QUOTA_MAX } from '#shared/contract/workspace.ts';

import { auditLog, files, users } from '../../db/schema/index.ts';
import { member, multipartBody, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readWorkspaceSettings, writeWorkspaceSettings } from '../workspace/workspace.repo.ts';
import { LINK_MAX_SECONDS } from './files.service.ts';
import { formatBytes } from './quota.ts';

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = await member(t.app, 'Grace', 'Hopper');
});
afterAll(async () => {
  await t?.close();
});

/** A small but real PDF; `pad` bytes of comment make it bigger. */
const pdf = (pad = 0) =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      `%${'x'.repeat(pad)}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
const PDF_SIZE = pdf().length;

function upload(who: Member, bytes: Buffer, name = 'file.pdf') {
  const body = multipartBody(bytes, name, 'application/pdf');
  return t.app.inject({
    method: 'POST',
    url: '/api/files?use=attachment',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

async function uploaded(who: Member, bytes = pdf()): Promise<StoredFile> {
  const res = await upload(who, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ file: StoredFile }>().file;
}

const setQuota = (who: Member, target: Member, storageQuotaBytes: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${target.id}`,
    headers: who.headers,
    payload: { storageQuotaBytes },
  });

async function setDefaultQuota(bytes: number): Promise<void> {
  const { version } = await readWorkspaceSettings(t.database.db, 'verify');
  expect(await writeWorkspaceSettings(t.database.db, { version, storageQuotaBytes: bytes }, admin.id)).toBe(
    true,
  );
}

async function usage(who: Member): Promise<StorageUsage> {
  const res = await t.app.inject({ method: 'GET', url: '/api/files/usage', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ usage: StorageUsage }>().usage;
}

const rowsOf = (who: Member) => t.database.db.select().from(files).where(eq(files.ownerId, who.id));
/** The stored files on disk (not those being received). */
const stored = () => fs.readdirSync(t.app.files.dir).filter((name) => !name.startsWith('.'));
const incoming = () => fs.readdirSync(`${t.app.files.dir}/.incoming`);

describe('storage quota', () => {
  afterEach(async () => {
    await setDefaultQuota(GIB);
  });

  it('shows a person what their files take against the default quota of 1 GiB; signed out is 401', async () => {
    const ann = await member(t.app, 'Ann', 'Usage');
    expect(await usage(ann)).toEqual({ usedBytes: 0, quotaBytes: GIB, isDefault: true });
    await uploaded(ann);
    await uploaded(ann, pdf(100));
    expect(await usage(ann)).toEqual({ usedBytes: 2 * PDF_SIZE + 100, quotaBytes: GIB, isDefault: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/files/usage' })).statusCode).toBe(401);
  });

  it('refuses an upload beyond the quota with 413 and a message naming it; nothing is stored', async () => {
    const ben = await member(t.app, 'Ben', 'Full');
    await setDefaultQuota(PDF_SIZE * 2 + 10);
    await uploaded(ben);
    await uploaded(ben);
    const before = { rows: await rowsOf(ben), stored: stored() };

    const res = await upload(ben, pdf());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: expect.stringContaining(`storage quota of ${formatBytes(PDF_SIZE * 2 + 10)}`),
    });
    // Larger than what is left (cut off while streaming) and far larger (refused by its declared size).
    expect((await upload(ben, pdf(20))).statusCode).toBe(413);
    expect((await upload(ben, pdf(200_000))).statusCode).toBe(413);
    expect(await rowsOf(ben)).toEqual(before.rows);
    expect(stored().sort()).toEqual(before.stored.sort());
    expect(incoming()).toEqual([]);

    // Every use counts: a profile picture too.
    const avatar = multipartBody(pdf(), 'me.png', 'image/png');
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      payload: avatar.payload,
      headers: { ...ben.headers, ...avatar.headers },
    });
    expect(res2.statusCode).toBe(413);
  });

  it('a quota an administrator set for one person wins over the default, both ways', async () => {
    const cleo = await member(t.app, 'Cleo', 'Custom');
    const dan = await member(t.app, 'Dan', 'Default');
    const res = await setQuota(admin, cleo, PDF_SIZE + 10);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user.storageQuotaBytes).toBe(PDF_SIZE + 10);
    expect(await usage(cleo)).toEqual({ usedBytes: 0, quotaBytes: PDF_SIZE + 10, isDefault: false });

    await uploaded(cleo);
    expect((await upload(cleo, pdf())).statusCode).toBe(413);
    await uploaded(dan); // the default (1 GiB) for everyone else
    await uploaded(dan);

    // A smaller default does not shrink Cleo's own, larger quota.
    await setDefaultQuota(10);
    expect((await upload(dan, pdf())).statusCode).toBe(413);
    expect((await setQuota(admin, cleo, 10 * PDF_SIZE)).statusCode).toBe(200);
    await uploaded(cleo);

    // null gives the person the default again.
    const reset = await setQuota(admin, cleo, null);
    expect(reset.json<{ user: User }>().user.storageQuotaBytes).toBeNull();
    expect(await usage(cleo)).toMatchObject({ quotaBytes: 10, isDefault: true });
  });

  it('concurrent uploads cannot together pass the quota', async () => {
    const eve = await member(t.app, 'Eve', 'Rush');
    await setQuota(admin, eve, Math.floor(PDF_SIZE * 2.5));
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(eve, pdf())));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 413, 413, 413, 413]);
    const rows = await rowsOf(eve);
    expect(rows).toHaveLength(2);
    const keys = new Set(stored());
    for (const refused of results.filter((r) => r.statusCode === 413)) {
      expect(refused.json<{ code: string }>().code).toBe('STORAGE_QUOTA_EXCEEDED');
    }
    for (const row of rows) expect(keys.has(row.storageKey)).toBe(true);
  });

  it('re-checks once stored: an upload overtaken by another one is deleted and answered 413', async () => {
    const fay = await member(t.app, 'Fay', 'Late');
    await setQuota(admin, fay, PDF_SIZE * 2);
    const before = stored();
    const storage = t.app.files.storage;
    const put = storage.put.bind(storage);
    // While Fay's upload is being stored, another of hers (say, from another tab) is stored first.
    const spy = vi.spyOn(storage, 'put').mockImplementationOnce(async (key, source) => {
      await put(key, source);
      await t.database.db.insert(files).values({
        ownerId: fay.id,
        use: 'attachment',
        storageKey: `${'f'.repeat(32)}.pdf`,
        name: 'other-tab.pdf',
        mimeType: 'application/pdf',
        size: PDF_SIZE + 1,
      });
    });
    try {
      const res = await upload(fay, pdf());
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json<{ code: string }>().code).toBe('STORAGE_QUOTA_EXCEEDED');
    } finally {
      spy.mockRestore();
    }
    expect((await rowsOf(fay)).map((r) => r.name)).toEqual(['other-tab.pdf']);
    expect(stored().sort()).toEqual(before.sort());
  });

  it('administrators set it; a member cannot, for anyone or for themself; bad values are 400', async () => {
    const gus = await member(t.app, 'Gus', 'Member');
    const hal = await member(t.app, 'Hal', 'Other');
    expect((await setQuota(gus, hal, 10 * GIB)).statusCode).toBe(403);
    expect((await setQuota(gus, gus, 10 * GIB)).statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account',
      headers: gus.headers,
      payload: { storageQuotaBytes: 10 * GIB },
    });
    expect(own.statusCode).toBe(400);
    for (const bad of [-1, 1.5, STORAGE_QUOTA_MAX + 1, '1000', true]) {
      const res = await setQuota(admin, hal, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const rows = await t.database.db
      .select({ quota: users.storageQuotaBytes })
      .from(users)
      .where(inArray(users.id, [gus.id, hal.id]));
    expect(rows).toEqual([{ quota: null }, { quota: null }]);

    // Over the 1 TiB maximum is refused; up to it is kept exactly (beyond int4) and audited.
    expect((await setQuota(admin, hal, 5 * 1024 ** 4 - 1)).statusCode).toBe(400);
    const big = 1024 ** 4 - 1;
    expect((await setQuota(admin, hal, big)).json<{ user: User }>().user.storageQuotaBytes).toBe(big);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, hal.id), eq(auditLog.action, 'user.update')));
    expect(entry?.changes).toEqual({ storageQuotaBytes: [null, big] });
  });
});

describe('signed content links', () => {
  it('a member removed from a board keeps a link to a card file at most 5 minutes', async () => {
    const owner = await member(t.app, 'Olive', 'Owner');
    const mia = await member(t.app, 'Mia', 'Member');
    const kanban = async <T>(
      who: Member,
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const res = await t.app.inject({
        method,
        url: `/api/kanban${url}`,
        headers: who.headers,
        ...(payload && { payload }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return (res.body ? res.json<T>() : undefined) as T;
    };
    const { board } = await kanban<{ board: KanbanBoard }>(owner, 'POST', '/boards', { name: 'Launch' });
    await kanban(owner, 'POST', `/boards/${board.id}/members`, { userId: mia.id });
    const { card } = await kanban<{ card: KanbanCard }>(owner, 'POST', '/cards/new', {
      columnId: board.columnOrder[0],
      name: 'Brief',
    });
    const body = multipartBody(pdf(), 'brief.pdf', 'application/pdf');
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/kanban/cards/${card.id}/attachments`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(attached.statusCode, attached.body).toBe(200);

    // Mia opens the card: the link she is given works, and is kept by her browser only as long as that.
    const issuedAt = Date.now();
    const detail = await kanban<{ card: KanbanCardDetail }>(mia, 'GET', `/cards/${card.id}`);
    const link = detail.card.attachments[0]!.url;
    const exp = Number(new URL(link, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - issuedAt).toBeLessThanOrEqual(LINK_MAX_SECONDS * 1000);
    const first = await t.app.inject({ method: 'GET', url: link });
    expect(first.statusCode).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(String(first.headers['cache-control']))?.[1]);
    expect(maxAge).toBeLessThanOrEqual(LINK_MAX_SECONDS);

    await kanban(owner, 'DELETE', `/boards/${board.id}/members/${mia.id}`);
    // With her token she is refused at once; the link she already holds works until it expires…
    const byToken = `/api/files/${detail.card.attachments[0]!.id}/content`;
    expect((await t.app.inject({ method: 'GET', url: byToken, headers: mia.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    // …which is within 5 minutes of her removal.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(issuedAt + 5 * 60_000 + 1_000);
      const late = await t.app.inject({ method: 'GET', url: link });
      expect(late.statusCode).toBe(401);
      expect(late.json<{ message: string }>().message).toMatch(/expired/i);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('attachments of deleted mail drafts', () => {
  it('are swept like other unlinked uploads; those of drafts kept (or in the trash) stay', async () => {
    const ida = await member(t.app, 'Ida', 'Drafts');
    const mail = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await t.app.inject({
        method,
        url: `/api/mail${url}`,
        headers: ida.headers,
        ...(payload && { payload }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const draft = async (subject: string, file: StoredFile) =>
      (await mail('POST', '/drafts', { subject, attachments: [file.id] })).json<{ mail: Mail }>().mail;
    const [discarded, deleted, kept, trashed] = [
      await uploaded(ida),
      await uploaded(ida),
      await uploaded(ida),
      await uploaded(ida),
    ];
    const drafts = {
      discarded: await draft('Discarded', discarded),
      deleted: await draft('Deleted forever', deleted),
      kept: await draft('Kept', kept),
      trashed: await draft('In the trash', trashed),
    };
    expect(drafts.kept.attachments.map((f) => f.id)).toEqual([kept.id]);
    await mail('DELETE', `/drafts/${drafts.discarded.id}`);
    await mail('POST', '/mails/update', { mailIds: [drafts.deleted.id, drafts.trashed.id], action: 'trash' });
    await mail('POST', '/mails/delete', { mailIds: [drafts.deleted.id] });

    const all = [discarded, deleted, kept, trashed].map((f) => f.id);
    await t.database.db
      .update(files)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(inArray(files.id, all));
    const keysBefore = await t.database.db
      .select({ id: files.id, key: files.storageKey })
      .from(files)
      .where(inArray(files.id, all));

    expect(await t.app.files.sweepUnlinked()).toBe(2);
    const left = await t.database.db.select({ id: files.id }).from(files).where(inArray(files.id, all));
    expect(left.map((r) => r.id).sort()).toEqual([kept.id, trashed.id].sort());
    const onDisk = new Set(stored());
    for (const { id, key } of keysBefore) {
      expect(onDisk.has(key), id).toBe(id === kept.id || id === trashed.id);
    }
    expect(await t.app.files.sweepUnlinked()).toBe(0);
  });
});
