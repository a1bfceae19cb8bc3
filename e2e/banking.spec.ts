import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { openSignedIn, registerPerson, type Person } from './support/people.ts';

/**
 * Banking (issue 28 B): a transfer from the overview reaches the other person's open overview live; a bank
 * statement is imported and categorised by a rule; the expense donut opens the filtered transactions; the
 * overview on a phone, in Arabic (right to left), dark, without serious axe violations.
 */

const api = (request: APIRequestContext, person: Person) => {
  const headers = { authorization: `Bearer ${person.accessToken}` };
  return {
    get: async <T>(path: string) => {
      const res = await request.get(`/api/banking${path}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown) => {
      const res = await request.post(`/api/banking${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
  };
};

type Account = { id: string; primary: boolean; status: string };
type Category = { id: string; key: string | null; kind: string };

/** A new person with a main current account (and `deposit` cents on it), signed in on `path`. */
async function personOn(browser: Browser, firstName: string, path: string, deposit = 0) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await registerPerson(page.request, {
    firstName,
    lastName: `Bank${Date.now()}`,
    prefix: firstName.toLowerCase(),
  });
  const bank = api(page.request, person);
  let { accounts } = await bank.get<{ accounts: Account[] }>('/accounts');
  if (!accounts.some((account) => account.status === 'open')) {
    await bank.post('/accounts', { kind: 'current', name: 'Main' });
    ({ accounts } = await bank.get<{ accounts: Account[] }>('/accounts'));
  }
  const main = accounts.find((account) => account.primary) ?? accounts[0]!;
  if (deposit > 0) {
    await bank.post('/transactions', {
      type: 'income',
      accountId: main.id,
      amount: deposit,
      date: new Date().toISOString().slice(0, 10),
      counterparty: 'Payroll',
      idempotencyKey: `e2e-${crypto.randomUUID()}`,
    });
  }
  await openSignedIn(page, person.accessToken, path);
  return { page, person, bank, main, close: () => context.close() };
}

test('A sends B money from the overview; B’s balance and recent transactions change live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const bob = await personOn(browser, 'Bob', '/dashboard/banking');
  const bobBalance = bob.page.getByTestId('total-balance');
  await expect(bobBalance).toHaveText('$0.00');

  const ada = await personOn(browser, 'Ada', '/dashboard/banking', 50_000);
  await expect(ada.page.getByTestId('total-balance')).toHaveText('$500.00');
  await ada.page.locator('[data-widget="balance"]').getByRole('button', { name: 'Send' }).click();
  const dialog = ada.page.getByRole('dialog', { name: 'Send money' });
  await dialog.getByRole('combobox', { name: 'To' }).fill(bob.person.name.split(' ')[1]!);
  await ada.page.getByRole('option', { name: bob.person.name }).click();
  await expect(dialog.getByTestId('your-balance')).toHaveText('$500.00');
  await dialog.getByRole('spinbutton', { name: 'Amount' }).fill('120');
  await dialog.getByRole('button', { name: 'Review' }).click();
  const confirm = ada.page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(confirm.getByText('Balance after')).toBeVisible();
  await expect(confirm.getByText('$380.00')).toBeVisible();
  await confirm.getByRole('button', { name: 'Send $120.00' }).click();
  await expect(ada.page.getByTestId('total-balance')).toHaveText('$380.00');

  // Bob's open page, without a reload.
  await expect(bobBalance).toHaveText('$120.00');
  await expect(
    bob.page.locator('[data-widget="recent-transactions"]').getByText(ada.person.name),
  ).toBeVisible();

  await ada.close();
  await bob.close();
});

test('a CSV statement is imported and categorised; the donut opens the filtered transactions', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = await personOn(browser, 'Ida', '/dashboard/banking/import', 100_000);
  const { categories } = await ada.bank.get<{ categories: Category[] }>('/categories');
  expect(categories.some((category) => category.key === 'groceries')).toBe(true);

  // A rule: payee contains "market" → Groceries.
  await ada.page.getByRole('textbox', { name: 'Payee contains' }).fill('market');
  await ada.page.getByRole('combobox', { name: 'Category' }).click();
  await ada.page.getByRole('option', { name: 'Groceries', exact: true }).click();
  await ada.page.getByRole('button', { name: 'Add rule' }).click();
  await expect(ada.page.getByText('"market" → Groceries')).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  const csv = `Date,Payee,Amount\n${today},Fresh Market,-42.50\n${today},City Market,-17.25\n`;
  await ada.page.getByLabel('Choose CSV file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await ada.page.getByRole('button', { name: 'Preview' }).click();
  const preview = ada.page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview.getByText('Groceries')).toHaveCount(2);
  await ada.page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(ada.page.getByRole('status').filter({ hasText: '2 imported' })).toBeVisible();

  // Again: both rows are duplicates now.
  await ada.page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByText('Duplicate')).toHaveCount(2);

  // The donut's Groceries slice opens the transactions filtered to it (by keyboard: the chart's data table
  // holds one Open button per slice, under the drawing).
  await ada.page.goto('/dashboard/banking');
  const donut = ada.page.locator('[data-widget="expenses-categories"]');
  const open = donut.getByRole('button', { name: 'Open the transactions of Groceries' });
  await open.focus();
  await open.press('Enter');
  await expect(ada.page).toHaveURL(/\/dashboard\/banking\/transactions\?.*categoryId=/);
  const grid = ada.page.getByRole('grid', { name: 'Transactions' });
  await expect(grid.getByText('Fresh Market')).toBeVisible();
  await expect(grid.getByText('City Market')).toBeVisible();
  await expect(grid.getByText('Payroll')).toHaveCount(0);
  await ada.close();
});

test('the overview on a phone, in Arabic, dark: right to left, money in Arabic, no serious axe violation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL ?? '' },
    { name: 'themeDirection', value: 'rtl', url: baseURL ?? '' },
  ]);
  const page = await context.newPage();
  const person = await registerPerson(page.request, {
    firstName: 'Rana',
    lastName: `Bank${Date.now()}`,
    prefix: 'rana',
  });
  await openSignedIn(page, person.accessToken, '/dashboard/banking');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الخدمات المصرفية' })).toBeVisible();
  const balance = page.getByTestId('total-balance');
  await expect(balance).toBeVisible();
  // Arabic digits and the Arabic way of writing money, not "$0.00".
  await expect(balance).not.toHaveText('$0.00');
  // One column on a phone: nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'banking dark rtl phone', { include: 'main' });
  await context.close();
});
