import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

import { registerPerson, useSession } from './support/people.ts';

/**
 * Self-service on the profile and account pages (issue #4), seen from the browser: the cover picture
 * (upload, refusal of a file that is not an image), the gallery (upload, view, delete), the notification
 * switches and the social links. Every test registers its own user, so none depends on the demo data or
 * on another test.
 */

const UPLOAD_URL = /^\/api\/uploads\/[0-9a-f]{32}\.webp$/;

/** A real PNG of one colour (the server decodes and re-encodes every upload). */
function png(width: number, height: number, background: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * Registers a new user through the API (the refresh cookie lands in the page's context) and puts the access
 * token where the app reads it, so `page.goto` opens the dashboard signed in as them.
 */
async function registerUser(page: Page, firstName: string, lastName: string) {
  const person = await registerPerson(page.request, { firstName, lastName, prefix: 'profile' });
  await useSession(page, person.accessToken);
  return person;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
}

/** The profile's header card (cover, avatar, name, tabs). */
const coverCard = (page: Page) =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { level: 1 }) });
/** The cover picture itself (the avatar's <img>, if any, is not it). */
const coverImage = (page: Page) => coverCard(page).locator('img:not(.MuiAvatar-img)');

/** Resolves once the <img> has loaded and has these intrinsic dimensions (a broken image has 0 × 0). */
async function expectLoaded(img: Locator, width: number, height: number) {
  await expect
    .poll(() =>
      img.evaluate((el: HTMLImageElement) => (el.complete ? `${el.naturalWidth}x${el.naturalHeight}` : '')),
    )
    .toBe(`${width}x${height}`);
}

/** Fetches a stored upload: it is a WebP of these dimensions, served as image/webp. */
async function expectServedWebp(page: Page, url: string, width: number, height: number) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  const meta = await sharp(await res.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('the cover: upload a picture, see it (also after a reload); a file that is not an image is refused', async ({
  page,
}) => {
  const me = await registerUser(page, 'Cora', 'Cover');
  await open(page, '/dashboard/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  // No cover yet: the gradient, no picture.
  await expect(coverImage(page)).toHaveCount(0);

  // Upload through the "Change cover" button.
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/cover') && r.request().method() === 'POST',
  );
  await page.getByLabel('Change cover').setInputFiles({
    name: 'sunset.png',
    mimeType: 'image/png',
    buffer: await png(240, 80, { r: 220, g: 90, b: 30 }),
  });
  expect((await upload).status()).toBe(200);
  await expect(toast(page, 'Your cover was updated')).toBeVisible();
  await expect(coverImage(page)).toHaveAttribute('src', UPLOAD_URL);
  await expectLoaded(coverImage(page), 240, 80);
  const coverUrl = (await coverImage(page).getAttribute('src')) ?? '';
  await expectServedWebp(page, coverUrl, 240, 80);

  // It is kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  await expect(coverImage(page)).toHaveAttribute('src', coverUrl);
  await expectLoaded(coverImage(page), 240, 80);

  // An HTML page named .png passes the browser's type check (by name) but not the server's (by bytes).
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/cover') && r.request().method() === 'POST',
  );
  await page.getByLabel('Change cover').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  });
  expect((await refused).status()).toBe(400);
  await expect(toast(page, 'Upload a PNG, JPEG or WebP image')).toBeVisible();
  await expect(coverImage(page)).toHaveAttribute('src', coverUrl);

  // A file the browser already knows is not an image is refused before anything is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/account/cover')) sent += 1;
  });
  await page.getByLabel('Change cover').setInputFiles({
    name: 'notes.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<p>not a picture</p>'),
  });
  await expect(toast(page, 'Choose a PNG, JPEG or WebP image')).toBeVisible();
  expect(sent).toBe(0);

  // Still the same cover after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  await expect(coverImage(page)).toHaveAttribute('src', coverUrl);
  await expectLoaded(coverImage(page), 240, 80);
});

