import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { openSignedIn, registerPerson, signIn } from './support/people.ts';

/**
 * The blog (issue #14): a person writes a post with a cover and publishes it, opens it by its title's
 * address; a second person (another browser, a phone, dark mode) likes it and comments; the author sees
 * both without a reload and is notified. French and Arabic layouts.
 */

/** A small real PNG (8×8, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

const comments = (page: Page) => page.getByRole('list', { name: 'Comments' });

test('write a post with a cover and publish it, open it by its title; another person likes and comments, live, and the author is notified', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now();
  const title = `Harbour notes ${stamp}`;
  const author = await registerPerson(page.request, {
    firstName: 'Wren',
    lastName: 'Writer',
    prefix: 'wren',
  });
  await openSignedIn(page, author.accessToken, '/dashboard/blog');
  await expect(page).toHaveURL(/\/dashboard\/blog\/posts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();

  // The form: the shared schema refuses an empty title in place.
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new post' })).toBeVisible();
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Give the post a title')).toBeVisible();

  await page.getByLabel('Post title').fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Boats, gulls and a very early ferry.');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await editor.pressSequentially('We left before dawn.');
  await page
    .getByLabel('Upload a cover')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'The cover picture' })).toBeVisible();
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('harbour');
  await tags.press('Enter');
  await tags.fill('travel');
  await tags.press('Enter');
  await page.getByLabel('Meta title').fill(`${title} | Atrium`);

  // Preview: the post as it will look, before it is saved.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('We left before dawn.')).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Cover picture' })).toBeVisible();
  await preview.getByRole('button', { name: 'Close the preview' }).click();

  await page.getByRole('switch', { name: 'Publish' }).check();
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Post created')).toBeVisible();
  const slug = `harbour-notes-${stamp}`;
  await expect(page).toHaveURL(new RegExp(`/dashboard/blog/post/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover picture' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('harbour')).toBeVisible();

  // Opened by its title: the address becomes its URL name.
  await page.goto(`/dashboard/blog/post/${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/blog/post/${slug}$`));
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();

  // A second person on a phone, in dark mode, likes it and comments.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'themeMode', value: 'dark', url: baseURL! }]);
  const reader = await context.newPage();
  const ray = await registerPerson(reader.request, {
    firstName: 'Ray',
    lastName: `Reader${stamp}`,
    prefix: 'ray',
  });
  await openSignedIn(reader, ray.accessToken, '/dashboard/blog/posts');
  // Searching: Enter filters the list (in the address); a suggestion opens its post.
  const search = reader.getByRole('combobox', { name: 'Search posts' });
  await search.fill(String(stamp));
  await search.press('Enter');
  await expect(reader).toHaveURL(new RegExp(`search=${stamp}`));
  const card = reader.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(reader.getByRole('region', { name: 'Posts' }).getByRole('article')).toHaveCount(1);
  await search.fill(`harbour ${stamp}`);
  await reader.getByRole('option', { name: title }).click();
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  // Nothing overflows the phone's width.
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await reader.getByRole('checkbox', { name: 'Like' }).check();
  await expect(reader.getByRole('checkbox', { name: 'Like' })).toBeChecked();
  await expect(reader.getByRole('group', { name: 'Liked by' }).getByLabel(ray.name)).toBeAttached();
  const message = `Lovely crossing, ${stamp}!`;
  await reader.getByRole('textbox', { name: 'Write a comment' }).fill(message);
  await reader.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments(reader).getByText(message)).toBeVisible();

  // The author's open page shows both without a reload, and a notification arrives.
  await expect(page.getByRole('group', { name: 'Liked by' }).getByLabel(ray.name)).toBeAttached();
  await expect(page.getByRole('img', { name: '1 like' }).first()).toBeVisible();
  await expect(comments(page).getByText(message)).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText(`${ray.name} commented on your post “${title}”`)).toBeVisible();
  await page.keyboard.press('Escape');

  // The author replies; the reader's page shows the reply under the comment; the reader deletes their own.
  await page.getByRole('button', { name: `Reply to ${ray.name}` }).click();
  await page.getByRole('textbox', { name: `Your reply to ${ray.name}` }).fill('Thank you, Ray!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    reader.getByRole('list', { name: `Replies to ${ray.name}` }).getByText('Thank you, Ray!'),
  ).toBeVisible();
  await reader.getByRole('button', { name: `Delete the comment by ${ray.name}` }).click();
  await reader
    .getByRole('dialog', { name: 'Delete the comment' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(reader.getByText('Comment deleted')).toBeVisible();
  await expect(comments(page).getByText(message)).toHaveCount(0);

  // Share: the link is copied.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await reader.getByRole('button', { name: 'Copy the link' }).click();
  await expect(reader.getByText('Link copied')).toBeVisible();
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/dashboard/blog/post/${slug}`,
  );
  await context.close();

  // The profile's recent posts list it.
  // The profile's recent posts list it, with the reader's view counted (once).
  await page.goto('/dashboard/user/profile');
  const recent = page.getByRole('region', { name: 'Recent posts' });
  await expect(recent.getByRole('link', { name: title })).toBeVisible();
  await expect(recent.getByRole('img', { name: '1 view', exact: true })).toBeVisible();
});

test('drafts are their author’s: listed under Drafts with a count, a 404 to someone else', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const title = `Draft thoughts ${stamp}`;
  const author = await registerPerson(page.request, { firstName: 'Dee', lastName: 'Drafter', prefix: 'dee' });
  await openSignedIn(page, author.accessToken, '/dashboard/blog/new');
  await page.getByLabel('Post title').fill(title);
  await page.getByRole('button', { name: 'Create post' }).click();
  await expect(page.getByText('Post created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const url = page.url();

  await page.goto('/dashboard/blog/posts');
  await expect(page.getByRole('tab', { name: /^Drafts\s*1$/ })).toBeVisible();
  await page.getByRole('tab', { name: /^Drafts/ }).click();
  await expect(page).toHaveURL(/tab=draft/);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article')).toHaveCount(1);

  const context = await browser.newContext();
  const other = await context.newPage();
  const stranger = await registerPerson(other.request, {
    firstName: 'Sy',
    lastName: 'Stranger',
    prefix: 'sy',
  });
  await openSignedIn(other, stranger.accessToken, new URL(url).pathname);
  await expect(other.getByText('This post does not exist, or it is a draft you may not see.')).toBeVisible();
  await context.close();
});

test('the blog in French and Arabic: texts and direction', async ({ page }) => {
  const person = await registerPerson(page.request, {
    firstName: 'Lea',
    lastName: 'Blog',
    prefix: 'leablog',
  });
  await openSignedIn(page, person.accessToken, '/dashboard/blog/posts');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Publiés/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvel article' })).toBeVisible();

  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  // Asked by its title: the address becomes its URL name, in the title's own script (marks such as the
  // hamza under the alif dropped: ADR 029).
  await page.goto('/dashboard/blog/post/رحلة إلى مراكش');
  await expect.poll(() => decodeURIComponent(page.url())).toMatch(/\/dashboard\/blog\/post\/رحلة-الى-مراكش$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'رحلة إلى مراكش' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^التعليقات/ })).toBeVisible();
  // The back link sits on the right in a right-to-left page.
  const backLink = page.getByRole('main').getByRole('link', { name: 'المقالات', exact: true });
  await expect(backLink).toBeVisible();
  // Asked again until it is there: the page may render once more as the address settles on the URL name.
  const width = page.viewportSize()!.width;
  await expect.poll(async () => (await backLink.boundingBox())?.x ?? 0).toBeGreaterThan(width / 2);
});

test('the posts, a post and the form have no serious accessibility problem, light and ltr, dark and rtl', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const [mode, direction] of [
    ['light', 'ltr'],
    ['dark', 'rtl'],
  ] as const) {
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'themeMode', value: mode, url: baseURL! },
      { name: 'themeDirection', value: direction, url: baseURL! },
    ]);
    const page = await context.newPage();
    await openSignedIn(page, await signIn(page.request), '/dashboard/app');
    for (const path of [
      '/dashboard/blog/posts',
      '/dashboard/blog/post/designing-dashboards-people-actually-use',
      '/dashboard/blog/new',
    ]) {
      await page.goto(path);
      await expectNoSeriousViolations(page, `${path} (${mode}, ${direction})`);
    }
    await context.close();
  }
});
