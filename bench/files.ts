/**
 * The file manager at scale (issue 27 D, ADR 046): `npm run bench:files`. Two parts:
 *
 * 1. **Listing and search.** On an embedded database and on a PostgreSQL server, each filled once in SQL: one
 *    person's tree of FOLDERS (10,000: 100 at the top, 99 under each) holding FILES (100,000, ten per folder,
 *    each with its stored-file row), named from ten words and a number with ten extensions (so a word matches
 *    a tenth of everything); a colleague with ten of the top folders shared to them (view). Then, through the
 *    whole API (app.inject: auth, validation, SQL, serialisation), one request at a time, BENCH_RUNS (60)
 *    each after 5 to warm up: GET /api/files/items listing the top, a folder of 109 items and one of 10
 *    (sorted by name, by date), searching everything for a common word and for a rare number, searching
 *    within a folder, and the colleague's listing and search through their shares. Target: p95 ≤ 20 ms.
 * 2. **A 1 GiB file streamed through the server.** The app as `npm start` runs it, in its own process (an
 *    embedded database, disk storage): the file is generated as a stream (never held), uploaded with the
 *    resumable protocol in 64 MiB PATCHes, then downloaded; both sides' SHA-256 are compared, and the
 *    server process's resident memory (/proc/<pid>/status) is sampled every 25 ms. Target: the peak stays
 *    within 64 MiB of what it was before the upload.
 *
 * Exits 1 when a target is missed. The load average is printed with the table (the machine may be shared).
 *
 *   node_modules/.bin/node bench/files.ts                        everything
 *   FILES_DATABASES=pglite node_modules/.bin/node bench/files.ts  one database (pglite, postgres, or none)
 *   FILES_STREAM=0                                               skips the 1 GiB stream
 *   STREAM_BYTES=268435456                                       a smaller stream
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres      the server to create the bench database on
 *   BENCH_DATA_DIR=/tmp/atrium-bench-files                       keeps (and reuses) the embedded database
 *   FILES_KEEP_PG=1                                              keeps (and reuses) atrium_bench_files
 *   FILES=10000 FOLDERS=1000                                     smaller runs
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Database, Db } from '../src/server/db/client.ts';
import { startBenchServer } from './bench-server.ts';
import { latencyRow, loadAverage, ms, onBenchDatabases, timeRequests } from './lib.ts';

const FOLDERS = Number(process.env.FOLDERS ?? 10_000);
const FILES = Number(process.env.FILES ?? 100_000);
const TOPS = Math.max(1, Math.round(Math.sqrt(FOLDERS)));
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TARGET_MS = 20;
const STREAM = process.env.FILES_STREAM !== '0';
const STREAM_BYTES = Number(process.env.STREAM_BYTES ?? 1024 ** 3);
const STREAM_CHUNK = 64 * 1024 ** 2;
const MEMORY_TARGET = 64 * 1024 ** 2;
const OWNER_EMAIL = 'owner@files.bench';
const COLLEAGUE_EMAIL = 'colleague@files.bench';
const WORDS = [
  'budget',
  'invoice',
  'holiday',
  'report',
  'contract',
  'photo',
  'minutes',
  'draft',
  'plan',
  'notes',
];
const TYPES: Array<[ext: string, mime: string, kind: string]> = [
  ['pdf', 'application/pdf', 'pdf'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'spreadsheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'presentation'],
  ['png', 'image/png', 'image'],
  ['jpg', 'image/jpeg', 'image'],
  ['mp4', 'video/mp4', 'video'],
  ['mp3', 'audio/mpeg', 'audio'],
  ['zip', 'application/zip', 'archive'],
  ['txt', 'text/plain', 'document'],
];

const { sql } = await import('drizzle-orm');
const { buildApp } = await import('../src/server/app.ts');
const { UNUSABLE_PASSWORD_HASH } = await import('../src/server/lib/passwords.ts');
const { signAccessToken } = await import('../src/server/lib/tokens.ts');
const { createSession } = await import('../src/server/modules/account/account.repo.ts');

/** A stable pseudo-random number 0 … 2^31 − 1 per row `n` and field `k`. */
const h = (k: number, n = 'n') => sql.raw(`(hashint8((${n})::bigint * 7919 + ${k}) & 2147483647)`);
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const count = async (db: Db, table: string) =>
  Number(rowsOf<{ n: unknown }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

async function fill(db: Db): Promise<void> {
  let t0 = performance.now();
  const step = (label: string) => {
    console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
  };
  await db.execute(sql`insert into users (email, first_name, last_name, password_hash, status, role)
    values (${OWNER_EMAIL}, 'Olive', 'Owner', ${UNUSABLE_PASSWORD_HASH}, 'active', 'user'),
      (${COLLEAGUE_EMAIL}, 'Colin', 'Colleague', ${UNUSABLE_PASSWORD_HASH}, 'active', 'user')`);
  const [owner] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = ${OWNER_EMAIL}`),
  );
  const [colleague] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = ${COLLEAGUE_EMAIL}`),
  );
  const words = textArray(WORDS);
  // Folders 1 … TOPS at the top, the others under top 1 + (n − TOPS − 1) % TOPS.
  await db.execute(sql`create temporary table bench_folders as
    select n, gen_random_uuid() as id, case when n > ${TOPS}::int then 1 + (n - ${TOPS}::int - 1) % ${TOPS}::int end as top
    from generate_series(1, ${FOLDERS}::int) n`);
  await db.execute(sql`create temporary table bench_paths as
    select f.n, f.id, t.id as parent_id,
      case when t.id is null then '{}'::uuid[] else array[t.id] end as ancestors,
      case when t.id is null then array[f.id] else array[t.id, f.id] end as path
    from bench_folders f left join bench_folders t on t.n = f.top`);
  await db.execute(sql`create unique index on bench_paths (n)`);
  await db.execute(sql`insert into file_items (id, owner_id, parent_id, ancestors, type, kind, name, created_by,
      updated_by, created_at, updated_at)
    select id, ${owner!.id}::uuid, parent_id, ancestors, 'folder', 'folder',
      initcap((${words})[1 + ${h(1)} % 10]) || ' ' || n, ${owner!.id}::uuid, ${owner!.id}::uuid,
      now() - make_interval(secs => ${h(2)} % (365 * 86400)), now() - make_interval(secs => ${h(3)} % (365 * 86400))
    from bench_paths order by parent_id nulls first`);
  step(`${FOLDERS.toLocaleString('en')} folders`);
  await db.execute(sql`create temporary table bench_files as
    select n, gen_random_uuid() as id, 1 + ${h(4)} % 10 as word, 1 + ${h(5)} % ${TYPES.length}::int as type,
      1 + (n - 1) % ${FOLDERS}::int as folder,
      now() - make_interval(secs => ${h(6)} % (365 * 86400)) as at
    from generate_series(1, ${FILES}::int) n`);
  const exts = textArray(TYPES.map((t) => t[0]));
  const mimes = textArray(TYPES.map((t) => t[1]));
  const kinds = textArray(TYPES.map((t) => t[2]));
  await db.execute(sql`insert into files (id, owner_id, use, storage_key, name, mime_type, size, created_at)
    select id, ${owner!.id}::uuid, 'drive', md5('bench' || n) || '.' || (${exts})[type],
      (${words})[word] || ' ' || n || '.' || (${exts})[type], (${mimes})[type], 1000 + ${h(7)} % 5000000, at
    from bench_files`);
  step(`${FILES.toLocaleString('en')} stored files`);
  await db.execute(sql`insert into file_items (owner_id, parent_id, ancestors, type, kind, name, file_id, tags,
      created_by, updated_by, created_at, updated_at)
    select ${owner!.id}::uuid, p.id, p.path, 'file', (${kinds})[f.type],
      (${words})[f.word] || ' ' || f.n || '.' || (${exts})[f.type], f.id,
      case when f.n % 20 = 0 then array['q' || (f.n / 20 % 4 + 1)] else '{}'::text[] end,
      ${owner!.id}::uuid, ${owner!.id}::uuid, f.at, f.at
    from bench_files f join bench_paths p on p.n = f.folder`);
  step(`${FILES.toLocaleString('en')} files`);
  await db.execute(sql`insert into file_shares (item_id, user_id, role, created_by)
    select id, ${colleague!.id}::uuid, 'view', ${owner!.id}::uuid from bench_paths where n <= 10`);
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
}

