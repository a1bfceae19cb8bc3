import { expect, test, type Page } from '@playwright/test';

import { openSignedIn, registerPerson } from './support/people.ts';

/**
 * E-commerce, the shop (issue #13): search and filter on the server, open a product, add two colours of it
 * (one cart line, the colours merged, quantity 2), the cart survives a reload; write a review; French and
 * Arabic layouts and money.
 */
const grid = (page: Page) => page.getByRole('region', { name: 'Shop' });

test('search and filter the shop, add two colours of a product to the cart, keep it across a reload, review it', async ({
  page,
}) => {
  const person = await registerPerson(page.request, { firstName: 'Sam', lastName: 'Shopper', prefix: 'sam' });
  await openSignedIn(page, person.accessToken, '/dashboard/e-commerce/shop');
  await expect(grid(page).getByRole('article').first()).toBeVisible();

  // Search (on the server): only jeans are left, and the search shows as a chip.
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('jeans');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=jeans/);
  await expect(grid(page).getByRole('article', { name: 'High-Rise Skinny Jeans' })).toBeVisible();
  await expect(grid(page).getByRole('article', { name: 'Pocket V-Neck Tee' })).toHaveCount(0);
  for (const name of await grid(page)
    .getByRole('article')
    .evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')))) {
    expect(name).toMatch(/jeans/i);
  }

  // A filter from the drawer narrows it further: women's jeans.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('checkbox', { name: 'Women' }).click();
  await expect(page.getByRole('checkbox', { name: 'Women' })).toBeChecked();
  await page.getByRole('button', { name: 'Close the filters' }).click();
  await expect(page).toHaveURL(/gender=Women/);
  await expect(grid(page).getByRole('article', { name: 'Slim Fit Jeans' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Women' })).toBeVisible();

  // The product page: two colours added, one line in the cart with both.
  await grid(page).getByRole('link', { name: 'High-Rise Skinny Jeans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'High-Rise Skinny Jeans' })).toBeVisible();
  const colours = page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio');
  await colours.nth(0).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('High-Rise Skinny Jeans added to the cart')).toBeVisible();
  await colours.nth(1).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const line = page
    .getByRole('list', { name: 'Cart' })
    .getByRole('listitem', { name: 'High-Rise Skinny Jeans' });
  await expect(line).toBeVisible();
  await expect(line.getByLabel('Quantity')).toHaveText('2');
  await expect(line.getByRole('img')).toHaveAttribute('aria-label', /, /);
  await page.getByRole('button', { name: 'Close the cart' }).click();

  // A review: posted, counted and listed.
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await page.getByRole('button', { name: 'Write your review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your review' });
  await dialog.locator('label').filter({ hasText: '4 Stars' }).click();
  await expect(dialog.getByRole('radio', { name: '4 Stars' })).toBeChecked();
  await dialog.getByLabel('Review').fill(`Great fit, ordered by ${person.name}`);
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you for your review')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Reviews' }).getByText(`Great fit, ordered by ${person.name}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit your review' })).toBeVisible();
});

test('the shop in French and Arabic: texts, money and direction', async ({ page }) => {
  const person = await registerPerson(page.request, {
    firstName: 'Lea',
    lastName: 'Shop',
    prefix: 'leashop',
  });
  await openSignedIn(page, person.accessToken, '/dashboard/e-commerce/shop?search=skinny');
  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.reload();
  const jeans = page.getByRole('article', { name: 'High-Rise Skinny Jeans' });
  // 89.00 USD the French way: "89,00 $US".
  await expect(jeans.getByText(/^89,00\s\$US$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Trier par' })).toBeVisible();

  await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article', { name: 'High-Rise Skinny Jeans' })).toBeVisible();
});
