import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from './support/e2e-env.ts';

/**
 * axe-core finds no serious or critical violation on the sign-in page, the overview page and the shell's
 * own pages, in light and dark, ltr and rtl (issue #3).
 */
const publicPages = [
  '/auth/login',
  '/pricing',
  '/payment',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/coming-soon',
  '/maintenance',
  '/403',
  '/404',
  '/500',
  '/components',
];
const dashboardPages = [
  '/dashboard/app',
  '/dashboard/blank',
  '/dashboard/permission-denied',
  '/dashboard/chat',
  '/dashboard/chat/new',
  '/dashboard/mail',
  '/dashboard/order/list',
  '/dashboard/e-commerce/discounts',
];

const variants = [
  { mode: 'light', direction: 'ltr' },
  { mode: 'dark', direction: 'ltr' },
  { mode: 'light', direction: 'rtl' },
  { mode: 'dark', direction: 'rtl' },
] as const;

async function useSettings(context: BrowserContext, baseURL: string, mode: string, direction: string) {
  await context.addCookies([
    { name: 'themeMode', value: mode, url: baseURL },
    { name: 'themeDirection', value: direction, url: baseURL },
  ]);
}

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  // Let transitions and lazy chunks settle so colours are final.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `${path}`).toEqual([]);
}

for (const { mode, direction } of variants) {
  test.describe(`${mode}, ${direction}`, () => {
    test('public and auth pages', async ({ page, context, baseURL }) => {
      test.setTimeout(180_000);
      await useSettings(context, baseURL ?? '', mode, direction);
      for (const path of publicPages) await expectNoSeriousViolations(page, path);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
    });

    test('dashboard pages', async ({ page, context, baseURL }) => {
      test.setTimeout(180_000);
      await useSettings(context, baseURL ?? '', mode, direction);
      await page.goto('/auth/login');
      await page.getByLabel('Email address').fill('demo@atrium.dev');
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/dashboard\/app$/);
      for (const path of dashboardPages) await expectNoSeriousViolations(page, path);
    });
  });
}
