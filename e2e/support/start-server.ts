/**
 * The server the browser tests drive: a fresh embedded database with demo data in test-results/, and the
 * log in a file the tests read mailed codes from (no SMTP_URL: mail goes to the outbox and the log).
 */
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_FILE = path.join(dataDir, 'server.log');
process.env.SEED_DEMO = 'true';
delete process.env.DATABASE_URL;

await import('../../src/server/server.ts');
