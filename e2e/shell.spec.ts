import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { colorPresets } from '../src/client/theme/core/presets.ts';
import { openSignedIn, registerPerson, signIn } from './support/people.ts';

/**
 * The application shell (issue #3): every display setting changes what a person sees and survives a reload;
 * languages, toasts, the route progress bar, role-based navigation, the mobile drawer and the command palette.
 */

// The demo account's sign-ins are rate limited per account: sign in once for the whole file.
let adminToken = '';

const apiLogin = (request: APIRequestContext) => signIn(request);
const registerUser = async (request: APIRequestContext) =>
  (await registerPerson(request, { prefix: 'shell' })).accessToken;

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function chooseSetting(page: Page, section: string, option: string) {
  const drawer = await openSettings(page);
  await drawer.getByRole('radiogroup', { name: section }).getByRole('radio', { name: option }).check();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

const cssColor = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);

const hexToRgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request);
});

test('dark mode darkens the page and survives a reload', async ({ page }) => {
  await openSignedIn(page, adminToken);
  expect(await cssColor(page, 'body', 'background-color')).toBe('rgb(255, 255, 255)');
  await chooseSetting(page, 'Mode', 'Dark');
  await expect.poll(() => cssColor(page, 'body', 'background-color')).toBe('rgb(20, 26, 33)');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  expect(await cssColor(page, 'body', 'background-color')).toBe('rgb(20, 26, 33)');
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === 'themeMode');
  expect(cookie?.value).toBe('dark');
  expect(cookie?.path).toBe('/');
  // 3 days (Playwright reports seconds since the epoch).
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 3 * 24 * 3600))).toBeLessThan(120);
});

test('bold contrast strengthens backgrounds and text, and survives a reload', async ({ page }) => {
  await openSignedIn(page, adminToken);
  await chooseSetting(page, 'Contrast', 'Bold');
  await expect.poll(() => cssColor(page, 'body', 'background-color')).toBe('rgb(244, 246, 248)');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  expect(await cssColor(page, 'body', 'background-color')).toBe('rgb(244, 246, 248)');
});

test('right to left flips the layout (navigation on the right) and survives a reload', async ({ page }) => {
  await openSignedIn(page, adminToken);
  const width = page.viewportSize()?.width ?? 0;
  expect((await mainNav(page).boundingBox())?.x).toBeLessThan(width / 2);
  await chooseSetting(page, 'Direction', 'Right to left');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await mainNav(page).boundingBox())?.x ?? 0).toBeGreaterThan(width / 2);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect((await mainNav(page).boundingBox())?.x).toBeGreaterThan(width / 2);
});

test('mini layout narrows the navigation to 88 px; horizontal puts 32 px items in a bar under the header', async ({
  page,
}) => {
  await openSignedIn(page, adminToken);
  expect((await mainNav(page).boundingBox())?.width).toBe(280);

  await chooseSetting(page, 'Layout', 'Mini');
  await expect.poll(async () => (await mainNav(page).boundingBox())?.width).toBe(88);
  await page.reload();
  await expect.poll(async () => (await mainNav(page).boundingBox())?.width).toBe(88);

  await chooseSetting(page, 'Layout', 'Horizontal');
  await page.reload();
  const nav = mainNav(page);
  await expect(nav).toHaveAttribute('data-layout', 'horizontal');
  const header = await page.locator('header').first().boundingBox();
  const bar = await nav.boundingBox();
  expect(bar && header && bar.y >= header.y + header.height - 1).toBe(true);
  expect(bar?.width).toBe(page.viewportSize()?.width);
  const item = await nav.getByRole('link', { name: 'App', exact: true }).boundingBox();
  expect(item?.height).toBe(32);

  // The collapse button on a vertical navigation toggles vertical ↔ mini.
  await chooseSetting(page, 'Layout', 'Vertical');
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect.poll(async () => (await mainNav(page).boundingBox())?.width).toBe(88);
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect.poll(async () => (await mainNav(page).boundingBox())?.width).toBe(280);
});

