import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { newEmail } from './support/mail.ts';
import { openSignedIn, registerPerson, signIn } from './support/people.ts';

/**
 * The audit log screen (issue #4, "who changed what user, when, from which IP"): an admin's change shows up
 * with actor, translated action and the change itself; the edit page's History link narrows the log to one
 * user; Arabic reads right to left; plain users are sent to permission denied.
 */

const DEMO_NAME = 'Jaydon Frankie';

/** Signs the demo admin in through the API and opens `path`. Returns the token. */
async function openAsAdmin(page: Page, path: string): Promise<string> {
  const token = await signIn(page.request);
  await openSignedIn(page, token, path);
  return token;
}

/** A fresh active user, created by the admin through the API. */
async function createUser(page: Page, token: string, lastName: string) {
  const email = newEmail('audit');
  const res = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Ida', lastName, email, company: 'Initech' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { user } = (await res.json()) as { user: { id: string; slug: string } };
  return { ...user, email, label: `Ida ${lastName} <${email}>` };
}

const auditGrid = (page: Page, name = 'Audit log') => page.getByRole('grid', { name });

test('an admin bans a user and sees it in the audit log, then narrows the log to them from the edit page', async ({
  page,
}) => {
  test.slow();
  const lastName = `Audited${Date.now()}`;
  const token = await openAsAdmin(page, '/dashboard/user/list');
  const ida = await createUser(page, token, lastName);

  // Ban through the edit page, as an admin would.
  await page.goto(`/dashboard/user/${ida.slug}/edit`);
  await expect(page.getByLabel('Company')).toHaveValue('Initech');
  await page.getByRole('switch', { name: 'Banned' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Ida ${lastName} was updated`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/user\/list$/);

  // The navigation shows where one is (the save led into the User group, which opened) and leads admins
  // to the log.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('button', { name: 'User', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page).toHaveTitle(/Audit log/);

  const grid = auditGrid(page);
  const banRow = grid.locator('tbody tr', { hasText: 'User banned' }).filter({ hasText: ida.label });
  await expect(banRow).toBeVisible();
  await expect(banRow).toContainText(DEMO_NAME);
  await expect(banRow.getByRole('listitem')).toHaveText(['Status: Active → Banned']);
  await expect(banRow.locator('[data-field="ip"]')).toHaveText(/^(::1|127\.0\.0\.1|::ffff:127\.0\.0\.1)$/);
  await expect(banRow.locator('[data-field="createdAt"]')).toContainText(String(new Date().getFullYear()));
  // Newest first: the ban is the top row.
  await expect(grid.locator('tbody tr').first()).toContainText(ida.label);
  const createRow = grid.locator('tbody tr', { hasText: 'User created' }).filter({ hasText: ida.label });
  await expect(createRow).toContainText(`First name: — → Ida`);
  // A new user's other fields are folded away until asked for.
  await expect(createRow).not.toContainText('Company: — → Initech');
  await createRow.getByRole('button', { name: /^\d+ more$/ }).click();
  await expect(createRow).toContainText('Company: — → Initech');
  await expect(createRow).toContainText('Status: — → Active');
  await expect(createRow.getByRole('button', { name: 'Show less' })).toBeVisible();

  // The target links to their edit page; its History button narrows the log to them.
  await banRow.getByRole('link', { name: ida.label }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/user/${ida.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/user/audit\\?user=${ida.id}$`));
  await expect(page.getByText(`Showing changes to Ida ${lastName}`)).toBeVisible();
  await expect(grid.locator('tbody tr')).toHaveCount(2);
  await expect(grid.locator('tbody tr').nth(0)).toContainText('User banned');
  await expect(grid.locator('tbody tr').nth(1)).toContainText('User created');

  // Clearing the filter shows everyone's entries again (the demo admin's own sign-in changed nobody).
  await page.getByRole('button', { name: 'Show all entries' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/audit$/);
  await expect(page.getByText(`Showing changes to Ida ${lastName}`)).toBeHidden();
  await expect(banRow).toBeVisible();
});

test('the audit log speaks Arabic right to left, and French', async ({ page }) => {
  const lastName = `Arabic${Date.now()}`;
  const token = await openAsAdmin(page, '/dashboard/user/audit');
  const ida = await createUser(page, token, lastName);
  const res = await page.request.patch(`/api/users/${ida.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'banned' },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await page.goto(`/dashboard/user/audit?user=${ida.id}`);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Arabic (Sudan)' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeVisible();
  const grid = auditGrid(page, 'سجل التدقيق');
  const banRow = grid.locator('tbody tr', { hasText: 'حظر مستخدم' });
  await expect(banRow).toContainText(ida.label);
  // The arrow points from the old value to the new one, right to left.
  await expect(banRow.getByRole('listitem')).toHaveText(['الحالة: نشط ← محظور']);
  await expect(page.getByRole('columnheader', { name: 'التغييرات' })).toBeVisible();
  await expect(page.getByText(`عرض التغييرات على Ida ${lastName}`)).toBeVisible();

  await page.getByRole('button', { name: 'اللغة' }).click();
  await page.getByRole('menuitem', { name: 'French' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
  const french = auditGrid(page, 'Journal d’audit').locator('tbody tr', {
    hasText: 'Utilisateur banni',
  });
  await expect(french.getByRole('listitem')).toHaveText(['Statut : Actif → Banni']);
});

test('a plain user has no audit log item and is sent to permission denied', async ({ page }) => {
  const { accessToken } = await registerPerson(page.request, { prefix: 'audit-plain' });
  await openSignedIn(page, accessToken, '/dashboard/user/profile');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.locator('a[href="/dashboard/user/profile"]').first()).toBeAttached();
  await expect(nav.locator('a[href^="/dashboard/user/audit"]')).toHaveCount(0);

  await page.goto('/dashboard/user/audit');
  await expect(page).toHaveURL(/\/dashboard\/permission-denied$/);
  // The API refuses them too.
  const api = await page.request.get('/api/audit-log', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(api.status()).toBe(403);
});

test('the audit log has no serious accessibility violation, light ltr and dark rtl', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await openAsAdmin(page, '/dashboard/user/audit');
  // At least one entry, whichever tests ran before.
  await createUser(page, token, `Axe${Date.now()}`);
  for (const [mode, direction] of [
    ['light', 'ltr'],
    ['dark', 'rtl'],
  ] as const) {
    await context.addCookies([
      { name: 'themeMode', value: mode, url: baseURL ?? '' },
      { name: 'themeDirection', value: direction, url: baseURL ?? '' },
    ]);
    await page.goto('/dashboard/user/audit');
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    await expect(auditGrid(page).locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousViolations(page, `${mode} ${direction}`, { include: 'main' });
  }
});
