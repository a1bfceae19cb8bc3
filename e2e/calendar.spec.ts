import { expect, test, type Browser, type Page } from '@playwright/test';

import { openSignedIn, registerPerson } from './support/people.ts';

/**
 * Calendar (issue #12): an organiser selects a range to add an event with an attendee, drags it to another
 * day (kept after a reload); the attendee sees it, and the move, without reloading, and answers.
 */
async function personOn(browser: Browser, firstName: string, lastName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName, lastName, prefix: firstName.toLowerCase() });
  await openSignedIn(page, person.accessToken, '/dashboard/calendar');
  return { page, person, close: () => context.close() };
}

/** A day of the month shown (the 10th… of the current month: always in the month grid). */
function dayOfThisMonth(day: number): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dayCell = (page: Page, date: string) => page.locator(`[role="cell"][data-date="${date}"]`);

/** Drags with the mouse from the middle of one element to the middle of another, in steps. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

async function centre(locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('select a range to add an event with an attendee, drag it to another day; the attendee sees both live', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const bob = await personOn(browser, 'Bob', `Cal${stamp}`);
  const ada = await personOn(browser, 'Ada', `Cal${stamp}`);
  const title = `Roadmap ${stamp}`;
  await expect(ada.page.getByRole('button', { name: /View: Month/ })).toBeVisible();

  // Select the 10th to the 11th: the dialog opens on that range, all day.
  const first = dayOfThisMonth(10);
  await drag(
    ada.page,
    await centre(dayCell(ada.page, first)),
    await centre(dayCell(ada.page, dayOfThisMonth(11))),
  );
  const dialog = ada.page.getByRole('dialog', { name: 'Add event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'All day' })).toBeChecked();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('radio', { name: 'Colour 2' }).click();
  await dialog.getByRole('combobox', { name: 'Attendees' }).fill(`Bob Cal${stamp}`);
  await ada.page.getByRole('option', { name: `Bob Cal${stamp}` }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(ada.page.getByText('Event added')).toBeVisible();

  const adaEvent = ada.page.getByRole('button', { name: title });
  await expect(adaEvent).toBeVisible();
  // Bob, invited, sees it appear without a reload.
  const bobEvent = bob.page.getByRole('button', { name: title });
  await expect(bobEvent).toBeVisible();

  // Ada drags it three days later; the move is saved and stays after a reload.
  const target = dayOfThisMonth(13);
  await drag(ada.page, await centre(adaEvent), await centre(dayCell(ada.page, target)));
  await expect(ada.page.getByText('Event moved')).toBeVisible();
  await ada.page.reload();
  await expect(dayCell(ada.page, target).getByRole('button', { name: title })).toBeVisible();
  await expect(dayCell(ada.page, first).getByRole('button', { name: title })).toHaveCount(0);

  // Bob's calendar follows the move live; he opens it read-only and accepts.
  await expect(dayCell(bob.page, target).getByRole('button', { name: title })).toBeVisible();
  await dayCell(bob.page, target).getByRole('button', { name: title }).click();
  const view = bob.page.getByRole('dialog', { name: 'Event' });
  await expect(view.getByText(`Organiser: Ada Cal${stamp}`)).toBeVisible();
  await expect(view.getByLabel('Title')).toHaveCount(0);
  await view.getByRole('button', { name: 'Accept' }).click();
  await expect(bob.page.getByText('Answer sent')).toBeVisible();

  // Ada's dialog shows Bob's answer.
  await dayCell(ada.page, target).getByRole('button', { name: title }).click();
  await expect(
    ada.page.getByRole('dialog', { name: 'Edit event' }).getByText(`Bob Cal${stamp} · Going`),
  ).toBeVisible();

  await ada.close();
  await bob.close();
});

test('French starts weeks on Monday; Arabic lays the calendar out right to left from Saturday', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, { firstName: 'Lea', lastName: 'Locale', prefix: 'lea' });
  // An English title too long for its day cell, today.
  const today = new Date();
  const at = (hour: number) =>
    new Date(today.getFullYear(), today.getMonth(), today.getDate(), hour).toISOString();
  const created = await page.request.post('/api/calendar/events/new', {
    headers: { authorization: `Bearer ${person.accessToken}` },
    data: { title: 'Quarterly report review with finance', start: at(11), end: at(12) },
  });
  expect(created.ok()).toBe(true);
  await openSignedIn(page, person.accessToken, '/dashboard/calendar');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Nouvel événement' })).toBeVisible();
  await expect(page.getByRole('columnheader').first()).toHaveText(/lun/i);

  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('columnheader').first()).toContainText('السبت');
  // The first column (Saturday) is the rightmost one.
  const headers = page.getByRole('columnheader');
  const saturday = await headers.first().boundingBox();
  const friday = await headers.last().boundingBox();
  expect(saturday!.x).toBeGreaterThan(friday!.x);
  // The English title in the Arabic calendar reads from its first word and is cut at its end.
  const title = page.getByText(/^Quarterly report review/);
  await expect(title).toBeVisible();
  const cut = await title.evaluate((element) => {
    const range = document.createRange();
    range.setStart(element.firstChild!, 0);
    range.setEnd(element.firstChild!, 1);
    const first = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { firstLetterInside: first.left >= box.left - 1 && first.right <= box.right + 1 };
  });
  expect(cut.firstLetterInside).toBe(true);
  await context.close();
});
