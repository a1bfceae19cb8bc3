/**
 * The server the browser tests drive: a fresh database with demo data — embedded in test-results/, or a
 * throw-away database on the PostgreSQL server named by E2E_DATABASE_URL — and the log in a file the tests
 * read mailed codes from (no SMTP_URL: mail goes to the outbox and the log).
 */
import fs from 'node:fs';
import path from 'node:path';

import pg from 'pg';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_FILE = path.join(dataDir, 'server.log');
process.env.SEED_DEMO = 'true';
delete process.env.DATABASE_URL;

const pgUrl = process.env.E2E_DATABASE_URL;
if (pgUrl) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query('drop database if exists atrium_e2e with (force)');
  await admin.query('create database atrium_e2e');
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = '/atrium_e2e';
  process.env.DATABASE_URL = url.toString();
}

await import('../../src/server/server.ts');
