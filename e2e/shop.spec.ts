import { expect, test, type Page } from '@playwright/test';

import { openSignedIn, registerPerson, signIn } from './support/people.ts';

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

test('an administrator lists the drafts, sorts by price and deletes one; a customer is sent away', async ({
  page,
}) => {
  const token = await signIn(page.request);
  await openSignedIn(page, token, '/dashboard/e-commerce/list');
  const table = page.getByRole('grid', { name: 'Products' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Publish' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page).toHaveURL(/publish=draft/);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const rows = table
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasNot: page.getByRole('columnheader') });
  await expect(rows.first().getByText('Draft')).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i).getByText('Draft')).toBeVisible();

  await table.getByRole('button', { name: 'Price' }).click();
  await expect(page).toHaveURL(/sort=price/);
  // The sorted page has arrived (the table shows the previous one, busy, until then).
  await expect(table).toHaveAttribute('aria-busy', 'false');

  // Select the row of a named product (rows may still be re-sorting): exactly that one is deleted.
  const name = (await rows.first().getByRole('link').first().textContent()) ?? '';
  await table.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  await expect(page.getByRole('region', { name: 'Selected products' }).getByText('1 selected')).toBeVisible();
  await page
    .getByRole('region', { name: 'Selected products' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog', { name: 'Delete products' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 product deleted')).toBeVisible();
  await expect(table.getByRole('link', { name, exact: true })).toHaveCount(0);

  const customer = await registerPerson(page.request, {
    firstName: 'Cy',
    lastName: 'Customer',
    prefix: 'cy',
  });
  await openSignedIn(page, customer.accessToken, '/dashboard/e-commerce/list');
  await expect(page).toHaveURL(/permission-denied/);
});

