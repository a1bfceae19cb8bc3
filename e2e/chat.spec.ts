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
