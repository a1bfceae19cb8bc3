import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

import { openSignedIn, registerPerson } from './support/people.ts';

/**
 * Kanban (issue #12): a shared board; a card dragged to another column stays there after a reload and
 * moves on the other member's screen without a reload; a card moved with the keyboard alone; Arabic flows
 * right to left.
 */
async function personOn(browser: Browser, firstName: string, lastName: string, path = '/dashboard/kanban') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName, lastName, prefix: firstName.toLowerCase() });
  await openSignedIn(page, person.accessToken, path);
  return { page, person, close: () => context.close() };
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a card dragged to another column is kept and moves live on the other member’s board; the keyboard moves it too', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const ada = await personOn(browser, 'Ada', `Kan${stamp}`);
  const bob = await personOn(browser, 'Bob', `Kan${stamp}`);

  // Ada makes a board (it starts with To do, In progress, Done) and invites Bob.
  await ada.page.getByRole('button', { name: 'New board' }).click();
  const dialog = ada.page.getByRole('dialog', { name: 'New board' });
  await dialog.getByLabel('Board name').fill(`Launch ${stamp}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(ada.page.getByText('Board created')).toBeVisible();
  await expect(column(ada.page, 'To do')).toBeVisible();
  const boardId = new URL(ada.page.url()).searchParams.get('board');
  expect(boardId).toBeTruthy();

  await ada.page.getByRole('button', { name: /^Members/ }).click();
  const members = ada.page.getByRole('dialog', { name: 'Board members' });
  await members.getByRole('combobox', { name: 'Invite people' }).fill(`Bob Kan${stamp}`);
  await ada.page.getByRole('option', { name: `Bob Kan${stamp}` }).click();
  await members.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(members.getByText(`Bob Kan${stamp}`)).toBeVisible();
  await members.getByRole('button', { name: 'Close' }).click();

  // A card in To do.
  await column(ada.page, 'To do').getByRole('button', { name: 'Add card' }).click();
  await column(ada.page, 'To do').getByLabel('Card name').fill('Write the copy');
  await column(ada.page, 'To do').getByLabel('Card name').press('Enter');
  await expect(card(column(ada.page, 'To do'), 'Write the copy')).toBeVisible();

  // Bob, now a member, opens the board and sees it.
  await bob.page.goto(`/dashboard/kanban?board=${boardId}`);
  await expect(card(column(bob.page, 'To do'), 'Write the copy')).toBeVisible();

  // Ada drags it to In progress with the mouse.
  const from = await centre(card(ada.page, 'Write the copy'));
  const to = await centre(column(ada.page, 'In progress'));
  await ada.page.mouse.move(from.x, from.y);
  await ada.page.mouse.down();
  await ada.page.mouse.move(from.x + 10, from.y + 10, { steps: 3 });
  await ada.page.mouse.move(to.x, to.y, { steps: 15 });
  await ada.page.mouse.up();
  await expect(card(column(ada.page, 'In progress'), 'Write the copy')).toBeVisible();

  // Bob's board follows without a reload; Ada's reload keeps it.
  await expect(card(column(bob.page, 'In progress'), 'Write the copy')).toBeVisible();
  await expect(card(column(bob.page, 'To do'), 'Write the copy')).toHaveCount(0);
  await ada.page.reload();
  await expect(card(column(ada.page, 'In progress'), 'Write the copy')).toBeVisible();

  // The keyboard alone: Space picks it up, the right arrow carries it to Done, Space drops it.
  await card(ada.page, 'Write the copy').focus();
  await ada.page.keyboard.press('Space');
  // A screen reader hears each step (dnd-kit's live region, in the interface's language).
  await expect(ada.page.getByText('Write the copy is over In progress, position 1.')).toBeAttached();
  await ada.page.keyboard.press('ArrowRight');
  await expect(ada.page.getByText(/^Write the copy is over Done, position 1\.$/)).toBeAttached();
  await ada.page.keyboard.press('Space');
  await expect(card(column(ada.page, 'Done'), 'Write the copy')).toBeVisible();
  await expect(card(column(bob.page, 'Done'), 'Write the copy')).toBeVisible();
  await ada.page.reload();
  await expect(card(column(ada.page, 'Done'), 'Write the copy')).toBeVisible();

  // Bob comments in the card drawer; Ada's card face counts it.
  await card(bob.page, 'Write the copy').click();
  await bob.page.getByRole('textbox', { name: 'Write a comment…' }).fill('Draft is in the doc');
  await bob.page.getByRole('button', { name: 'Send' }).click();
  await expect(bob.page.getByText('Draft is in the doc')).toBeVisible();
  await expect(
    ada.page
      .getByRole('listitem')
      .filter({ has: card(ada.page, 'Write the copy') })
      .getByLabel('1 comment'),
  ).toBeVisible();

  await ada.close();
  await bob.close();
});

test('Arabic lays the columns out right to left', async ({ browser }) => {
  const stamp = Date.now();
  const lea = await personOn(browser, 'Lea', `Kan${stamp}`);
  await expect(column(lea.page, 'To do')).toBeVisible();
  await lea.page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await lea.page.reload();
  await expect(lea.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(lea.page.getByRole('heading', { level: 1 })).toHaveText('كانبان');
  const first = await column(lea.page, 'To do').boundingBox();
  const second = await column(lea.page, 'In progress').boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x);
  await lea.close();
});