/** A small real PNG (8×8, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);

test('an administrator creates a product with a picture, publishes it and edits its price; the shop shows it', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Harbour Raincoat ${stamp}`;
  const token = await signIn(page.request);
  await openSignedIn(page, token, '/dashboard/e-commerce/list');
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new product' })).toBeVisible();

  // The shared schema refuses an empty form in place.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Give the product a name')).toBeVisible();

  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Sub description').fill('Keeps the rain out, folds into its pocket.');
  await page.getByLabel('Add images').setInputFiles({ name: 'coat.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await page.getByLabel('Product SKU').fill(`RAIN-${stamp}`);
  await page.getByLabel('Quantity').fill('25');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Leather' }).click();
  await page.getByRole('combobox', { name: 'Colours' }).click();
  await page.getByRole('option', { name: 'Blue' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Women' }).check();
  await page.getByLabel('Price', { exact: true }).fill('129.50');
  await page.getByRole('switch', { name: 'Publish' }).check();
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('$129.50')).toBeVisible();
  await expect(page.getByRole('img', { name })).toBeVisible();

  // Edit: a new price, saved with the version it was read at.
  await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Product name')).toHaveValue(name);
  await page.getByLabel('Price', { exact: true }).fill('99.00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByText('$99.00')).toBeVisible();

  // A customer finds it in the shop.
  const customer = await registerPerson(page.request, { firstName: 'Rae', lastName: 'Buyer', prefix: 'rae' });
  await openSignedIn(page, customer.accessToken, `/dashboard/e-commerce/shop?search=${stamp}`);
  await expect(page.getByRole('article', { name })).toBeVisible();
});

test('checkout: the cart with the demo code, a new address, delivery and payment; the order number shows and the cart empties', async ({
  page,
}) => {
  const person = await registerPerson(page.request, { firstName: 'Olga', lastName: 'Order', prefix: 'olga' });
  await openSignedIn(page, person.accessToken, '/dashboard/e-commerce/shop?search=oxford');
  await page.getByRole('article', { name: 'Oxford Button-Down Shirt' }).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  // Step 1: the cart, two of them, and the demo code (10 % off, checked by the server).
  const line = page.getByRole('listitem', { name: 'Oxford Button-Down Shirt' });
  await line.getByRole('button', { name: 'One more' }).click();
  await expect(line.getByLabel('Quantity')).toHaveText('2');
  await page.getByLabel('Discount code').fill('NOPE-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('group', { name: 'Order summary' }).getByText('—')).toBeVisible();
  await page.getByLabel('Discount code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('WELCOME10 applied')).toBeVisible();
  // 2 × $59.00 = $118.00, 10 % off = $11.80.
  await expect(page.getByRole('group', { name: 'Order summary' }).getByText('−$11.80')).toBeVisible();
  await page.getByRole('button', { name: 'Check out' }).click();

  // Step 2: a new address.
  await page.getByRole('button', { name: 'New address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New address' });
  await dialog.getByLabel('Full name').fill(person.name);
  await dialog.getByLabel('Phone number').fill('+33 6 12 34 56 78');
  await dialog
    .getByRole('textbox', { name: 'Address', exact: true })
    .fill('12 Rue de la Paix, 75002 Paris, France');
  await dialog.getByRole('button', { name: 'Deliver to this address' }).click();

  // Step 3: express delivery, cash on delivery; the server's total.
  await page.getByRole('radio', { name: /^Express/ }).check();
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await expect(page.getByText('12 Rue de la Paix, 75002 Paris, France')).toBeVisible();
  await page.getByRole('button', { name: 'Complete order' }).click();
  const done = page.getByRole('dialog', { name: 'Thank you for your order!' });
  await expect(done.getByText(/^Your order #\d+ is placed\.$/)).toBeVisible();
  const number = /#\d+/.exec((await done.getByText(/^Your order #/).textContent()) ?? '')![0];
  await done.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  // The customer finds it under My orders (their own only) and opens its row to see its lines.
  await page.goto('/dashboard/order/list');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const mine = page.getByRole('grid', { name: 'My orders' });
  await expect(mine.getByRole('row')).toHaveCount(2);
  await expect(mine.getByRole('columnheader', { name: 'Customer' })).toHaveCount(0);
  await mine.getByRole('button', { name: `Show details of ${number}` }).click();
  const lines = mine.getByRole('list', { name: 'Items' });
  await expect(lines.getByRole('listitem', { name: 'Oxford Button-Down Shirt' })).toContainText('× 2');
  await expect(lines.getByRole('listitem', { name: 'Oxford Button-Down Shirt' })).toContainText('$118.00');
  await mine.getByRole('button', { name: `Hide details of ${number}` }).click();
  await expect(lines).toHaveCount(0);

  // An administrator finds it in the orders list (pending) and marks it paid.
  const admin = await signIn(page.request);
  await openSignedIn(page, admin, '/dashboard/order/list?status=pending');
  await page.getByRole('textbox', { name: 'Search orders' }).fill(number);
  const grid = page.getByRole('grid', { name: 'Orders' });
  await grid.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText(person.name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Status: Pending. Change it' }).click();
  await page.getByRole('menuitem', { name: 'Mark paid' }).click();
  await expect(page.getByText('The order is now Paid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Status: Paid. Change it' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' }).getByText('Paid')).toBeVisible();
});

test('the address book in the account: add two, make the second the default, edit it, delete the first', async ({
  page,
}) => {
  const person = await registerPerson(page.request, {
    firstName: 'Ada',
    lastName: 'Dresser',
    prefix: 'ada-book',
  });
  await openSignedIn(page, person.accessToken, '/dashboard/user/account');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/tab=addresses/);
  await expect(page.getByText('No addresses yet')).toBeVisible();

  const add = async (name: string, address: string) => {
    await page.getByRole('button', { name: 'New address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Phone number').fill('+44 20 7946 0958');
    await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  };
  await add('Ada Home', '1 Baker Street, London');
  await add('Ada Office', '10 Downing Street, London');
  const home = page.getByRole('region', { name: 'Ada Home' });
  const office = page.getByRole('region', { name: 'Ada Office' });
  // The first address is the default.
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await expect(office.getByText('Default', { exact: true })).toHaveCount(0);
  await office.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText('Ada Office is now your default address')).toBeVisible();
  await expect(office.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toHaveCount(0);

  // Bad input is refused with the server's message; a good edit is kept.
  await office.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit address' });
  await edit.getByLabel('Phone number').fill('call me maybe');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toBeVisible();
  await edit.getByLabel('Phone number').fill('+44 20 7000 0000');
  await edit.getByRole('textbox', { name: 'Address', exact: true }).fill('11 Downing Street, London');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(office.getByText('11 Downing Street, London')).toBeVisible();

  await home.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this address?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(home).toHaveCount(0);

  // It survives a reload.
  await page.reload();
  await expect(office.getByText('11 Downing Street, London')).toBeVisible();
  await expect(office.getByText('+44 20 7000 0000')).toBeVisible();
});

test('an administrator manages discount codes: create, refuse a bad one, switch off and on, delete; the checkout follows', async ({
  page,
}) => {
  const code = `SPRING-${Date.now().toString(36).toUpperCase()}`;
  const customer = await registerPerson(page.request, {
    firstName: 'Carl',
    lastName: 'Coupon',
    prefix: 'carl',
  });
  const check = async () => {
    const res = await page.request.post('/api/discounts/check', {
      data: { code: code.toLowerCase(), subtotal: 10_000 },
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    return res.ok() ? ((await res.json()) as { discount: { amount: number } }).discount.amount : res.status();
  };
  const admin = await signIn(page.request);
  await openSignedIn(page, admin, '/dashboard/e-commerce/discounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Discount codes' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Discount codes' }).getByText('WELCOME10')).toBeVisible();

  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New code' });
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Value').fill('150');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog.getByText('Enter a percentage from 1 to 100')).toBeVisible();
  await dialog.getByLabel('Value').fill('15');
  await dialog.getByLabel('Usage limit').fill('100');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`${code} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search codes' }).fill(code);
  const grid = page.getByRole('grid', { name: 'Discount codes' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid.getByRole('row').nth(1)).toContainText('15 %');
  await expect(grid.getByRole('row').nth(1)).toContainText('0 / 100');
  expect(await check()).toBe(1500);

  // Off: customers no longer have it; on again: they do.
  await grid.getByRole('switch', { name: `${code} active` }).uncheck();
  await expect(page.getByText(`${code} is off`)).toBeVisible();
  expect(await check()).toBe(400);
  await grid.getByRole('switch', { name: `${code} active` }).check();
  await expect(page.getByText(`${code} is on`)).toBeVisible();
  expect(await check()).toBe(1500);

  // Edited to a fixed amount of $5.00.
  await grid.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit code' });
  await edit.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Fixed amount' }).click();
  await edit.getByLabel('Value').fill('5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(grid.getByRole('row').nth(1)).toContainText('$5.00');
  expect(await check()).toBe(500);

  await grid.getByRole('button', { name: `Delete ${code}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this code?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`${code} deleted`)).toBeVisible();
  await expect(grid.getByText('No discount codes match')).toBeVisible();
  expect(await check()).toBe(400);
});
