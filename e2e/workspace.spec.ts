import { expect, test, type Page } from '@playwright/test';

import { openSignedIn, signIn } from './support/people.ts';

/**
 * Workspace settings (issue 24 A): the demo admin opens the page from the navigation, switches sign-up to
 * administrator approval and saves, then sets it back to email verification (the instance is left as found).
 * On a phone, in Arabic, the page reads right to left in one column.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

type Settings = { signup: string; version: number };

async function readSettings(page: Page, token: string): Promise<Settings> {
  const res = await page.request.get('/api/workspace/settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Settings;
}

test('the demo admin switches sign-up to approval from Workspace settings, then back to verify', async ({
  page,
}) => {
  const token = await signIn(page.request);
  const before = await readSettings(page, token);
  try {
    await openSignedIn(page, token);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Workspace settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workspace$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();

    const modes = page.getByRole('radiogroup', { name: 'Registration' });
    await modes.getByRole('radio', { name: /Administrator approval/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Workspace settings saved')).toBeVisible();
    expect((await readSettings(page, token)).signup).toBe('approval');

    // Saved: the form starts again from what is saved, and a reload shows the same.
    await page.reload();
    await expect(modes.getByRole('radio', { name: /Administrator approval/ })).toBeChecked();
    await modes.getByRole('radio', { name: /Email verification/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Workspace settings saved')).toBeVisible();
    expect((await readSettings(page, token)).signup).toBe('verify');
  } finally {
    // Whatever happened above, the instance keeps the policy it had.
    const now = await readSettings(page, token);
    if (now.signup !== before.signup) {
      await page.request.put('/api/workspace/settings', {
        headers: { authorization: `Bearer ${token}` },
        data: { signup: before.signup, version: now.version },
      });
    }
  }
});

test('on a phone, in Arabic, the page reads right to left in one column', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signIn(page.request);
  await openSignedIn(page, token);
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await page.goto('/dashboard/workspace');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات مساحة العمل' })).toBeVisible();
  const mail = page.getByRole('heading', { level: 2, name: 'حصص البريد' });
  const storage = page.getByRole('heading', { level: 2, name: 'التخزين' });
  await expect(storage).toBeVisible();
  // One column: the storage card comes under the mail quotas card, not beside it.
  const [mailBox, storageBox] = [await mail.boundingBox(), await storage.boundingBox()];
  expect(storageBox!.y).toBeGreaterThan(mailBox!.y + mailBox!.height);
  // Nothing overflows the screen sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
