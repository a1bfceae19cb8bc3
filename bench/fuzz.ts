/**
 * The fuzz suite (issue 32 A), `npm run bench:fuzz`: FUZZ_RUNS (10,000) requests drawn with fast-check from
 * the zod schemas of every route the app registers (hidden ones, the uploads and the resumable uploads
 * included), signed out, as a member and as an administrator, over the demo data; then FUZZ_SOCKET_RUNS (100)
 * malformed frames to the real-time socket, each followed by a health check. Goal: no 5xx, a JSON `message`
 * on every 4xx, the server up after every frame. Prints requests per status class and route family, the
 * seed, and the exact request of every failure; exits 1 on any. The generator is src/server/testing/fuzz.ts,
 * whose 500-request slice runs in `npm test` (src/server/fuzz.test.ts).
 *
 *   node_modules/.bin/node bench/fuzz.ts
 *   FUZZ_SEED=42 FUZZ_RUNS=2000 node_modules/.bin/node bench/fuzz.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atrium_bench_fuzz node_modules/.bin/node bench/fuzz.ts
 */
import { loadAverage, openBenchDatabase } from './lib.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 0) || undefined;
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SOCKET_RUNS = Number(process.env.FUZZ_SOCKET_RUNS ?? 100);

const { isEmpty, seedDemo } = await import('../src/server/db/seed/seed.ts');
const { DEFAULT_FUZZ_SEED, fuzzTarget, runFuzz, statusTable } = await import('../src/server/testing/fuzz.ts');
const seed = SEED ?? DEFAULT_FUZZ_SEED;

const { database, dispose } = await openBenchDatabase('fuzz');
let failed = false;
try {
  const started = performance.now();
  // The demo data, so that valid requests meet real rows (a kept database is fuzzed as it is).
  if (await isEmpty(database.db)) await seedDemo(database.db);
  const seeded = performance.now();
  const target = await fuzzTarget(database);
  try {
    const result = await runFuzz(target, { seed, runs: RUNS, socketRuns: SOCKET_RUNS });
    const took = (performance.now() - seeded) / 1000;
    console.log(
      `\nFuzz: ${result.sent} requests over ${result.operations} operations on ${database.kind}, seed ${seed}, ` +
        `${result.ids} real ids; demo data ${((seeded - started) / 1000).toFixed(1)} s, fuzz ${took.toFixed(1)} s ` +
        `(load average ${loadAverage()})`,
    );
    console.table(statusTable(result));
    if (result.failures.length) {
      failed = true;
      console.log(
        `\n${result.failures.length} failure(s), seed ${seed} (FUZZ_SEED=${seed} FUZZ_RUNS=${RUNS}):`,
      );
      console.table(
        result.failures.map(({ index, route, who, status, why }) => ({ index, route, who, status, why })),
      );
      for (const failure of result.failures) {
        console.log(`\n#${failure.index} ${failure.why} (${failure.status}), ${failure.who}`);
        console.log(`  request:  ${failure.request}`);
        console.log(`  response: ${failure.response}`);
      }
    } else console.log(`No failures: no 5xx, a message on every 4xx, the server up after every frame.`);
  } finally {
    await target.app.close();
  }
} finally {
  await dispose();
}
if (failed) process.exit(1);
