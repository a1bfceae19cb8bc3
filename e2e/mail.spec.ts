import { expect, test, type Browser, type Page } from '@playwright/test';

import { openSignedIn, registerPerson } from './support/people.ts';

/**
 * Mail (issue #11): two people in two browser contexts; mail between them arrives without a reload.
 */
async function personOn(browser: Browser, firstName: string, lastName: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName, lastName, prefix: firstName.toLowerCase() });
  await openSignedIn(page, person.accessToken, path);
  return { page, person, close: () => context.close() };
}

const mailNav = (page: Page) => page.getByRole('navigation', { name: 'Labels' }).first();

/** A small real PNG (8×8, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

async function write(page: Page, to: string, subject: string, body: string, attach = false) {
  await page.getByRole('button', { name: 'Compose' }).first().click();
  if (attach) {
    await page
      .getByLabel('Attach files')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('button', { name: /Remove chart/ })).toBeVisible();
  }
  const to_ = page.getByRole('combobox', { name: 'To' });
  await to_.fill(to);
  await to_.press('Enter');
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const editor = page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await editor.pressSequentially(body);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
}

test('A writes to B; B sees it arrive live with the unread count rising, reads it and replies; A gets the reply', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const bob = await personOn(browser, 'Bob', `Mail${stamp}`, '/dashboard/mail');
  const ada = await personOn(browser, 'Ada', `Mail${stamp}`, '/dashboard/mail');

  // Everyone starts with the welcome mail, unread.
  const bobInbox = mailNav(bob.page).getByRole('button', { name: /Inbox/ });
  await expect(bobInbox.getByLabel('1 unread mail')).toBeVisible();
  await expect(bob.page.getByRole('list', { name: 'Inbox' }).getByText('Welcome to Atrium')).toBeVisible();

  await write(ada.page, bob.person.email, `Budget ${stamp}`, 'Can you check the budget?', true);

  // Bob's inbox shows it without a reload (after the five seconds Ada had to undo), and the count rises.
  const item = bob.page
    .getByRole('list', { name: 'Inbox' })
    .getByRole('button', { name: new RegExp(`Budget ${stamp}`) });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(bobInbox.getByLabel('2 unread mails')).toBeVisible();
  await item.click();
  await expect(bob.page.getByRole('heading', { name: `Budget ${stamp}` })).toBeVisible();
  await expect(bob.page.locator('.mail-body')).toContainText('Can you check the budget?');
  // The attachment is there for Bob, and its link downloads the picture.
  const attachment = bob.page.getByRole('link', { name: /^Download chart/ });
  await expect(attachment).toBeVisible();
  const download = await bob.page.request.get((await attachment.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toMatch(/^image\//);
  await expect(bobInbox.getByLabel('1 unread mail')).toBeVisible();
  await expect(bob.page).toHaveURL(/[?&]id=/);

  // Bob replies; Ada gets "Re: …" live.
  await bob.page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(bob.page.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Re: Budget ${stamp}`);
  const editor = bob.page.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await editor.press('Control+Home');
  await editor.pressSequentially('Looks fine to me.');
  await bob.page.getByRole('button', { name: 'Send', exact: true }).click();
  const reply = ada.page
    .getByRole('list', { name: 'Inbox' })
    .getByRole('button', { name: new RegExp(`Re: Budget ${stamp}`) });
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await reply.click();
  await expect(ada.page.locator('.mail-body')).toContainText('Looks fine to me.');

  // Bob moves Ada's mail to the trash and restores it from there.
  await bob.page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(bob.page.getByText('Mail moved to trash')).toBeVisible();
  await mailNav(bob.page).getByRole('button', { name: /Trash/ }).click();
  await bob.page
    .getByRole('list', { name: 'Trash' })
    .getByRole('button', { name: new RegExp(`Budget ${stamp}`) })
    .click();
  await bob.page.getByRole('button', { name: 'Restore' }).click();
  await expect(bob.page.getByText('Mail restored')).toBeVisible();
  await mailNav(bob.page).getByRole('button', { name: /Inbox/ }).click();
  await expect(
    bob.page
      .getByRole('list', { name: 'Inbox' })
      .getByRole('button', { name: new RegExp(`Budget ${stamp}`) }),
  ).toBeVisible();

  await ada.close();
  await bob.close();
});

test('the mailbox reads right to left in Arabic and speaks French, on a phone one pane at a time', async ({
  browser,
}) => {
  const stamp = Date.now();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName: 'Rania', lastName: `Mail${stamp}` });
  await openSignedIn(page, person.accessToken, '/dashboard/mail');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Courrier' })).toBeVisible();

  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'البريد' })).toBeVisible();
  // On a phone the list shows first; opening a mail shows it alone, with a way back.
  await page
    .getByRole('list')
    .getByRole('button', { name: /Atrium/ })
    .first()
    .click();
  // The welcome mail came in the language the account registered with (English here).
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to Atrium' })).toBeVisible();
  await page.getByRole('button', { name: 'العودة إلى القائمة' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to Atrium' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'البريد الوارد' })).toBeVisible();

  await context.close();
});