async function tokenFor(app: Awaited<ReturnType<typeof buildApp>>, db: Db, email: string) {
  const [user] = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email = ${email}`));
  const session = await createSession(db, {
    userId: user!.id,
    refreshHash: 'bench',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return signAccessToken(app.secret, { userId: user!.id, sessionId: session.id }, 3_600);
}

async function measure(database: Database): Promise<Array<Record<string, string | number>>> {
  const db = database.db;
  if ((await count(db, 'file_items')) !== FOLDERS + FILES) {
    if (await count(db, 'users')) throw new Error(`The ${database.kind} bench database holds other data.`);
    console.log(`Filling ${database.kind}:`);
    const started = performance.now();
    await fill(db);
    console.log(`  in all: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else console.log(`Reusing the data in ${database.kind}.`);

  const app = await buildApp({ database, logger: false, config: { rateLimitMax: 1_000_000_000 } });
  await app.ready();
  const rows: Array<Record<string, string | number>> = [];
  try {
    const owner = { authorization: `Bearer ${await tokenFor(app, db, OWNER_EMAIL)}` };
    const colleague = { authorization: `Bearer ${await tokenFor(app, db, COLLEAGUE_EMAIL)}` };
    const folderId = async (name: string) =>
      rowsOf<{ id: string }>(
        await db.execute(sql`select id from file_items where type = 'folder' and name like ${`% ${name}`}`),
      )[0]!.id;
    const top = await folderId('1');
    const leaf = await folderId(String(FOLDERS));
    const shared = await folderId('3');
    const cases: Array<[name: string, url: string, who: Record<string, string>]> = [
      ['top of my files (folders by name)', '/api/files/items?view=mine', owner],
      ['a folder of 109 items, by name', `/api/files/items?parentId=${top}`, owner],
      [
        'a folder of 10 files, newest first',
        `/api/files/items?parentId=${leaf}&sort=updatedAt&order=desc`,
        owner,
      ],
      ['a folder, page 2 by size', `/api/files/items?parentId=${top}&sort=size&page=2&pageSize=50`, owner],
      ['search everything: a common word', '/api/files/items?view=mine&search=budget', owner],
      ['search everything: a rare number', '/api/files/items?view=mine&search=4711', owner],
      ['search everything: a tag', '/api/files/items?view=mine&search=q3', owner],
      ['search everything: images of a word', '/api/files/items?view=mine&search=holiday&type=image', owner],
      ['search within a folder', `/api/files/items?parentId=${top}&search=plan`, owner],
      ['colleague: shared with me', '/api/files/items?view=shared', colleague],
      ['colleague: a shared folder', `/api/files/items?parentId=${shared}`, colleague],
      ['colleague: search what is shared', '/api/files/items?view=shared&search=report', colleague],
    ];
    for (const [name, url, headers] of cases) {
      const { times, first } = await timeRequests(app, { method: 'GET', url, headers }, RUNS);
      const total = first.json<{ total: number }>().total;
      rows.push(latencyRow(`${database.kind}: ${name}`, times, TARGET_MS, { rows: total }));
    }
  } finally {
    await app.close();
  }
  return rows;
}

