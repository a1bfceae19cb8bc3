import { expect, test, type APIRequestContext } from '@playwright/test';

import { openSignedIn, registerPerson, type Person } from './support/people.ts';

/**
 * The file manager's browsing side (issue 27 A/D): files dropped on the page upload with their progress,
 * and an item moved to the trash comes back with Restore.
 */

const auth = (person: Person) => ({ authorization: `Bearer ${person.accessToken}` });

/** A text file uploaded and placed at the person's root, through the API. */
async function newTextFile(request: APIRequestContext, person: Person, name: string, text: string) {
  const upload = await request.post('/api/files?use=drive', {
    headers: auth(person),
    multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { file } = (await upload.json()) as { file: { id: string } };
  const place = await request.post('/api/files/items', { headers: auth(person), data: { fileId: file.id } });
  expect(place.ok(), await place.text()).toBe(true);
}

test('files dropped on the page upload into the folder shown, each with its progress', async ({
  page,
  request,
}) => {
  const person = await registerPerson(request, { firstName: 'Drop', lastName: 'Zone' });
  await openSignedIn(page, person.accessToken, '/dashboard/files-manager');
  const region = page.getByRole('region', { name: 'Files' });
  await expect(page.getByText('This folder is empty')).toBeVisible();

  // The bytes travel slowly enough to see the bar: each chunk waits a moment before it is sent.
  await page.route('**/api/files/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });

  // A drop of two files from the desktop (a DataTransfer made in the page, as the browser makes one).
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['a'.repeat(6 * 1024 * 1024)], 'big-notes.txt', { type: 'text/plain' }));
    transfer.items.add(new File(['hello'], 'small-note.txt', { type: 'text/plain' }));
    return transfer;
  });
  await region.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByText('Drop files to upload them here')).toBeVisible();
  await region.dispatchEvent('drop', { dataTransfer });

  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar', { name: 'Uploading big-notes.txt' })).toBeVisible();
  await expect(uploads.getByText('2 of 2 uploads finished')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Open big-notes.txt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open small-note.txt' })).toBeVisible();
});

test('an item moved to the trash comes back with Restore', async ({ page, request }) => {
  const person = await registerPerson(request, { firstName: 'Trash', lastName: 'Can' });
  await newTextFile(request, person, 'keep-me.txt', 'Still needed');
  await openSignedIn(page, person.accessToken, '/dashboard/files-manager');

  await page.getByRole('button', { name: 'Actions for keep-me.txt' }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move keep-me.txt to the trash?' });
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByText('This folder is empty')).toBeVisible();

  await page.getByRole('tab', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/view=trash/);
  await page.getByRole('button', { name: 'Actions for keep-me.txt' }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();

  await page.getByRole('tab', { name: 'My files' }).click();
  await expect(page.getByRole('button', { name: 'Open keep-me.txt' })).toBeVisible();
});
