import { expect, test, type Browser, type Page } from '@playwright/test';

import { openSignedIn, registerPerson } from './support/people.ts';

/**
 * Real-time (issue #9 D): what one person does reaches another person's open page without a reload, over
 * the one WebSocket of the signed-in shell.
 */

/** A new account, signed in in a browser context of its own (a second person), on `path`. */
async function personOn(browser: Browser, firstName: string, lastName: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName, lastName, prefix: firstName.toLowerCase() });
  await openSignedIn(page, person.accessToken, path);
  return { page, close: () => context.close() };
}

const unread = (page: Page, count: number) => page.getByText(`Unread: ${count}`, { exact: true });

test('a notification reaches the other person’s open page at once (someone follows them)', async ({
  browser,
}) => {
  const lastName = `Live${Date.now()}`;
  const bob = await personOn(browser, 'Bob', lastName, '/dashboard/app');
  // Bob's welcome notification.
  await expect(unread(bob.page, 1)).toBeAttached();

  const ada = await personOn(browser, 'Ada', `Follower${Date.now()}`, '/dashboard/user/cards');
  await ada.page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
  await ada.page.getByRole('button', { name: `Follow Bob ${lastName}` }).click();
  await expect(ada.page.getByRole('button', { name: `Following Bob ${lastName}` })).toBeVisible();

  // Bob's badge counts it without a reload, and the popover lists it.
  await expect(unread(bob.page, 2)).toBeAttached();
  await bob.page.getByRole('button', { name: 'Notifications' }).click();
  await expect(bob.page.getByText(/started following you$/)).toBeVisible();

  // Read in another tab of Bob's: this tab's badge clears too.
  const bobTab = await bob.page.context().newPage();
  await bobTab.goto('/dashboard/app');
  await bobTab.getByRole('button', { name: 'Notifications' }).click();
  await bobTab.getByRole('button', { name: 'Mark all as read' }).click();
  await bob.page.keyboard.press('Escape');
  await expect(bob.page.getByText(/^Unread: \d+$/)).toHaveCount(0);

  await ada.close();
  await bob.close();
});

test('a person sets their status in the account menu; others read it, and it stays after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const ada = await registerPerson(page.request, {
    firstName: 'Ada',
    lastName: `Status${Date.now()}`,
    prefix: 'ada',
  });
  await openSignedIn(page, ada.accessToken, '/dashboard/app');
  const bob = await personOn(browser, 'Bob', `Watcher${Date.now()}`, '/dashboard/app');

  const menu = async () => {
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    return page.getByRole('menu', { name: 'Status' });
  };
  const status = await menu();
  // Signed in with the page open: online, chosen by activity.
  await expect(status.getByRole('menuitemradio', { name: 'Online' })).toHaveAttribute('aria-checked', 'true');
  await status.getByRole('menuitemradio', { name: 'Busy' }).click();
  await expect(status.getByRole('menuitemradio', { name: 'Busy' })).toHaveAttribute('aria-checked', 'true');

  // Bob asks the API how Ada is (chat's contacts will show it).
  await expect
    .poll(async () => {
      const res = await bob.page.request.get(`/api/presence?userIds=${ada.id}`, {
        headers: {
          authorization: `Bearer ${await bob.page.evaluate(() => localStorage.getItem('accessToken'))}`,
        },
      });
      return ((await res.json()) as { presence: Array<{ status: string }> }).presence[0]?.status;
    })
    .toBe('busy');

  await page.reload();
  const again = await menu();
  await expect(again.getByRole('menuitemradio', { name: 'Busy' })).toHaveAttribute('aria-checked', 'true');
  await again.getByRole('menuitemradio', { name: 'Appear offline' }).click();
  await expect(again.getByRole('menuitemradio', { name: 'Appear offline' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await bob.close();
  await context.close();
});
