import { expect, test, type Browser } from '@playwright/test';

import { openSignedIn, registerPerson } from './support/people.ts';

/**
 * Chat (issue #10): two people in two browser contexts; what one sends reaches the other without a reload.
 */
async function personOn(browser: Browser, firstName: string, lastName: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName, lastName, prefix: firstName.toLowerCase() });
  await openSignedIn(page, person.accessToken, path);
  return { page, person, close: () => context.close() };
}

test('A starts a conversation with B; B sees it arrive unread, reads it (A sees "Seen") and replies live', async ({
  browser,
}) => {
  const stamp = Date.now();
  const bob = await personOn(browser, 'Bob', `Chat${stamp}`, '/dashboard/chat');
  const ada = await personOn(browser, 'Ada', `Chat${stamp}`, '/dashboard/chat/new');

  await ada.page.getByRole('combobox', { name: 'To' }).fill(`Bob Chat${stamp}`);
  await ada.page.getByRole('option', { name: new RegExp(`Bob Chat${stamp}`) }).click();
  await ada.page.getByRole('textbox', { name: 'First message' }).fill('Hello Bob, lunch at noon?');
  await ada.page.getByRole('button', { name: 'Send', exact: true }).click();
  const adaLog = ada.page.getByRole('log');
  await expect(adaLog.getByText('Hello Bob, lunch at noon?')).toBeVisible();

  // Bob's list shows it without a reload, unread.
  const item = bob.page.getByRole('link', { name: new RegExp(`Ada Chat${stamp}`) });
  await expect(item).toBeVisible();
  await expect(item.getByLabel('1 unread message')).toBeAttached();
  await item.click();
  await expect(bob.page.getByRole('log').getByText('Hello Bob, lunch at noon?')).toBeVisible();

  // Ada sees that Bob has read it.
  await expect(adaLog.getByText(/Seen/)).toBeVisible();

  // Bob replies with Enter; Ada gets it live.
  const input = bob.page.getByRole('textbox', { name: 'Message' });
  await input.fill('Sounds good!');
  await input.press('Enter');
  await expect(bob.page.getByRole('log').getByText('Sounds good!')).toBeVisible();
  await expect(adaLog.getByText('Sounds good!')).toBeVisible();

  await ada.close();
  await bob.close();
});