test('a colour preset changes the primary colour and survives a reload', async ({ page }) => {
  await openSignedIn(page, adminToken, '/dashboard/app');
  await chooseSetting(page, 'Presets', 'Cyan');
  // A primary (contained) button: the sign-in page stays reachable while signed in.
  await page.goto('/auth/login-unprotected');
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(submit).toBeVisible();
  const cyan = hexToRgb(colorPresets.cyan.light.main);
  expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(cyan);
  await page.reload();
  await expect(submit).toBeVisible();
  expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(cyan);
});

test('Escape while the account menu is still opening closes it: the settings drawer then works (issue #24)', async ({
  page,
}) => {
  await openSignedIn(page, adminToken);
  const account = page.getByRole('button', { name: 'Account', exact: true });
  // First with the menu's code still loading, then with it loaded: the menu never stays over the page.
  for (const [section, option] of [
    ['Mode', 'Dark'],
    ['Contrast', 'Bold'],
  ] as const) {
    await account.click();
    await page.keyboard.press('Escape');
    const drawer = await openSettings(page);
    await drawer.getByRole('radiogroup', { name: section }).getByRole('radio', { name: option }).check();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(account).not.toHaveAttribute('aria-expanded', 'true');
  }
  await expect.poll(() => cssColor(page, 'body', 'background-color')).toBe('rgb(11, 15, 20)');

  // It still opens and closes as a menu should.
  await account.click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('stretch widens the content above 1600 px only', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1000 });
  await openSignedIn(page, adminToken);
  const main = page.locator('main');
  const beside = () => page.evaluate(() => document.documentElement.clientWidth - 280);
  expect((await main.boundingBox())?.width).toBe(1200);

  const drawer = await openSettings(page);
  await drawer.getByRole('switch', { name: 'Stretch' }).check();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await main.boundingBox())?.width).toBe(await beside());
  expect(await beside()).toBeGreaterThan(1600);
  await page.reload();
  await expect.poll(async () => (await main.boundingBox())?.width).toBe(await beside());

  // At 1400 px the content is no wider than the space beside the navigation, with or without stretch.
  await page.setViewportSize({ width: 1400, height: 1000 });
  const stretched = (await main.boundingBox())?.width;
  const drawer2 = await openSettings(page);
  await drawer2.getByRole('switch', { name: 'Stretch' }).uncheck();
  await drawer2.getByRole('button', { name: 'Close' }).click();
  expect((await main.boundingBox())?.width).toBe(stretched);
  expect(stretched).toBe(await beside());
});