test('the gallery: uploads are shown, one is viewed, one deleted (after a confirmation) and gone for good', async ({
  page,
}) => {
  const me = await registerUser(page, 'Gale', 'Gallery');
  // A cover uploaded earlier (through the API) is in the gallery too.
  const cover = await page.request.post('/api/account/cover', {
    headers: { authorization: `Bearer ${me.accessToken}` },
    multipart: {
      file: {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await png(300, 100, { r: 20, g: 90, b: 200 }),
      },
    },
  });
  expect(cover.ok(), await cover.text()).toBe(true);
  const coverUrl = ((await cover.json()) as { user: { coverUrl: string } }).user.coverUrl;
  expect(coverUrl).toMatch(UPLOAD_URL);

  await open(page, '/dashboard/user/profile');
  await expect(coverImage(page)).toHaveAttribute('src', coverUrl);
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/tab=gallery/);
  const gallery = page.getByRole('region', { name: 'Gallery' });
  const items = gallery.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Cover');

  // A photo uploaded here joins it, newest first.
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/gallery') && r.request().method() === 'POST',
  );
  await gallery.getByLabel('Upload photo').setInputFiles({
    name: 'meadow.png',
    mimeType: 'image/png',
    buffer: await png(120, 90, { r: 40, g: 160, b: 60 }),
  });
  expect((await upload).status()).toBe(200);
  await expect(toast(page, 'The photo was added to your gallery')).toBeVisible();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Photo');
  await expect(items.nth(1)).toContainText('Cover');
  const photoThumb = items.nth(0).locator('img');
  const coverThumb = items.nth(1).locator('img');
  await expect(photoThumb).toHaveAttribute('src', UPLOAD_URL);
  await expect(coverThumb).toHaveAttribute('src', coverUrl);
  await expectLoaded(photoThumb, 120, 90);
  await expectLoaded(coverThumb, 300, 100);
  const photoUrl = (await photoThumb.getAttribute('src')) ?? '';
  await expectServedWebp(page, photoUrl, 120, 90);

  // Viewing a picture opens it large.
  await gallery.getByRole('button', { name: /^View photo uploaded on / }).click();
  const viewer = page.getByRole('dialog', { name: /^photo uploaded on / });
  await expect(viewer.getByRole('img', { name: /^photo uploaded on / })).toHaveAttribute('src', photoUrl);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Deleting asks first; Cancel keeps the picture.
  const deleteCover = gallery.getByRole('button', { name: /^Delete cover uploaded on / });
  await deleteCover.click();
  const confirm = page.getByRole('dialog', { name: 'Delete photo?' });
  await expect(
    confirm.getByText('The photo will be deleted. If it is your avatar or cover, that is removed too.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(items).toHaveCount(2);

  // Delete the cover: it leaves the grid and stops being the cover.
  await deleteCover.click();
  const removed = page.waitForResponse(
    (r) => /\/api\/account\/gallery\/[^/]+$/.test(r.url()) && r.request().method() === 'DELETE',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect((await removed).status()).toBe(204);
  await expect(toast(page, 'The photo was deleted')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Photo');
  await expect(gallery.getByRole('button', { name: /^Delete cover uploaded on / })).toHaveCount(0);
  await expect(coverImage(page)).toHaveCount(0);

  // Gone for good: after a reload, and its file answers 404; the other photo is still served.
  await page.reload();
  await expect(gallery.getByRole('heading', { name: 'Gallery' })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(items.first().locator('img')).toHaveAttribute('src', photoUrl);
  await expect(coverImage(page)).toHaveCount(0);
  expect((await page.request.get(coverUrl)).status()).toBe(404);
  await expectServedWebp(page, photoUrl, 120, 90);
});

test('notification settings: switch some, save, and find them kept after a reload', async ({ page }) => {
  await registerUser(page, 'Nora', 'Notified');
  await open(page, '/dashboard/user/account?tab=notifications');
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

  const sw = (label: string) => page.getByRole('switch', { name: label });
  const comments = sw('Email me when someone comments on my article');
  const follows = sw('Email me when someone follows me');
  const news = sw('News and announcements');
  const blog = sw('Weekly blog digest');
  const save = page.getByRole('button', { name: 'Save changes' });

  // A new account's defaults; nothing to save yet.
  await expect(comments).toBeChecked();
  await expect(follows).not.toBeChecked();
  await expect(news).toBeChecked();
  await expect(blog).not.toBeChecked();
  await expect(save).toBeDisabled();

  await comments.uncheck();
  await follows.check();
  await blog.check();
  await expect(save).toBeEnabled();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/my-account') && r.request().method() === 'PATCH',
  );
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, 'Your notification settings were saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  await expect(comments).not.toBeChecked();
  await expect(follows).toBeChecked();
  await expect(news).toBeChecked();
  await expect(blog).toBeChecked();
  await expect(sw('Email me when someone answers on my form')).toBeChecked();
  await expect(sw('Weekly product updates')).not.toBeChecked();
  await expect(save).toBeDisabled();
});

test('social links: an invalid link is refused on its field and nothing is saved; valid ones are kept and shown on the profile', async ({
  page,
}) => {
  const me = await registerUser(page, 'Sol', 'Social');
  await open(page, '/dashboard/user/account?tab=social');
  await expect(page.getByRole('tab', { name: 'Social links' })).toHaveAttribute('aria-selected', 'true');

  const facebook = page.getByLabel('Facebook');
  const instagram = page.getByLabel('Instagram');
  const linkedin = page.getByLabel('LinkedIn');
  const twitter = page.getByLabel('X (Twitter)');
  const save = page.getByRole('button', { name: 'Save changes' });
  const invalid = 'Enter a link starting with https:// or http://';
  let patches = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/account/my-account') && r.method() === 'PATCH') patches += 1;
  });

  // A link without its scheme, and a script link: both refused on their own field, nothing sent.
  await facebook.fill('https://www.facebook.com/sol.social');
  await instagram.fill('instagram.com/sol.social');
  await twitter.fill('javascript:alert(1)');
  await save.click();
  await expect(instagram).toHaveAttribute('aria-invalid', 'true');
  await expect(twitter).toHaveAttribute('aria-invalid', 'true');
  await expect(facebook).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText(invalid)).toHaveCount(2);
  await expect(instagram).toHaveAccessibleDescription(invalid);
  await expect(twitter).toHaveAccessibleDescription(invalid);
  expect(patches).toBe(0);
  await expect(toast(page, 'Your social links were saved')).toHaveCount(0);

  await page.reload();
  await expect(facebook).toBeVisible();
  await expect(facebook).toHaveValue('');
  await expect(instagram).toHaveValue('');
  await expect(twitter).toHaveValue('');

  // Valid links are saved and kept.
  await facebook.fill('https://www.facebook.com/sol.social');
  await linkedin.fill('https://www.linkedin.com/in/sol-social');
  await twitter.fill('https://x.com/solsocial');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/my-account') && r.request().method() === 'PATCH',
  );
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, 'Your social links were saved')).toBeVisible();
  await expect(page.getByText(invalid)).toHaveCount(0);
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(facebook).toHaveValue('https://www.facebook.com/sol.social');
  await expect(instagram).toHaveValue('');
  await expect(linkedin).toHaveValue('https://www.linkedin.com/in/sol-social');
  await expect(twitter).toHaveValue('https://x.com/solsocial');

  // The profile lists them as links; the network left empty is not shown.
  await open(page, '/dashboard/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  const social = page.getByRole('region', { name: 'Social' });
  await expect(social.getByRole('link')).toHaveCount(3);
  for (const url of [
    'https://www.facebook.com/sol.social',
    'https://www.linkedin.com/in/sol-social',
    'https://x.com/solsocial',
  ]) {
    await expect(social.getByRole('link', { name: url })).toHaveAttribute('href', url);
  }
  await expect(social.getByText('No social links yet.')).toHaveCount(0);
});
