/**
 * My data, portable (issue 32 C, ADR 058): a member active in every area (testing/footprint.ts) asks for
 * their data; the zip is built in the background, they are notified, and it holds their records of every
 * area as JSON and their stored files as uploaded, without secrets and without others' private data. Only
 * they can download it, it expires, and it goes with the account.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AccountExport } from '#shared/contract/users.ts';

import { accountExports } from '../../db/schema/index.ts';
import { appWithFootprint } from '../../testing/footprint.ts';
import { apiCalls } from '../../testing/http.ts';
import type { Member } from '../../testing/members.ts';
import { GOOD_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { readZip } from '../../testing/zip.ts';
import { sweepExpiredExports } from './export.ts';

let t: TestApp;
let admin: Member;
let person: Member;
let other: Member;

const { call, ok } = apiCalls(() => t.app, '/api');

beforeAll(async () => {
  ({ t, admin, person, other } = await appWithFootprint());
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** Asks for an export and waits until it is no longer preparing. */
async function exportOf(who: Member): Promise<AccountExport> {
  const started = await call(who, 'POST', '/account/exports');
  expect(started.statusCode, started.body).toBe(202);
  const { export: first } = started.json() as { export: AccountExport };
  expect(first.status).toBe('preparing');
  for (let i = 0; i < 200; i++) {
    const { exports } = await ok<{ exports: AccountExport[] }>(who, 'GET', '/account/exports');
    const now = exports.find((e) => e.id === first.id);
    if (now && now.status !== 'preparing') return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export never finished');
}

const json = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse(entries.get(name)?.toString('utf8') ?? '[]') as Record<string, unknown>[];

describe('my data export', () => {
  let ready: AccountExport;
  let entries: Map<string, Buffer>;

  it('is built in the background, then I am notified and can download it for a week', async () => {
    ready = await exportOf(person);
    expect(ready.status).toBe('ready');
    expect(ready.size).toBeGreaterThan(0);
    const week = Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!);
    expect(week).toBe(7 * 24 * 3600 * 1000);
    const { notifications } = await ok<{ notifications: { title: string; link: string | null }[] }>(
      person,
      'GET',
      '/notifications',
    );
    expect(notifications[0]).toMatchObject({
      title: 'Your data is ready to download',
      link: '/dashboard/user/account?tab=privacy',
    });

    const res = await call(person, 'GET', `/account/exports/${ready.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="atrium-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    entries = readZip(res.rawPayload);
    expect(entries.size).toBeGreaterThan(10);
  });

  it('holds every area of mine as JSON, and my files as uploaded', async () => {
    expect(entries.has('README.txt')).toBe(true);
    const [profile] = json(entries, 'data/users.json');
    expect(profile).toMatchObject({
      id: person.id,
      email: person.email,
      first_name: 'Ida',
      last_name: 'Erasmus',
    });
    // A record in each area the footprint touched.
    for (const table of [
      'orders',
      'addresses',
      'invoices',
      'mail_messages',
      'mail_entries',
      'chat_conversation_messages',
      'calendar_events',
      'kanban_cards',
      'posts',
      'post_comments',
      'product_reviews',
      'files',
      'file_items',
      'banking_accounts',
      'banking_transactions',
      'booking_bookings',
      'notifications',
    ]) {
      expect(json(entries, `data/${table}.json`).length, table).toBeGreaterThan(0);
    }
    // Ordinary fields whose names only look like secrets stay (an address's zip code).
    expect(json(entries, 'data/addresses.json')[0]).toHaveProperty('zip_code');
    // The other person's reply in our conversation is there: the conversation is mine too.
    const messages = json(entries, 'data/chat_conversation_messages.json');
    expect(messages.some((m) => m.sender_id === other.id)).toBe(true);
    // My stored files, as uploaded.
    const cv = [...entries].find(([name]) => name.startsWith('files/') && name.endsWith('CV.txt'));
    expect(cv?.[1].toString('utf8')).toMatch(/^CV of /);
  });

  it('leaves out secrets: password and token hashes, codes, keys', async () => {
    const text = [...entries]
      .filter(([name]) => name.startsWith('data/'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    // My sessions are listed (devices and addresses), never their token.
    expect(json(entries, 'data/sessions.json').length).toBeGreaterThan(0);
    for (const secret of [
      'password_hash',
      'token_hash',
      'code_hash',
      'idempotency_key',
      'storage_key',
      'secret',
    ]) {
      expect(text, secret).not.toContain(`"${secret}"`);
    }
  });

  it('is mine alone, answers the one in progress, and expires', async () => {
    expect((await call(other, 'GET', `/account/exports/${ready.id}/download`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/account/exports/${ready.id}/download`)).statusCode).toBe(401);
    expect((await call(person, 'GET', '/account/exports/not-an-id/download')).statusCode).toBe(400);

    // Asked twice at once: the second answer is the export already being prepared.
    const [a, b] = await Promise.all([
      call(other, 'POST', '/account/exports'),
      call(other, 'POST', '/account/exports'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
    expect((a.json() as { export: AccountExport }).export.id).toBe(
      (b.json() as { export: AccountExport }).export.id,
    );

    await t.database.db
      .update(accountExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountExports.id, ready.id));
    const gone = await call(person, 'GET', `/account/exports/${ready.id}/download`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'EXPORT_EXPIRED' });
    const { exports } = await ok<{ exports: AccountExport[] }>(person, 'GET', '/account/exports');
    expect(exports.find((e) => e.id === ready.id)).toMatchObject({ status: 'expired', size: null });
    const [row] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, ready.id));
    expect(row?.storageKey).toBeNull();
  });

  it('an hourly sweep removes the zips whose link lapsed, whoever they are', async () => {
    const theirs = await exportOf(admin);
    const [before] = await t.database.db
      .select()
      .from(accountExports)
      .where(eq(accountExports.id, theirs.id));
    expect(await t.app.files.storage.size(before!.storageKey!)).toBeGreaterThan(0);
    await t.database.db
      .update(accountExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountExports.id, theirs.id));
    expect(await sweepExpiredExports(t.app)).toBe(1);
    expect(await t.app.files.storage.size(before!.storageKey!)).toBeNull();
    expect(await sweepExpiredExports(t.app)).toBe(0);
  });

  it('goes with the account: the zip is removed from the store', async () => {
    const fresh = await exportOf(person);
    const [row] = await t.database.db.select().from(accountExports).where(eq(accountExports.id, fresh.id));
    const key = row!.storageKey!;
    expect(await t.app.files.storage.size(key)).toBeGreaterThan(0);
    const res = await call(person, 'POST', '/account/my-account/delete', { currentPassword: GOOD_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.files.storage.size(key)).toBeNull();
    expect(
      await t.database.db.select().from(accountExports).where(eq(accountExports.userId, person.id)),
    ).toEqual([]);
  });
});
