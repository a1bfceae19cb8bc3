import { expect, test, type BrowserContext, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { dashboardPages, pathOf, publicPages, type A11yPage } from './support/a11y-pages.ts';
import { DEMO } from './support/e2e-env.ts';

/**
 * axe-core finds no serious or critical violation on any page of the app (issues #3 and #24). The pages are
 * listed in support/a11y-pages.ts, which a client test holds to the route table. Every page is checked twice,
 * light left to right and dark right to left, which between them cover both modes and both directions:
 * contrast depends on the mode, the rest on neither (the direction only mirrors the layout). The other two
 * combinations took a third of the suite's time to repeat the same checks.
 */

const variants = [
  { mode: 'light', direction: 'ltr' },
  { mode: 'dark', direction: 'rtl' },
] as const;

async function useSettings(context: BrowserContext, baseURL: string, mode: string, direction: string) {
  await context.addCookies([
    { name: 'themeMode', value: mode, url: baseURL },
    { name: 'themeDirection', value: direction, url: baseURL },
  ]);
}

type Go = (page: Page, path: string) => Promise<void>;

const load: Go = async (page, path) => {
  await page.goto(path);
};

/**
 * Client-side navigation, as following a link does: the app and axe stay loaded, which saves a second or
 * more a page over `page.goto`. Returns once the network has been quiet for 500 ms (the route's code and
 * data have arrived; the same rule as Playwright's `networkidle`, which only applies to a document load) and
 * the navigation's progress bar has gone.
 */
const navigate: Go = async (page, path) => {
  let inFlight = 0;
  let changed = Date.now();
  const started = () => {
    inFlight++;
    changed = Date.now();
  };
  const ended = () => {
    inFlight--;
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    // Where a link click would leave the pointer is beside the point; a fresh load has no hover either.
    await page.mouse.move(0, 0);
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // Quiet network, and the router done: its progress bar (shell) is gone.
    await expect
      .poll(
        async () =>
          inFlight <= 0 && Date.now() - changed >= 500 && (await page.locator('#nprogress').count()) === 0,
        { message: `${path} loaded`, intervals: [100] },
      )
      .toBe(true);
    expect(new URL(page.url()).pathname, 'the page did not redirect').toBe(path);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
};

/** Opens the page; a path with a `:param` is the first link to such a page on its `from` page. */
async function open(page: Page, entry: A11yPage, go: Go): Promise<string> {
  if (typeof entry === 'string') {
    await go(page, entry);
    return entry;
  }
  await go(page, entry.from);
  const pattern = new RegExp(`^${entry.path.replace(/:[^/]+/g, '[0-9a-f-]{36}')}$`);
  let target: string | undefined;
  await expect
    .poll(async () => {
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      target = hrefs.find((href): href is string => href !== null && pattern.test(href));
      return target;
    }, `a link to ${entry.path} on ${entry.from}`)
    .toBeTruthy();
  await go(page, target!);
  return target!;
}

/** Opens the page and checks it; every page is checked, and the test lists all that fail. */
async function check(page: Page, entry: A11yPage, go: Go) {
  await open(page, entry, go);
  await expectNoSeriousViolations(page, pathOf(entry), { soft: true });
}

for (const { mode, direction } of variants) {
  test.describe(`${mode}, ${direction}`, () => {
    test('public and auth pages', async ({ page, context, baseURL }) => {
      test.setTimeout(30_000 + publicPages.length * 15_000);
      await useSettings(context, baseURL ?? '', mode, direction);
      for (const entry of publicPages) await check(page, entry, load);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
    });

    test('dashboard pages', async ({ page, context, baseURL }) => {
      test.setTimeout(30_000 + dashboardPages.length * 15_000);
      await useSettings(context, baseURL ?? '', mode, direction);
      await page.goto('/auth/login');
      await page.getByLabel('Email address').fill('demo@atrium.dev');
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/dashboard\/app$/);
      for (const entry of dashboardPages) await check(page, entry, navigate);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
    });
  });
}
