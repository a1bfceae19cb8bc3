import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { openSignedIn, registerPerson, signIn } from './support/people.ts';

/**
 * The overview dashboards (issue 26): figures from the workspace's data, live; the date range and the
 * person's layout kept; a chart's bar opens the list it summarises.
 */

const widget = (page: Page, id: string) => page.locator(`[data-widget="${id}"]`);

/** Places a cash order (pending until paid) of one demo shirt as the person holding `token`. */
async function placeOrder(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const found = await request.get('/api/products?search=oxford', { headers });
  expect(found.ok(), await found.text()).toBe(true);
  const { products } = (await found.json()) as { products: { id: string }[] };
  const res = await request.post('/api/orders', {
    headers,
    data: {
      items: [{ productId: products[0]!.id, quantity: 1 }],
      address: {
        name: 'Olga Overview',
        phoneNumber: '+44 20 7946 0000',
        street: '12 St James Square',
        city: 'London',
        zipCode: 'SW1Y 4JH',
        country: 'United Kingdom',
      },
      delivery: 'standard',
      paymentMethod: 'cash',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('another person’s order changes the administrator’s e-commerce overview without a reload', async ({
  page,
  browser,
}) => {
  const admin = await signIn(page.request);
  await openSignedIn(page, admin, '/dashboard/ecommerce');
  await expect(page.getByRole('heading', { level: 1, name: 'E-commerce' })).toBeVisible();
  const balance = widget(page, 'current-balance');
  await expect(balance.getByText('Pending')).toBeVisible();
  const before = await balance.textContent();

  const context = await browser.newContext();
  const customer = await registerPerson(context.request, {
    firstName: 'Olga',
    lastName: `Buyer${Date.now()}`,
  });
  await placeOrder(context.request, customer.accessToken);
  await context.close();

  // The pending amount and the order total grow on the open page (debounced refetch after the push).
  await expect.poll(() => balance.textContent(), { timeout: 15_000 }).not.toBe(before);
});

test('a month’s bar of the yearly sales opens the orders list of that month', async ({ page }) => {
  const admin = await signIn(page.request);
  await openSignedIn(page, admin, '/dashboard/ecommerce');
  const yearly = widget(page, 'yearly-sales');
  const bars = yearly.locator('.MuiBarChart-element');
  await expect(bars.first()).toBeVisible();
  // The tallest bar: a month with sales in the demo data.
  const tallest = await bars.evaluateAll((elements) =>
    elements.reduce(
      (best, element, index) =>
        element.getBoundingClientRect().height > elements[best]!.getBoundingClientRect().height
          ? index
          : best,
      0,
    ),
  );
  await bars.nth(tallest).click();

  await expect(page).toHaveURL(/\/dashboard\/order\/list\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('startDate')).toBeTruthy();
  expect(url.searchParams.get('endDate')).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

test('a hidden widget stays hidden after a reload, and Reset layout brings it back', async ({ page }) => {
  const person = await registerPerson(page.request, { firstName: 'Lara', lastName: `Layout${Date.now()}` });
  await openSignedIn(page, person.accessToken, '/dashboard/app');
  await expect(widget(page, 'top-authors')).toBeVisible();

  await page.getByRole('button', { name: 'Customize' }).click();
  await page.getByRole('button', { name: 'Hide Top authors' }).click();
  await expect(widget(page, 'top-authors')).toHaveCount(0);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.reload();
  await expect(widget(page, 'top-products')).toBeVisible();
  await expect(widget(page, 'top-authors')).toHaveCount(0);

  await page.getByRole('button', { name: 'Customize' }).click();
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await expect(widget(page, 'top-authors')).toBeVisible();
  await page.reload();
  await expect(widget(page, 'top-authors')).toBeVisible();
});

test('the date range is kept in the address and survives a reload', async ({ page }) => {
  const person = await registerPerson(page.request, { firstName: 'Rana', lastName: `Range${Date.now()}` });
  await openSignedIn(page, person.accessToken, '/dashboard/app');
  await page.getByRole('button', { name: /^Date range: Last 30 days/ }).click();
  await page.getByRole('menuitemradio', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByText('vs the previous 7 days').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: /^Date range: Last 7 days/ })).toBeVisible();
  await expect(page.getByText('vs the previous 7 days').first()).toBeVisible();
});

test('on a phone, in Arabic and dark mode: one column, right to left, and the layout controls pass axe', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'themeMode', value: 'dark', url: baseURL! }]);
  const page = await context.newPage();
  const admin = await signIn(page.request);
  await openSignedIn(page, admin, '/dashboard/ecommerce');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'التجارة الإلكترونية' })).toBeVisible();

  // Every widget spans the phone's width: one column, nothing wider than the screen.
  const slots = page.locator('[data-widget-slot]');
  await expect(slots.first()).toBeVisible();
  const boxes = await slots.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map(({ x, width }) => ({ x, width })),
  );
  expect(boxes.length).toBeGreaterThan(5);
  for (const box of boxes) expect(Math.round(box.x)).toBe(Math.round(boxes[0]!.x));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'تخصيص' }).click();
  await expect(page.getByRole('button', { name: 'إعادة تعيين التخطيط' })).toBeVisible();
  await expectNoSeriousViolations(page, 'e-commerce overview, customizing, ar dark phone');
  await context.close();
});
