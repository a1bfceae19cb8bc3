import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FileList, FileVersion, UsageByType } from '#shared/contract/files.ts';

import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedFiles } from './files.seed.ts';

/** The demo drive (issue 27): seeded rows the file manager's own routes read as a person would see them. */

let t: TestApp;
let uploadsDir: string;
let admin: Member;
let team: Member[];

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-files-seed-'));
  t = await createTestApp({ rateLimitMax: 1_000_000, uploadsDir });
  admin = await member(t.app, 'Jaydon', 'Frankie');
  team = [];
  for (const name of ['Ann', 'Ben', 'Cleo', 'Dina']) team.push(await member(t.app, name, 'Demo'));
  await seedFiles(t.database.db, {
    adminId: admin.id,
    peopleIds: team.map((m) => m.id),
    uploadsDir,
    now: new Date('2026-11-20T12:00:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const { ok, call } = apiCalls(() => t.app, '/api/files');
const names = (list: FileList) => list.items.map((item) => item.name);
const list = (who: Member, query: string) => ok<FileList>(who, 'GET', `/items?${query}`);

describe('seedFiles', () => {
  it("fills the admin's root with folders and a welcome note, and keeps the trashed draft in the trash", async () => {
    const root = await list(admin, 'view=mine');
    expect(names(root)).toEqual(
      expect.arrayContaining([
        'Documents',
        'Photos',
        'Projects',
        'Finance',
        'Shared with the team',
        'Welcome.txt',
      ]),
    );
    expect(names(root)).not.toContain('Old draft.txt');
    expect(names(await list(admin, 'view=trash'))).toEqual(['Old draft.txt']);
  });

  it('nests folders, and every file downloads with the bytes it was seeded with', async () => {
    const root = await list(admin, 'view=mine');
    const projects = root.items.find((item) => item.name === 'Projects')!;
    const inside = await list(admin, `parentId=${projects.id}`);
    expect(names(inside).sort()).toEqual(['Launch', 'Website redesign']);
    const launch = inside.items.find((item) => item.name === 'Launch')!;
    const plan = (await list(admin, `parentId=${launch.id}`)).items.find(
      (i) => i.name === 'Launch plan.txt',
    )!;
    expect(plan.kind).toBe('document');
    const content = await t.app.inject({ method: 'GET', url: plan.url! });
    expect(content.statusCode).toBe(200);
    expect(content.body).toContain('Week 1: private beta');
  });

  it('keeps two versions of the handbook, the older one downloadable too', async () => {
    const documents = (await list(admin, 'view=mine')).items.find((item) => item.name === 'Documents')!;
    const handbook = (await list(admin, `parentId=${documents.id}`)).items.find(
      (item) => item.name === 'Team handbook.md',
    )!;
    expect(handbook.versionCount).toBe(2);
    const { versions } = await ok<{ versions: FileVersion[] }>(
      admin,
      'GET',
      `/items/${handbook.id}/versions`,
    );
    expect(versions).toHaveLength(2);
    const older = versions.find((version) => version.number === 1)!;
    const content = await t.app.inject({ method: 'GET', url: older.downloadUrl });
    expect(content.body).toContain('First draft');
  });

  it('shares a folder with three teammates as editors, and a teammate shares one back', async () => {
    for (const mate of team.slice(0, 3))
      expect(names(await list(mate, 'view=shared'))).toContain('Shared with the team');
    expect(names(await list(team[3]!, 'view=shared'))).not.toContain('Shared with the team');
    expect(names(await list(admin, 'view=shared'))).toEqual(['Design assets']);
    const designAssets = (await list(admin, 'view=shared')).items[0]!;
    // Shared as view: the admin may look but not delete.
    expect((await call(admin, 'DELETE', `/items/${designAssets.id}`)).statusCode).toBe(403);
  });

  it('marks favourites, and the usage by type counts the seeded documents, sheets and pictures', async () => {
    expect(names(await list(admin, 'view=favourites'))).toEqual(
      expect.arrayContaining(['Documents', 'Roadmap.txt', 'Offsite — lake.webp']),
    );
    const usage = await ok<UsageByType>(admin, 'GET', '/usage/by-type');
    const kinds = JSON.stringify(usage);
    for (const kind of ['document', 'spreadsheet', 'image']) expect(kinds).toContain(kind);
  });
});
