import { expect, test, type Locator, type Page, type Request } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { newEmail } from './support/mail.ts';
import { DEMO } from './support/e2e-env.ts';
import { PASSWORD, openSignedIn, registerPerson, signIn, useSession } from './support/people.ts';

/**
 * Users (issue #4), web side: the admin's list (server paging, sorting and search), create, edit and ban
 * through the one user form, role-based access to the admin pages, the account page (name, password,
 * sessions) and the profile.
 */

/** A valid 1×1 PNG (the server decodes every upload). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in through the API as `credentials` and opens `path`. */
async function openAs(page: Page, credentials: { email: string; password: string }, path: string) {
  await openSignedIn(page, await signIn(page.request, credentials), path);
}

/** A new plain user whose token is in the page (the next `page.goto` is signed in as them). */
async function registerPlainUser(page: Page, firstName = 'Plain', lastName = 'User') {
  const person = await registerPerson(page.request, { firstName, lastName, prefix: 'users' });
  await useSession(page, person.accessToken);
  return person;
}

const isUsersList = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/users';
const paramsOf = (request: Request) => new URL(request.url()).searchParams;

/** The names in the grid's rows, top to bottom (the first column's link). */
async function rowNames(grid: Locator): Promise<string[]> {
  return grid.locator('tbody tr [data-field="name"] a').allInnerTexts();
}

/** The rows' edit links: unique per user (names are not: several tests create a "Plain User"). */
async function rowLinks(grid: Locator): Promise<string[]> {
  return grid
    .locator('tbody tr [data-field="name"] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

async function searchList(page: Page, text: string) {
  const request = page.waitForRequest((r) => isUsersList(r) && paramsOf(r).get('search') === text);
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await request;
}

test('an admin creates a user, finds them with a server search, edits and bans them; they cannot sign in', async ({
  page,
  browser,
}) => {
  // Many steps and two browsers: allow for a busy machine.
  test.slow();
  const email = newEmail('created');
  const lastName = `Tester${Date.now()}`;
  const name = `Ida ${lastName}`;

  await openAs(page, DEMO, '/dashboard/user/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new user' })).toBeVisible();

  // Inline errors first, nothing sent.
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();

  await page.getByLabel('First name').fill('Ida');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Company').fill('Initech');
  await page.getByLabel('Password (optional)').fill(PASSWORD);
  await page.getByRole('switch', { name: 'Email verified' }).check();
  // The avatar is previewed at once and uploaded after the user exists.
  await page
    .getByLabel('Upload photo')
    .setInputFiles({ name: 'ida.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toHaveAttribute('src', /^blob:/);
  const avatarUpload = page.waitForResponse(
    (r) => /\/api\/users\/[0-9a-f-]{36}\/avatar$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create user' }).click();
  expect((await avatarUpload).ok()).toBe(true);

  await expect(page.getByText(`${name} was created`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/user\/list$/);

  // The search runs on the server.
  const grid = page.getByRole('grid', { name: 'Users' });
  await searchList(page, lastName);
  await expect(grid.getByRole('link', { name })).toBeVisible();
  await expect.poll(() => rowNames(grid)).toEqual([name]);
  await expect(grid.locator('tbody tr', { hasText: name }).locator('img')).toHaveAttribute(
    'src',
    /^\/api\/uploads\/[0-9a-f]{32}\.webp$/,
  );

  // Edit through the row menu: the company.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/user\/ida-tester\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
  await expect(page.getByLabel('Company')).toHaveValue('Initech');
  await page.getByLabel('Company').fill('Globex');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was updated`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/user\/list$/);

  // Ban them (the name in the list opens the edit page too).
  await searchList(page, lastName);
  const row = grid.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('Globex');
  await expect(row).toContainText('Active');
  await grid.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
  await expect(page.getByLabel('Company')).toHaveValue('Globex');
  await page.getByRole('switch', { name: 'Banned' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was updated`)).toBeVisible();

  await searchList(page, lastName);
  await expect(grid.locator('tbody tr', { hasText: name })).toContainText('Banned');
  await page.getByRole('tab', { name: /Banned/ }).click();
  await expect.poll(() => rowNames(grid)).toEqual([name]);

  // The banned user cannot sign in: the sign-in page says the account is suspended.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/auth/login');
  await other.getByLabel('Email address').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    other
      .getByRole('alert')
      .filter({ hasText: 'This account has been suspended. Contact an administrator.' }),
  ).toBeVisible();
  await expect(other).toHaveURL(/\/auth\/login/);
  await context.close();
});

test('the list pages and sorts on the server', async ({ page }) => {
  await openAs(page, DEMO, '/dashboard/user/list');
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.locator('tbody tr')).toHaveCount(10);
  const firstPage = await rowLinks(grid);

  // Next page: other rows, asked for as page 2.
  const pageTwo = page.waitForRequest((r) => isUsersList(r) && paramsOf(r).get('page') === '2');
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await pageTwo;
  await expect.poll(async () => (await rowLinks(grid))[0]).not.toBe(firstPage[0]);
  const secondPage = await rowLinks(grid);
  expect(secondPage).toHaveLength(10);
  expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);

  // Sorting by name: the server is asked, back on page 1, rows in name order.
  const ascending = page.waitForRequest(
    (r) => isUsersList(r) && paramsOf(r).get('sort') === 'name' && paramsOf(r).get('order') === 'asc',
  );
  await grid.getByRole('columnheader', { name: 'Name' }).click();
  const ascRequest = await ascending;
  expect(paramsOf(ascRequest).get('page')).toBe('1');
  await expect
    .poll(async () => {
      const names = await rowNames(grid);
      const initials = names.map((n) => n[0]?.toLowerCase() ?? '');
      return initials.every((c, i) => i === 0 || (initials[i - 1] ?? '') <= c) && names.length === 10;
    })
    .toBe(true);
  const asc = await rowNames(grid);

  const descending = page.waitForRequest(
    (r) => isUsersList(r) && paramsOf(r).get('sort') === 'name' && paramsOf(r).get('order') === 'desc',
  );
  await grid.getByRole('columnheader', { name: 'Name' }).click();
  await descending;
  await expect.poll(async () => (await rowNames(grid))[0]).not.toBe(asc[0]);
  const desc = await rowNames(grid);
  expect((desc[0]?.[0] ?? '').toLowerCase() >= (asc[0]?.[0] ?? '').toLowerCase()).toBe(true);

  // The status tabs carry the server's counts.
  await expect(page.getByRole('tab', { name: /^All/ })).toContainText(/\d+/);

  // Sort, page and filters live in the address: a reload and Back show the same rows.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/\?sort=name&order=desc&page=2$/);
  await expect.poll(async () => (await rowNames(grid))[0]).not.toBe(desc[0]);
  await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();
  const shown = await rowLinks(grid);
  await page.reload();
  await expect(grid.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowLinks(grid)).toEqual(shown);
  await grid.locator('tbody tr [data-field="name"] a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => rowLinks(grid)).toEqual(shown);
});

