/**
 * First load in Chromium (issue #8 §2), part of `npm run bench`: opens each key page cold (a fresh browser
 * context: empty cache) against a server it starts on an empty database, and prints per page the JS files
 * and their gzip / raw KiB, the CSS, the request count and the layout shift (CLS); then the route change
 * overview → users list: click to the first data row, and when `/api/users` started after the click.
 *
 *   npm run build && node bench/first-load.ts       (FIRST_LOAD_RUNS=5 for more route-change samples)
 *
 * Gzip sizes are computed here from the bytes received (level 9, like scripts/check-budgets.ts), so the
 * figure does not depend on how the server compresses.
 */
import path from 'node:path';

import { chromium, type Browser, type Page } from '@playwright/test';

import { gzipSize, kib, readBuild } from '../scripts/check-budgets.ts';
import { chromiumLaunchOptions } from '../e2e/support/e2e-env.ts';
import { root, startBenchServer } from './bench-server.ts';

const runs = Number(process.env.FIRST_LOAD_RUNS ?? 3);

// The server, as `npm start` runs it, on an empty embedded database (no demo data: the first account
// registered below becomes the admin).
const { base, register, stop } = await startBenchServer();

let browser: Browser | undefined;
try {
  const adminToken = await register('Bench', 'Admin');
  for (const [first, last] of [
    ['Ada', 'Lovelace'],
    ['Grace', 'Hopper'],
    ['Alan', 'Turing'],
  ] as const) {
    await register(first, last);
  }

  browser = await chromium.launch(chromiumLaunchOptions);

  /** A cold page: new context (empty cache), the admin's token in local storage when signed in. */
  async function coldPage(signedIn: boolean): Promise<Page> {
    const context = await browser!.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ({ token }) => {
        if (token && !sessionStorage.getItem('bench-signed-in')) {
          localStorage.setItem('accessToken', token);
          sessionStorage.setItem('bench-signed-in', '1');
        }
        performance.setResourceTimingBufferSize(2000);
        // Layout shifts not caused by input (the CLS sum; one session window is enough for a page load).
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        const l = window as unknown as { __lcp: number };
        l.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) l.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      },
      { token: signedIn ? adminToken : '' },
    );
    return context.newPage();
  }

  type Fetched = { url: string; type: string; raw: number; gzip: number };
  function recordResponses(page: Page): { fetched: Fetched[]; done: () => Promise<void> } {
    const fetched: Fetched[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          fetched.push({
            url: request.url(),
            type: request.resourceType(),
            raw: body.length,
            gzip: gzipSize(body),
          });
        })(),
      );
    });
    return { fetched, done: () => Promise.all(pending).then(() => undefined) };
  }

  const pages: {
    name: string;
    path: string;
    signedIn: boolean;
    ready: (page: Page, timeout?: number) => Promise<unknown>;
  }[] = [
    {
      name: 'sign-in',
      path: '/auth/login',
      signedIn: false,
      ready: (page, timeout) =>
        page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout }),
    },
    {
      name: 'overview',
      path: '/dashboard/app',
      signedIn: true,
      ready: (page, timeout) => page.getByRole('button', { name: 'Account' }).waitFor({ timeout }),
    },
    {
      name: 'users list',
      path: '/dashboard/user/list',
      signedIn: true,
      ready: (page, timeout) =>
        page.getByRole('grid', { name: 'Users' }).locator('tbody tr').first().waitFor({ timeout }),
    },
  ];

  const manifestSizes = new Map(
    readBuild(path.join(root, 'dist'), path.join(root, 'bench', 'budgets.json')).map((size) => [
      size.page,
      size,
    ]),
  );
  const rows = [];
  for (const spec of pages) {
    const page = await coldPage(spec.signedIn);
    const { fetched, done } = recordResponses(page);
    const started = Date.now();
    await page.goto(spec.path);
    await spec.ready(page);
    const readyMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(300);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    await done();
    const js = fetched.filter((f) => f.type === 'script');
    const css = fetched.filter((f) => f.type === 'stylesheet');
    const fonts = fetched.filter((f) => f.type === 'font');
    const sum = (list: Fetched[], key: 'raw' | 'gzip') => list.reduce((total, f) => total + f[key], 0);
    const manifest = manifestSizes.get(spec.name);
    rows.push({
      page: spec.name,
      'JS files': js.length,
      'JS gzip KiB': kib(sum(js, 'gzip')),
      'JS raw KiB': kib(sum(js, 'raw')),
      'manifest gzip KiB': manifest ? kib(manifest.jsGzipBytes) : '',
      budget: manifest?.maxGzipKiB ?? '',
      CSS: `${css.length} / ${kib(sum(css, 'gzip'))} KiB gz`,
      fonts: fonts.length,
      requests: fetched.length,
      'ready ms': readyMs,
      CLS: Math.round(cls * 1000) / 1000,
    });
    await page.context().close();
  }
  console.log('\nFirst load, cold, in Chromium (JS counted as gzip level 9 of the bytes received):');
  console.table(rows);

  // The same pages under Lighthouse's mobile conditions, applied (not simulated): 150 ms round trip,
  // 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower (bench/lighthouse.ts runs Lighthouse itself).
  const throttled = [];
  for (const spec of pages) {
    const page = await coldPage(spec.signedIn);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setViewportSize({ width: 412, height: 823 });
    const started = Date.now();
    await page.goto(spec.path, { timeout: 120_000 });
    await spec.ready(page, 120_000);
    const readyMs = Date.now() - started;
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(500);
    const metrics = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __lcp: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { cls: w.__cls, lcp: w.__lcp, fcp };
    });
    throttled.push({
      page: spec.name,
      'FCP ms': Math.round(metrics.fcp),
      'LCP ms': Math.round(metrics.lcp),
      'ready ms': readyMs,
      CLS: Math.round(metrics.cls * 1000) / 1000,
    });
    await page.context().close();
  }
  console.log('\nThe same, throttled like Lighthouse mobile (150 ms RTT, 1.6 Mbit/s, 4× CPU, 412 px wide):');
  console.table(throttled);

  // Route change overview → users list through the navigation, from the click to the first data row.
  const changes = [];
  for (let run = 0; run < runs; run++) {
    const page = await coldPage(true);
    await page.goto('/dashboard/app');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'User', exact: true }).click();
    const link = nav.getByRole('link', { name: 'List', exact: true });
    await link.waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const w = window as unknown as { __click?: number; __row?: number };
      document.addEventListener('click', () => (w.__click = performance.now()), {
        capture: true,
        once: true,
      });
      const observer = new MutationObserver(() => {
        if (w.__click !== undefined && document.querySelector('[role="grid"] tbody tr [data-field="name"]')) {
          w.__row = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await link.click();
    await page.waitForFunction(() => (window as unknown as { __row?: number }).__row !== undefined);
    const { click, row, usersRequest, scripts } = await page.evaluate(() => {
      const w = window as unknown as { __click: number; __row: number };
      const after = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= w.__click) as PerformanceResourceTiming[];
      return {
        click: w.__click,
        row: w.__row,
        usersRequest: after.find((entry) => new URL(entry.name).pathname === '/api/users')?.startTime,
        scripts: after.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
          .length,
      };
    });
    changes.push({
      run: run + 1,
      'click → first row ms': Math.round(row - click),
      'click → /api/users ms': usersRequest === undefined ? 'not seen' : Math.round(usersRequest - click),
      'JS requests after click': scripts,
    });
    await page.context().close();
  }
  console.log('\nRoute change overview → users list (hover + click on the nav link, warm shell):');
  console.table(changes);
  const times = changes.map((c) => c['click → first row ms']).sort((a, b) => a - b);
  console.log(`Median click → first data row: ${times[Math.floor(times.length / 2)]} ms`);
} finally {
  await browser?.close();
  await stop();
}
