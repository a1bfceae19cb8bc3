import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
// Another port (a second run beside the default one) gets its own data and output folders.
const dataDir = port === 4317 ? 'test-results/e2e-data' : `/tmp/atrium-e2e-${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: port === 4317 ? 'test-results' : `/tmp/atrium-e2e-results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
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
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The project's Node 24 (the node@24 devDependency), whichever node runs Playwright.
    command: 'node_modules/.bin/node e2e/support/start-server.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), E2E_DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  },
});