/**
 * Text generated as it is read (numbered lines, so no two chunks are alike), hashed on the way: `take(n)` is
 * a stream of the next `n` bytes, so consecutive PATCHes carry one file that is never held whole.
 */
function textSource(hash: ReturnType<typeof createHash>) {
  let line = 0;
  let rest = Buffer.alloc(0);
  const next = (max: number): Buffer => {
    if (!rest.length) {
      const parts: string[] = [];
      for (let size = 0; size < 64 * 1024;) {
        const text = `line ${line++} of the atrium files bench, streamed and never held whole\n`;
        parts.push(text);
        size += text.length;
      }
      rest = Buffer.from(parts.join(''));
    }
    const chunk = rest.subarray(0, max);
    rest = rest.subarray(chunk.length);
    hash.update(chunk);
    return chunk;
  };
  return {
    take: (bytes: number) =>
      Readable.from(
        (function* () {
          for (let left = bytes; left > 0;) {
            const chunk = next(Math.min(left, 64 * 1024));
            left -= chunk.length;
            yield chunk;
          }
        })(),
      ),
  };
}

/** The resident memory of process `pid`, in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** One HTTP request whose body streams from `body`; resolves with the answer's status, headers and text. */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Readable,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) pipeline(body, req).catch(reject);
    else req.end();
  });
}

