import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const drizzleFolder = path.resolve(import.meta.dirname, '../../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

/** A migrations folder holding only the migrations before `tag`. */
function foldersUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-migrations-'));
  const index = journal.entries.findIndex((e) => e.tag === tag);
  const entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(drizzleFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe('migration 0008_files', () => {
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
  });

  it("keeps every gallery image (id, owner, stored name, size) as a file of the owner's", async () => {
    const before = foldersUpTo('0008_files');
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true, force: true });
    const {
      rows: [user],
    } = await client.query<{ id: string }>(
      `insert into users (email, first_name, last_name, password_hash)
       values ('ada@example.com', 'Ada', 'Lovelace', 'x') returning id`,
    );
    await client.query(
      `insert into user_images (id, user_id, kind, file_name, width, height, bytes)
       values ('11111111-1111-4111-8111-111111111111', $1, 'cover', '${'a'.repeat(32)}.webp', 1920, 480, 5120)`,
      [user!.id],
    );

    await migrate(db, { migrationsFolder: drizzleFolder });
    const { rows } = await client.query('select * from files');
    expect(rows).toEqual([
      expect.objectContaining({
        id: '11111111-1111-4111-8111-111111111111',
        owner_id: user!.id,
        use: 'cover',
        storage_key: `${'a'.repeat(32)}.webp`,
        name: 'cover.webp',
        mime_type: 'image/webp',
        size: 5120,
        width: 1920,
      }),
    ]);
    // The owner's account still takes their files with it.
    await client.query('delete from users where id = $1', [user!.id]);
    expect((await client.query('select * from files')).rows).toEqual([]);
  });
});
