import os from 'node:os';

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  plugins: [react()],
  test: {
    // One worker per core: Vitest's default leaves one core to its main process, which on the two-core CI
    // machine means one test file at a time while the main process mostly waits. Every server test file has
    // a database of its own (ADR 050), so files run side by side safely.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'],
          exclude: ['src/client/**/*.ssr.test.tsx'],
          setupFiles: ['src/client/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The server's render of the client's pages (entry-server.tsx): in Node, as the server runs it.
          name: 'ssr',
          environment: 'node',
          include: ['src/client/**/*.ssr.test.tsx'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Build tooling (scripts/, bench/): plain Node, no DOM.
          name: 'tools',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      // The same server suite against a real PostgreSQL server when TEST_DATABASE_URL is set.
      ...(pgUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                environment: 'node',
                include: ['src/server/**/*.test.ts'],
                globalSetup: ['src/server/testing/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { ATRIUM_TEST_PG: pgUrl },
              },
            },
          ]
        : []),
    ],
  },
});