test('a plain user sees no admin items and is sent to permission denied from the admin pages', async ({
  page,
}) => {
  await registerPlainUser(page);
  await page.goto('/dashboard/user/profile');
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(
    nav.locator('a[href="/dashboard/user/profile"], a[href="/dashboard/user"]').first(),
  ).toBeAttached();
  await expect(nav.locator('a[href="/dashboard/user/list"]')).toHaveCount(0);
  await expect(nav.locator('a[href="/dashboard/user/new"]')).toHaveCount(0);
  await expect(nav.locator('a[href$="/edit"]')).toHaveCount(0);

  await page.goto('/dashboard/user/list');
  await expect(page).toHaveURL(/\/dashboard\/permission-denied$/);
  await page.goto('/dashboard/user/new');
  await expect(page).toHaveURL(/\/dashboard\/permission-denied$/);
  await page.goto('/dashboard/user/jaydon-frankie/edit');
  await expect(page).toHaveURL(/\/dashboard\/permission-denied$/);
});

test('the account page changes the name (header and profile follow), the password, and lists sessions', async ({
  page,
}) => {
  test.slow();
  await registerPlainUser(page, 'Paula', 'Before');
  await page.goto('/dashboard/user/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  await page.getByLabel('First name').fill('Renamed');
  await page.getByLabel('Last name').fill('After');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your account was updated')).toBeVisible();

  // The header's account menu shows the new name at once.
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('presentation').getByText('Renamed After')).toBeVisible();
  await page.keyboard.press('Escape');

  // A new email address needs the current password (a wrong one is refused on the field).
  const newAddress = newEmail('moved');
  await page.getByLabel('Email address').fill(newAddress);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
  await confirm.getByLabel('Current password').fill('not-my-password');
  await confirm.getByRole('button', { name: 'Change email' }).click();
  await expect(confirm.getByText('Your current password is incorrect')).toBeVisible();
  await confirm.getByLabel('Current password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Change email' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`We sent a confirmation code to ${newAddress}`)).toBeVisible();
  await expect(page.getByText(/Please confirm your email address/)).toBeVisible();

  // Security: change the password; the sessions list marks this device.
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/tab=security/);
  const newPassword = 'amber-orchard-compass-77';
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password was changed. Your other sessions were signed out.'),
  ).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();

  // The new password works, the old one does not.
  const oldLogin = await page.request.post('/api/account/login', {
    data: { email: newAddress, password: PASSWORD },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post('/api/account/login', {
    data: { email: newAddress, password: newPassword },
  });
  expect(newLogin.ok()).toBe(true);

  // The profile shows the new name.
  await page.goto('/dashboard/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Renamed After' })).toBeVisible();
  await expect(page.getByText('Joined Atrium')).toBeVisible();
});

