import fs from 'node:fs';
import path from 'node:path';

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
