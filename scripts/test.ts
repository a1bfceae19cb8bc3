/**
 * `npm test`: every test, in the order that fails fastest, with the time of each step (issue 25 E, ADR 039).
 *
 *   1. Vitest: client, tools and the server suite on PGlite — and on PostgreSQL too, in the same process,
 *      when TEST_DATABASE_URL names a server (the `server-pg` project);
 *   2. one production build and the first-load budgets;
 *   3. the browser suite once, on the embedded database;
 *   4. when TEST_DATABASE_URL is set, the browser specs whose behaviour depends on the database (sign-in and
 *      sessions, live updates fanned out by LISTEN/NOTIFY, stock taken by concurrent orders) once more on
 *      PostgreSQL, against the same build. Every other spec differs only in SQL, which the server suite
 *      already runs on both databases.
 *
 * With STEP_TIMES_FILE set (.ci/run sets it), each step appends "<seconds>\t<name>" to that file; the times
 * are printed at the end either way.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The browser specs run on PostgreSQL as well (see above); keep in step with what they cover. */
export const postgresSpecs = [
  'e2e/auth.spec.ts',
  'e2e/realtime.spec.ts',
  'e2e/shop.spec.ts',
  'e2e/files-instances.spec.ts',
];

type Step = { name: string; command: string[]; env?: Record<string, string> };

export function steps(pgUrl: string | undefined): Step[] {
  const list: Step[] = [
    {
      name: `vitest (client, tools, server on PGlite${pgUrl ? ' and PostgreSQL' : ''})`,
      command: ['vitest', 'run'],
    },
    { name: 'build', command: ['vite', 'build', '--logLevel', 'warn'] },
    { name: 'first-load budgets', command: ['node', 'scripts/check-budgets.ts'] },
    { name: 'browser suite (PGlite)', command: ['playwright', 'test'] },
  ];
  if (pgUrl) {
    list.push({
      name: 'browser specs on PostgreSQL',
      command: ['playwright', 'test', ...postgresSpecs],
      env: { E2E_DATABASE_URL: pgUrl },
    });
  }
  return list;
}

function run(): number {
  const times: [string, number][] = [];
  let status = 0;
  for (const step of steps(process.env.TEST_DATABASE_URL)) {
    const started = performance.now();
    console.log(`\n▶ ${step.name}`);
    const [bin, ...args] = step.command;
    const result = spawnSync(`node_modules/.bin/${bin}`, args, {
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    const seconds = Math.round((performance.now() - started) / 1000);
    const name = result.status === 0 ? step.name : `${step.name} (failed)`;
    times.push([name, seconds]);
    if (process.env.STEP_TIMES_FILE) fs.appendFileSync(process.env.STEP_TIMES_FILE, `${seconds}\t${name}\n`);
    if (result.status !== 0) {
      status = result.status ?? 1;
      console.error(`✖ ${step.name} failed`);
      break;
    }
  }
  console.log('\nTest steps:');
  for (const [name, seconds] of times) console.log(`  ${formatSeconds(seconds).padStart(7)}  ${name}`);
  return status;
}

export function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(run());
