import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';

import { startS3, type TestS3 } from '../src/server/testing/s3.ts';
import { PASSWORD } from './support/people.ts';

/**
 * Two instances, one PostgreSQL, one bucket (issue 27 C, ADR 047): the test starts a local S3-compatible
 * server (s3rver) and two app servers on a database of their own on E2E_DATABASE_URL's server, both with
 * STORAGE_DRIVER=s3 and one JWT secret, as a deployment behind a load balancer would run. A file uploaded
 * in the browser through instance 1 (a resumable upload) and shared there with a second person is listed
 * for them on instance 2 and downloads from it, byte for byte.
 */

// Only on PostgreSQL: playwright.config.ts leaves this file out of a run without E2E_DATABASE_URL.
const pgUrl = process.env.E2E_DATABASE_URL;
if (!pgUrl) throw new Error('files-instances.spec.ts needs PostgreSQL: set E2E_DATABASE_URL');

const DATABASE = 'atrium_e2e_instances';
let s3: TestS3 | undefined;
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
const bases: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One app server, as `npm start` runs it, on the shared database and bucket; resolves once it answers. */
async function startInstance(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-instance-'));
  dataDirs.push(dataDir);
  const inherited = { ...process.env };
  delete inherited.PUBLIC_URL;
  const child = spawn('node_modules/.bin/node', ['src/server/server.ts'], {
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`Instance on ${port} exited (${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Instance on ${port} did not answer within 30 s`);
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  s3 = await startS3('atrium-e2e');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(pgUrl!);
  url.pathname = `/${DATABASE}`;
  const { settings } = s3;
  const env = {
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: settings.endpoint!,
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId!,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
  };
  // One after the other: the first migrates the database.
  bases.push(await startInstance(env));
  bases.push(await startInstance(env));
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  await s3?.close();
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
});

type Account = { name: string; accessToken: string };

/** Registers through `base`'s API. */
async function register(request: APIRequestContext, base: string, firstName: string, lastName: string) {
  const email = `${firstName}.${lastName}@instances.e2e.test`.toLowerCase();
  const res = await request.post(`${base}/api/account/register`, {
    data: { email, password: PASSWORD, firstName, lastName },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { name: `${firstName} ${lastName}`, accessToken } satisfies Account;
}

/** Opens `pathname` on instance `base`, signed in with `token` (each instance is an origin of its own). */
async function openOn(page: Page, base: string, token: string, pathname: string): Promise<void> {
  await page.goto(`${base}/auth/login-unprotected`);
  await page.evaluate((value) => window.localStorage.setItem('accessToken', value), token);
  await page.goto(`${base}${pathname}`);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
}

test('a file uploaded and shared on instance 1 is listed and downloaded on instance 2', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const [one, two] = bases as [string, string];
  const ada = await register(page.request, one, 'Ada', 'Uploader');
  const ben = await register(page.request, two, 'Ben', 'Reader');
  const text = Array.from(
    { length: 4000 },
    (_, i) => `Line ${i}: kept in one bucket for every instance.\n`,
  ).join('');

  // Ada drops the file on instance 1's file manager: a resumable upload into the bucket.
  await openOn(page, one, ada.accessToken, '/dashboard/files-manager');
  const region = page.getByRole('region', { name: 'Files' });
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'harbour.txt', { type: 'text/plain' }));
    return transfer;
  }, text);
  await region.dispatchEvent('dragover', { dataTransfer });
  await region.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('button', { name: 'Open harbour.txt' })).toBeVisible({ timeout: 20_000 });

  // And shares it with Ben there, as "can view".
  await page.getByRole('button', { name: 'Actions for harbour.txt' }).first().click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share harbour.txt' });
  await dialog.getByRole('combobox', { name: 'Add people' }).fill(ben.name);
  await page.getByRole('option', { name: ben.name }).click();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'People with access' }).getByText(ben.name)).toBeVisible();

  // Ben, on instance 2, finds it shared with him and downloads it from there.
  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await openOn(benPage, two, ben.accessToken, '/dashboard/files-manager?view=shared');
  await benPage.getByRole('button', { name: 'Actions for harbour.txt' }).first().click();
  const [download] = await Promise.all([
    benPage.waitForEvent('download'),
    benPage.getByRole('menuitem', { name: 'Download' }).click(),
  ]);
  expect(new URL(download.url()).origin).toBe(two);
  const saved = await download.path();
  expect(fs.readFileSync(saved, 'utf8')).toBe(text);
  await benContext.close();
});
