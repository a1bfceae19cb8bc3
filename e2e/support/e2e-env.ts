import fs from 'node:fs';
import path from 'node:path';

/**
 * Debian's Chromium as the browser tests and benchmarks launch it: no browser is ever downloaded, and the
 * background-networking flags keep it from calling out of this closed network.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The port of the server the browser tests drive; another port (a second run) gets its own folders. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4317);
export const e2eDataDir = path.resolve(
  e2ePort === 4317 ? 'test-results/e2e-data' : `/tmp/atrium-e2e-${e2ePort}`,
);
export const e2eOutputDir = e2ePort === 4317 ? 'test-results' : `/tmp/atrium-e2e-results-${e2ePort}`;

/**
 * The seeded demo admin. Its password is random per install (ADR 012): the server wrote it to
 * DATA_DIR/demo-password when it seeded, and the tests read it from there.
 */
export const DEMO = {
  email: 'demo@atrium.dev',
  get password(): string {
    return fs.readFileSync(path.join(e2eDataDir, 'demo-password'), 'utf8').trim();
  },
};
