import { defineConfig, devices } from '@playwright/test';

import { chromiumLaunchOptions, e2eDataDir, e2eOutputDir, e2ePort as port } from './e2e/support/e2e-env.ts';

export default defineConfig({
  testDir: 'e2e',
  // Two instances on one PostgreSQL server: run by the PostgreSQL pass only (scripts/test.ts), never skipped.
  testIgnore: process.env.E2E_DATABASE_URL ? [] : ['**/files-instances.spec.ts'],
  outputDir: e2eOutputDir,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The project's Node 24 (the node@24 devDependency), whichever node runs Playwright.
    command: 'node_modules/.bin/node e2e/support/start-server.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Debug: mailed codes are logged at debug level only (the tests read them from the log).
    env: { PORT: String(port), E2E_DATA_DIR: e2eDataDir, LOG_LEVEL: 'debug' },
  },
});