test('the Reset button shows a red dot while a setting differs, and reset restores the defaults', async ({
  page,
}) => {
  await openSignedIn(page, adminToken);
  const drawer = await openSettings(page);
  const dot = drawer.getByTestId('settings-reset-dot').locator('.MuiBadge-badge');
  await expect(dot).toHaveClass(/MuiBadge-invisible/);
  await drawer.getByRole('radio', { name: 'Dark' }).check();
  await expect(dot).not.toHaveClass(/MuiBadge-invisible/);

  await drawer.getByRole('button', { name: 'Reset' }).click();
  // (A pointer resting on a toast pauses its timer.)
  await page.mouse.move(10, 400);
  // A toast confirms it, then hides by itself after 3 s (spec §9).
  const toast = page
    .locator('.notistack-MuiContent')
    .filter({ hasText: 'Display settings are back to their defaults.' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('role', 'alert');
  await expect(toast.locator('button[aria-label="Close"]')).toBeVisible();
  await expect(dot).toHaveClass(/MuiBadge-invisible/);
  expect(await cssColor(page, 'body', 'background-color')).toBe('rgb(255, 255, 255)');
  expect((await page.context().cookies()).filter((c) => c.name.startsWith('theme'))).toEqual([]);
  await expect(toast).toBeHidden({ timeout: 6_000 });

  await expect(drawer.getByRole('button', { name: /^(Fullscreen|Exit Fullscreen)$/ })).toBeVisible();
  await expect(drawer.getByText('Only available at large resolutions > 1600px (xl)').first()).toBeAttached();
});

test('Arabic turns the page right to left; French shows French; both survive a reload', async ({ page }) => {
  await openSignedIn(page, adminToken);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Arabic (Sudan)' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SD');
  await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'الحساب', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'الحساب', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'اللغة' }).click();
  await page.getByRole('menuitem', { name: 'French' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByText('Général', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Compte', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
});

test('the progress bar shows while the next page loads', async ({ page }) => {
  await openSignedIn(page, adminToken);
  // Slow down the next page's code so the bar can be seen; only its code: the bar's own (loaded when the
  // browser is first idle, or with the first navigation) must not be slowed down with it.
  await page.route(/\/assets\/kanban[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  // The kanban page has code of its own (the permission-denied page's is now in the shared chunk).
  await mainNav(page).getByRole('link', { name: 'Kanban', exact: true }).click();
  await expect(page.locator('#nprogress .bar')).toBeAttached();
  await expect(page).toHaveURL(/\/dashboard\/kanban$/);
  await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 10_000 });
});

test('an admin sees the admin-only item; a plain user does not', async ({ page, request }) => {
  await openSignedIn(page, adminToken);
  await expect(mainNav(page).getByText('Only admin can see this item')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: /Item by roles/ })).toBeVisible();

  const userToken = await registerUser(request);
  await page.evaluate(() => localStorage.clear());
  await openSignedIn(page, userToken);
  await expect(mainNav(page).getByRole('link', { name: 'App', exact: true })).toBeVisible();
  await expect(mainNav(page).getByText('Only admin can see this item')).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: /Item by roles/ })).toHaveCount(0);
});

test('the menu-levels demo opens level by level; external links open in a new tab', async ({ page }) => {
  await openSignedIn(page, adminToken);
  const nav = mainNav(page);
  await nav.getByRole('button', { name: 'Menu level' }).click();
  await nav.getByRole('button', { name: 'Level 2b' }).click();
  await nav.getByRole('button', { name: 'Level 3b' }).click();
  await expect(nav.getByRole('link', { name: 'Level 4b' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Item disabled' })).toBeDisabled();
  await expect(nav.getByText('NEW', { exact: true })).toBeVisible();
  const external = nav.getByRole('link', { name: /External link/ });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
});

test('below 1200 px the navigation is a drawer opened from the header', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(page, adminToken);
  await expect(mainNav(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(mainNav(page)).toBeVisible();
  await expect.poll(async () => Math.round((await mainNav(page).boundingBox())?.width ?? 0)).toBe(280);
  await mainNav(page).getByRole('button', { name: 'User', exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/profile$/);
  await expect(mainNav(page)).toHaveCount(0);
  // The header is 64 px high on phones.
  expect((await page.locator('header').first().boundingBox())?.height).toBe(64);
});

test('the desktop header is 92 px high, and 60 px with a blurred background once the page scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await openSignedIn(page, adminToken);
  const header = page.locator('header').first();
  expect((await header.boundingBox())?.height).toBe(92);
  await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await header.boundingBox())?.height).toBe(60);
  expect(await header.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('blur(6px)');
});

test('Ctrl+K opens the command palette, which filters pages and opens the chosen one', async ({ page }) => {
  await openSignedIn(page, adminToken);
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Search' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox', { name: 'Search pages' });
  await expect(input).toBeFocused();
  await input.fill('kanb');
  await expect(palette.getByRole('option')).toHaveCount(1);
  await expect(palette.getByRole('option', { name: /Kanban/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/kanban$/);
  await expect(palette).toBeHidden();

  // The header button opens it too; public pages are listed; a click opens one.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search pages' }).fill('pricing');
  await page.getByRole('option', { name: /Pricing/ }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the notifications button opens its popover (All / Unread tabs)', async ({ page }) => {
  await openSignedIn(page, adminToken);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  // Read from the real API (the demo admin's seeded notifications); an item links to its page.
  await expect(page.getByRole('link', { name: /Welcome to Atrium/ })).toHaveAttribute(
    'href',
    '/dashboard/user/account',
  );
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
});