test('a person downloads their data, then deletes their account with their password; their other device is signed out at once', async ({
  browser,
  page,
}) => {
  const person = await registerPlainUser(page, 'Dora', 'Departing');
  // The same person on a second device.
  const device = await browser.newPage();
  try {
    await openSignedIn(device, await signIn(device.request, { email: person.email, password: PASSWORD }));

    await page.goto('/dashboard/user/account?tab=privacy');
    // First, their data: prepared in the background, followed until ready, downloaded as a zip.
    const data = page.getByRole('region', { name: 'Download my data' });
    await data.getByRole('button', { name: 'Prepare my data' }).click();
    const exports = data.getByRole('list', { name: 'My data exports' });
    await expect(exports.getByText('Ready')).toBeVisible({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^atrium-data-\d{4}-\d{2}-\d{2}\.zip$/);

    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('Your current password is incorrect')).toBeVisible();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();

    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByText('Your account was deleted')).toBeVisible();
    // The other device leaves the dashboard without a reload.
    await expect(device).toHaveURL(/\/auth\/login/);
    // The account is gone: it cannot sign in again.
    const again = await page.request.post('/api/account/login', {
      data: { email: person.email, password: PASSWORD },
    });
    expect(again.status()).toBe(401);
  } finally {
    await device.close();
  }
});

test('the cards page follows and unfollows a user', async ({ page }) => {
  await registerPlainUser(page, 'Card', 'Reader');
  await page.goto('/dashboard/user/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'User cards' })).toBeVisible();
  const follow = page.getByRole('button', { name: /^Follow / }).first();
  // The button's name is its text and, hidden on screen, whom it follows.
  const person = ((await follow.textContent()) ?? '').replace(/^Follow\s*/, '').trim();
  const answer = page.waitForResponse((r) => r.url().endsWith('/follow') && r.request().method() === 'POST');
  await follow.click();
  expect((await answer).ok()).toBe(true);
  await expect(page.getByRole('button', { name: `Following ${person}` })).toBeVisible();

  // Friends on the profile are the people followed; unfollowing there flips the button back.
  await page.goto('/dashboard/user/profile?tab=friends');
  const unfollow = page.waitForResponse(
    (r) => r.url().endsWith('/follow') && r.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: `Following ${person}` }).click();
  expect((await unfollow).ok()).toBe(true);
  await expect(page.getByText('You do not follow anyone yet.', { exact: false })).toBeVisible();
});

test('the users pages have no serious accessibility violation, light ltr and dark rtl', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await openAs(page, DEMO, '/dashboard/user/profile');
  const all = [
    '/dashboard/user/list',
    '/dashboard/user/new',
    '/dashboard/user/jaydon-frankie/edit',
    '/dashboard/user/cards',
    '/dashboard/user/profile',
    '/dashboard/user/profile?tab=followers',
    '/dashboard/user/profile?tab=gallery',
    '/dashboard/user/account',
    '/dashboard/user/account?tab=notifications',
    '/dashboard/user/account?tab=social',
    '/dashboard/user/account?tab=security',
  ];
  const some = [
    '/dashboard/user/list',
    '/dashboard/user/cards',
    '/dashboard/user/profile',
    '/dashboard/user/account',
  ];
  for (const [mode, direction, paths] of [
    ['light', 'ltr', all],
    ['dark', 'rtl', some],
  ] as const) {
    await context.addCookies([
      { name: 'themeMode', value: mode, url: baseURL ?? '' },
      { name: 'themeDirection', value: direction, url: baseURL ?? '' },
    ]);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      // The page's own content (the shell around it has its own accessibility test).
      await expectNoSeriousViolations(page, `${mode} ${direction} ${path}`, { include: 'main' });
    }
  }
});

test('two admins edit the same user: the later save is told someone else changed it and sees their change', async ({
  page,
}) => {
  const lastName = `Twice${Date.now()}`;
  const user = await registerPerson(page.request, { firstName: 'Tess', lastName, prefix: 'twice' });

  await openAs(page, DEMO, `/dashboard/user/${user.slug}/edit`);
  await expect(page.getByLabel('Company')).toHaveValue('');
  // The other admin (another tab) saves first.
  const other = await page.context().newPage();
  await other.goto(`/dashboard/user/${user.slug}/edit`);
  await other.getByLabel('Company').fill('Globex');
  await other.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByText(`Tess ${lastName} was updated`)).toBeVisible();
  await other.close();

  // This tab's save was based on the page before that: refused, told so, and shown what is saved.
  await page.getByLabel('City').fill('Springfield');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('Someone else changed this while you were editing.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Company')).toHaveValue('Globex');
  await expect(page.getByLabel('City')).toHaveValue('');

  // Made again on the fresh page, the change goes through and keeps the other admin's.
  await page.getByLabel('City').fill('Springfield');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Tess ${lastName} was updated`)).toBeVisible();
  const saved = await page.request.get(`/api/users/${user.slug}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
  });
  expect(await saved.json()).toMatchObject({ user: { company: 'Globex', city: 'Springfield' } });
});

test('on a phone, in Arabic, the list pages on: its arrows fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await useSession(page, await signIn(page.request, DEMO));
  await page.goto('/dashboard/user/list');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('grid').locator('tbody tr')).toHaveCount(10);
  const next = page.getByRole('button', { name: 'انتقل إلى الصفحة التالية' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(next).toBeInViewport();
  const pageTwo = page.waitForRequest((r) => isUsersList(r) && paramsOf(r).get('page') === '2');
  await next.click();
  await pageTwo;
  await expect(page).toHaveURL(/[?&]page=2/);
});