/** Uploads STREAM_BYTES with the resumable protocol, downloads them, and watches the server's memory. */
async function streamThrough(): Promise<Array<Record<string, string | number>>> {
  const server = await startBenchServer();
  const rows: Array<Record<string, string | number>> = [];
  try {
    const token = await server.register('Stream', 'Bench');
    const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const pid = server.pid;
    // Room for the file and the warm-up (the first account is the administrator; the default quota is 1 GiB).
    const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
      .sub;
    const quota = await fetch(`${server.base}/api/users/${userId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storageQuotaBytes: 4 * STREAM_BYTES + 64 * 1024 ** 2 }),
    });
    if (!quota.ok) throw new Error(`quota: ${quota.status} ${await quota.text()}`);
    // Settled memory before: a small upload and download first, so the routes' code is loaded.
    const upload = async (bytes: number, hash: ReturnType<typeof createHash>) => {
      const metadata = [
        `filename ${Buffer.from(`stream-${bytes}.txt`).toString('base64')}`,
        `filetype ${Buffer.from('text/plain').toString('base64')}`,
      ].join(',');
      const created = await send(`${server.base}/api/files/uploads`, 'POST', {
        ...auth,
        'upload-length': String(bytes),
        'upload-metadata': metadata,
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
      const location = new URL(String(created.headers.location), server.base).toString();
      const source = textSource(hash);
      let fileId = '';
      for (let offset = 0; offset < bytes; offset += STREAM_CHUNK) {
        const length = Math.min(STREAM_CHUNK, bytes - offset);
        const patched = await send(
          location,
          'PATCH',
          {
            ...auth,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(length),
          },
          source.take(length),
        );
        if (patched.status !== 204) throw new Error(`patch at ${offset}: ${patched.status} ${patched.text}`);
        fileId = String(patched.headers['atrium-file-id'] ?? '');
      }
      return fileId;
    };
    const download = async (fileId: string, hash: ReturnType<typeof createHash>) => {
      let bytes = 0;
      await new Promise<void>((resolve, reject) => {
        http
          .get(`${server.base}/api/files/${fileId}/content`, { headers: auth }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`download: ${res.statusCode}`));
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              hash.update(chunk);
            });
            res.on('end', resolve);
            res.on('error', reject);
          })
          .on('error', reject);
      });
      return bytes;
    };
    const warm = await upload(1024 * 1024, createHash('sha256'));
    await download(warm, createHash('sha256'));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 25);
    try {
      const sent = createHash('sha256');
      let t0 = performance.now();
      const fileId = await upload(STREAM_BYTES, sent);
      const uploadSeconds = (performance.now() - t0) / 1000;
      const uploadPeak = peak;
      const received = createHash('sha256');
      t0 = performance.now();
      const bytes = await download(fileId, received);
      const downloadSeconds = (performance.now() - t0) / 1000;
      const same = bytes === STREAM_BYTES && sent.digest('hex') === received.digest('hex');
      const mib = (n: number) => `${(n / 1024 ** 2).toFixed(1)} MiB`;
      for (const [name, seconds, top] of [
        ['upload (resumable, 64 MiB PATCHes)', uploadSeconds, uploadPeak],
        ['download', downloadSeconds, peak],
      ] as const) {
        const growth = top - before;
        const row = {
          case: `${mib(STREAM_BYTES)} ${name}`,
          rows: `${(STREAM_BYTES / 1024 ** 2 / seconds).toFixed(0)} MiB/s`,
          'p50 ms': ms(seconds * 1000),
          'p95 ms': '',
          'p99 ms': '',
          target: `server memory +${mib(growth)} (≤ 64 MiB), bytes ${same ? 'identical' : 'DIFFER'}`,
          '': growth <= MEMORY_TARGET && same ? 'met' : 'NOT met',
        };
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const { rows: results, failed } = await onBenchDatabases({ name: 'files', env: 'FILES' }, measure);
if (STREAM) results.push(...(await streamThrough()));

console.log(
  `\nFile manager: ${FILES.toLocaleString('en')} files in ${FOLDERS.toLocaleString('en')} folders, ${RUNS} runs ` +
    `each (ms); load average ${loadAverage()} (1, 5, 15 min) on ${os.cpus().length} cores:`,
);
console.table(results);
const missed = results.filter((row) => row.target && row[''] !== 'met');
if (missed.length) console.log(`${missed.length} case(s) missed their target.`);
if (missed.length || failed) process.exit(1);
