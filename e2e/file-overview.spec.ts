import { expect, test } from '@playwright/test';

import { openSignedIn, registerPerson, type Person } from './support/people.ts';

/**
 * The file overview (issue 27 B/D): an upload from its upload box, and one made elsewhere (another tab,
 * through the API), both show up in its widgets without a reload.
 */

const auth = (person: Person) => ({ authorization: `Bearer ${person.accessToken}` });

test('the file overview updates after an upload', async ({ page, request }) => {
  const person = await registerPerson(request, { firstName: 'Over', lastName: 'View' });
  await openSignedIn(page, person.accessToken, '/dashboard/file');
  await expect(page.getByRole('heading', { level: 1, name: 'File overview' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent files' });
  const storage = page.getByRole('region', { name: 'Storage' });
  await expect(recent.getByText('No files yet.')).toBeVisible();
  await expect(storage.getByText('No files yet: upload one to see your storage here.')).toBeVisible();

  // The upload box sends the file to the person's root.
  const upload = page.getByRole('region', { name: 'Upload files' });
  await upload.getByLabel('Choose files').setInputFiles({
    name: 'from-the-box.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('uploaded from the overview'),
  });
  await expect(recent.getByRole('link', { name: 'from-the-box.txt' })).toBeVisible({ timeout: 30_000 });
  await expect(storage.getByText(/of 1 GB used/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Data activity' }).getByText('Nothing uploaded in this period.'),
  ).toBeHidden();

  // An upload made elsewhere arrives live (files.changed).
  const stored = await request.post('/api/files?use=drive', {
    headers: auth(person),
    multipart: {
      file: { name: 'elsewhere.txt', mimeType: 'text/plain', buffer: Buffer.from('from another tab') },
    },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  const { file } = (await stored.json()) as { file: { id: string } };
  const placed = await request.post('/api/files/items', { headers: auth(person), data: { fileId: file.id } });
  expect(placed.ok(), await placed.text()).toBe(true);
  await expect(recent.getByRole('link', { name: 'elsewhere.txt' })).toBeVisible({ timeout: 15_000 });

  // A recent file opens its folder in the file manager.
  await recent.getByRole('link', { name: 'elsewhere.txt' }).click();
  await expect(page).toHaveURL(/\/dashboard\/files-manager$/);
});
