/**
 * Vitest global setup of the server suites: the migrations run once per database kind and change of the
 * `drizzle/` folder, not once per test file (ADR 050). Each test file then starts from a copy:
 *
 * - PGlite: a dump of a migrated data directory, cached under `node_modules/.cache/atrium-test-db/`, which
 *   `createTestDb` loads (a load skips initdb and the migrations: about 0.3 s instead of 2–3 s);
 * - PostgreSQL: a template database `atrium_template_<hash>`, which each file clones with
 *   `CREATE DATABASE … TEMPLATE` (a file copy instead of 31 migrations).
 *
 * The hash covers every file of `drizzle/` and the PGlite version, so a new migration makes a new copy.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { migrationsFolder, openPostgres } from '../db/client.ts';
import './provided-context.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A hash of the migrations and of what reads them. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  hash.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 12);
}

async function pgliteTemplate(hash: string): Promise<string> {
  const dir = path.join(root, 'node_modules/.cache/atrium-test-db');
  const file = path.join(dir, `pglite-${hash}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  for (const old of fs.readdirSync(dir)) fs.rmSync(path.join(dir, old), { force: true });
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed, so a second run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

async function pgTemplate(url: string, hash: string): Promise<string> {
  const name = `atrium_template_${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two suites started together (or two people on one server) build it once.
    await admin.query('select pg_advisory_lock(727275)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const target = new URL(url);
      target.pathname = `/${building}`;
      const database = await openPostgres(target.toString());
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      // Renamed only once complete: a crash half-way leaves `_building`, never a half-migrated template.
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'atrium\\_template\\_%' and datname <> $1`,
      [name],
    );
    for (const { datname } of stale.rows) {
      await admin.query(`drop database if exists ${datname}`).catch(() => {});
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727275)').catch(() => {});
    await admin.end();
  }
  return name;
}

export default async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash();
  const url = project.config.env?.ATRIUM_TEST_PG;
  if (url) project.provide('pgTemplate', await pgTemplate(url, hash));
  else project.provide('pgliteTemplate', await pgliteTemplate(hash));
}