/** A small real PNG (8×8, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

test('an image sent with progress shows to B (viewer, shared files, unread in the tab title) and is refused to a third person', async ({
  browser,
}) => {
  const stamp = Date.now();
  const bob = await personOn(browser, 'Bob', `Pic${stamp}`, '/dashboard/app');
  const ada = await personOn(browser, 'Ada', `Pic${stamp}`, '/dashboard/chat');
  const started = await ada.page.request.post('/api/chat/conversations', {
    headers: { authorization: `Bearer ${ada.person.accessToken}` },
    data: { recipientIds: [bob.person.id], message: { body: 'Photo coming', clientId: `e2e-p-${stamp}` } },
  });
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  // Bob is elsewhere in the dashboard: the Chat nav item and the tab title count what he has not read.
  await expect(bob.page).toHaveTitle(/^\(1\) /);

  await ada.page.goto(`/dashboard/chat/${conversation.id}`);
  // A slow upload: its progress shows until the server has the file.
  await ada.page.route('**/api/files?use=attachment', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await ada.page
    .getByLabel('Attach files')
    .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: PNG });
  const chosen = ada.page.getByRole('list', { name: 'Files to send' });
  await expect(chosen.getByText('sunset.png')).toBeVisible();
  const send = ada.page.getByRole('button', { name: 'Send', exact: true });
  await expect(chosen.getByRole('progressbar', { name: 'Uploading sunset.png' })).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(chosen.getByRole('progressbar')).toBeHidden();
  await expect(send).toBeEnabled();
  await ada.page.getByRole('textbox', { name: 'Message' }).fill('The view from here');
  await send.click();
  await expect(chosen).toBeHidden();
  // Pictures are re-encoded on upload (ADR 018): the name follows the bytes.
  const adaPicture = ada.page.getByRole('log').getByRole('img', { name: 'sunset.webp' });
  await expect(adaPicture).toBeVisible();

  // Bob gets it live (title count 2), opens the room, and sees the picture itself, not a broken image.
  await expect(bob.page).toHaveTitle(/^\(2\) /);
  await bob.page.goto(`/dashboard/chat/${conversation.id}`);
  const picture = bob.page.getByRole('log').getByRole('img', { name: 'sunset.webp' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expect(bob.page).not.toHaveTitle(/^\(/);
  await bob.page.getByRole('button', { name: 'Open sunset.webp' }).click();
  const viewer = bob.page.getByRole('dialog', { name: 'sunset.webp' });
  await expect(viewer.getByRole('img', { name: 'sunset.webp' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download sunset.webp' })).toBeVisible();
  await bob.page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // The side panel lists the files shared in the conversation.
  const details = bob.page.getByRole('button', { name: 'Conversation details' });
  if ((await details.getAttribute('aria-pressed')) !== 'true') await details.click();
  await expect(bob.page.getByRole('heading', { name: 'Shared files' })).toBeVisible();
  await expect(bob.page.getByRole('link', { name: 'sunset.webp' })).toBeVisible();

  // Carol is not in the conversation: the file is not there for her, whatever she asks.
  const carol = await registerPerson(ada.page.request, {
    firstName: 'Carol',
    lastName: `Pic${stamp}`,
    prefix: 'carol',
  });
  const src = await picture.getAttribute('src');
  const fileId = /\/api\/files\/([0-9a-f-]{36})\//.exec(src ?? '')?.[1];
  expect(fileId).toBeTruthy();
  const asCarol = { headers: { authorization: `Bearer ${carol.accessToken}` } };
  expect((await ada.page.request.get(`/api/files/${fileId}`, asCarol)).status()).toBe(404);
  expect((await ada.page.request.get(`/api/files/${fileId}/content`, asCarol)).status()).toBe(404);
  expect(
    (
      await ada.page.request.get(`/api/chat/attachments?conversationKey=${conversation.id}`, asCarol)
    ).status(),
  ).toBe(404);

  await ada.close();
  await bob.close();
});

test('older messages load on scroll without the view jumping; one arriving while scrolled up shows a pill', async ({
  browser,
}) => {
  const stamp = Date.now();
  const ada = await personOn(browser, 'Ada', `Scroll${stamp}`, '/dashboard/app');
  const bob = await registerPerson(ada.page.request, {
    firstName: 'Bob',
    lastName: `Scroll${stamp}`,
    prefix: 'bob',
  });
  const asBob = { authorization: `Bearer ${bob.accessToken}` };
  const started = await ada.page.request.post('/api/chat/conversations', {
    headers: asBob,
    data: { recipientIds: [ada.person.id], message: { body: 'Message 1', clientId: `e2e-s-${stamp}-1` } },
  });
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  for (let i = 2; i <= 45; i++) {
    const sent = await ada.page.request.post('/api/chat/messages', {
      headers: asBob,
      data: { conversationId: conversation.id, body: `Message ${i}`, clientId: `e2e-s-${stamp}-${i}` },
    });
    expect(sent.ok()).toBe(true);
  }

  await ada.page.goto(`/dashboard/chat/${conversation.id}`);
  const log = ada.page.getByRole('log');
  // Opened at the newest message; the first ones are not loaded yet (a page is 30).
  await expect(log.getByText('Message 45', { exact: true })).toBeInViewport();
  await expect(log.getByText('Message 1', { exact: true })).toHaveCount(0);

  // Scrolling to the top loads the older ones; what was at the top stays on screen.
  const oldestShown = log.getByText('Message 16', { exact: true });
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(log.getByText('Message 1', { exact: true })).toBeAttached();
  await expect(oldestShown).toBeInViewport();

  // Scrolled up, a new message does not move the view: a pill says it arrived, and takes the reader there.
  const sent = await ada.page.request.post('/api/chat/messages', {
    headers: asBob,
    data: { conversationId: conversation.id, body: 'Are you there?', clientId: `e2e-s-${stamp}-new` },
  });
  expect(sent.ok()).toBe(true);
  const pill = ada.page.getByRole('button', { name: '1 new message' });
  await expect(pill).toBeVisible();
  await expect(log.getByText('Are you there?')).not.toBeInViewport();
  await pill.click();
  await expect(log.getByText('Are you there?')).toBeInViewport();
  await expect(pill).toBeHidden();

  await ada.close();
});

test('the room reads right to left in Arabic, and a stranger cannot open the conversation', async ({
  browser,
}) => {
  const stamp = Date.now();
  const ada = await personOn(browser, 'Ada', `Rtl${stamp}`, '/dashboard/chat');
  const bob = await registerPerson(ada.page.request, {
    firstName: 'Bob',
    lastName: `Rtl${stamp}`,
    prefix: 'bob',
  });
  const started = await ada.page.request.post('/api/chat/conversations', {
    headers: { authorization: `Bearer ${ada.person.accessToken}` },
    data: { recipientIds: [bob.id], message: { body: 'مرحبا', clientId: `e2e-${stamp}` } },
  });
  expect(started.ok()).toBe(true);
  const { conversation } = (await started.json()) as { conversation: { id: string } };

  await ada.page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
  await ada.page.goto(`/dashboard/chat/${conversation.id}`);
  await expect(ada.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ada.page.getByRole('log').getByText('مرحبا')).toBeVisible();

  const carol = await personOn(browser, 'Carol', `Rtl${stamp}`, `/dashboard/chat/${conversation.id}`);
  await expect(carol.page.getByText('This conversation does not exist, or you are not in it.')).toBeVisible();
  await carol.close();
  await ada.close();
});
