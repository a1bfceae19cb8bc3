import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { openSignedIn, registerPerson, type Person } from './support/people.ts';

/**
 * File manager sharing (issue 27 A/D): a link with a password opened in a signed-out browser, and a folder
 * shared with a second person who sees it and cannot delete where they may only view.
 */

const auth = (person: Person) => ({ authorization: `Bearer ${person.accessToken}` });

/** A folder at the person's root, through the API. */
async function newFolder(request: APIRequestContext, person: Person, name: string): Promise<string> {
  const res = await request.post('/api/files/folders', { headers: auth(person), data: { name } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { item: { id: string } }).item.id;
}

/** A text file uploaded and placed (in `parentId`, or at the root), through the API. */
async function newTextFile(
  request: APIRequestContext,
  person: Person,
  name: string,
  text: string,
  parentId: string | null = null,
): Promise<string> {
  const upload = await request.post('/api/files?use=drive', {
    headers: auth(person),
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { file } = (await upload.json()) as { file: { id: string } };
  const place = await request.post('/api/files/items', {
    headers: auth(person),
    data: { fileId: file.id, parentId },
  });
  expect(place.ok(), await place.text()).toBe(true);
  return ((await place.json()) as { item: { id: string } }).item.id;
}

/** Opens an item's share dialog from its "more" menu on the file manager page. */
async function openShareDialog(page: Page, name: string) {
  await page
    .getByRole('button', { name: `Actions for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a link with a password opens in a signed-out browser after the password', async ({ page, browser }) => {
  const stamp = Date.now();
  const ada = await registerPerson(page.request, {
    firstName: 'Ada',
    lastName: `Links${stamp}`,
    prefix: 'ada',
  });
  const name = `notes-${stamp}.txt`;
  await newTextFile(page.request, ada, name, 'Harbour opens at nine.');

  await openSignedIn(page, ada.accessToken, '/dashboard/files-manager');
  const dialog = await openShareDialog(page, name);
  await dialog.getByRole('tab', { name: 'Links' }).click();
  await dialog.getByRole('switch', { name: 'Password' }).click();
  await dialog.getByLabel('Link password').fill('lantern-42');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const address = dialog.getByText(/\/files\/s\/[\w-]+$/);
  await expect(address).toBeVisible();
  const url = (await address.textContent())!.trim();

  // Someone without an account opens it.
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(url);
  await expect(visit.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await visit.getByLabel('Password').fill('wrong-guess');
  await visit.getByRole('button', { name: 'Open' }).click();
  await expect(visit.getByText('Wrong password')).toBeVisible();
  await visit.getByLabel('Password').fill('lantern-42');
  await visit.getByRole('button', { name: 'Open' }).click();
  await expect(visit.getByRole('heading', { name })).toBeVisible();
  await expect(visit.getByLabel(`Beginning of ${name}`)).toHaveText('Harbour opens at nine.');
  await expect(visit.getByRole('link', { name: 'Download' })).toBeVisible();
  await visitor.close();

  // The owner revokes it on the Shared links page; the visitor's address then leads nowhere.
  await page.goto('/dashboard/files-manager/links');
  await page.getByRole('button', { name: `Revoke the link to ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this link?' })
    .getByRole('button', { name: 'Revoke link' })
    .click();
  await expect(page.getByRole('button', { name: `Revoke the link to ${name}` })).toHaveCount(0);
  const again = await browser.newContext();
  const late = await again.newPage();
  await late.goto(url);
  await expect(late.getByRole('heading', { name: 'This link is not available' })).toBeVisible();
  await again.close();
});

test('a folder shared as can view: the second person sees it and cannot delete in it', async ({
  page,
  browser,
}) => {
  // Two people, two browsers and a share through the dialog: longer than one page's test on a busy machine.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ada = await registerPerson(page.request, {
    firstName: 'Ada',
    lastName: `Owner${stamp}`,
    prefix: 'ada',
  });
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  const bob = await registerPerson(bobPage.request, {
    firstName: 'Bob',
    lastName: `Viewer${stamp}`,
    prefix: 'bob',
  });
  const folder = `Plans ${stamp}`;
  const folderId = await newFolder(page.request, ada, folder);
  const fileId = await newTextFile(page.request, ada, 'plan.txt', 'Step one.', folderId);

  await openSignedIn(page, ada.accessToken, '/dashboard/files-manager');
  const dialog = await openShareDialog(page, folder);
  await dialog.getByRole('combobox', { name: 'Add people' }).fill(bob.name);
  await page.getByRole('option', { name: bob.name }).click();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'People with access' }).getByText(bob.name)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: `Access of ${bob.name}` })).toHaveText('Can view');

  // Bob finds it under "Shared with me", and inside it the file offers no delete.
  await openSignedIn(bobPage, bob.accessToken, '/dashboard/files-manager?view=shared');
  await expect(bobPage.getByText(folder)).toBeVisible();
  await bobPage
    .getByRole('button', { name: `Actions for ${folder}` })
    .first()
    .click();
  await expect(bobPage.getByRole('menuitem', { name: 'Move to trash' })).toHaveCount(0);
  await bobPage.keyboard.press('Escape');
  await bobPage.goto(`/dashboard/files-manager?view=shared&folder=${folderId}`);
  await bobPage.getByRole('button', { name: 'Actions for plan.txt' }).first().click();
  await expect(bobPage.getByRole('menuitem', { name: 'Download' })).toBeVisible();
  await expect(bobPage.getByRole('menuitem', { name: 'Move to trash' })).toHaveCount(0);
  // The server refuses it as well.
  const refused = await bobPage.request.delete(`/api/files/items/${fileId}`, { headers: auth(bob) });
  expect(refused.ok()).toBe(false);

  await bobContext.close();
});
