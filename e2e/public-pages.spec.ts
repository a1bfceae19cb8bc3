import { expect, test, type Page } from '@playwright/test';

import { newEmail } from './support/mail.ts';
import { DEMO } from './support/e2e-env.ts';

/** Sets the UI language before the app starts (spec §9: local storage key `i18nextLng`). */
async function useLanguage(page: Page, language: string) {
  await page.addInitScript((value) => window.localStorage.setItem('i18nextLng', value), language);
}

/** Starts the app signed in with `accessToken` (spec §3: local storage key `accessToken`). */
async function useToken(page: Page, accessToken: string) {
  await page.addInitScript((token) => window.localStorage.setItem('accessToken', token), accessToken);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const pages = [
  {
    path: '/pricing',
    en: 'Simple plans for growing teams',
    fr: 'Des formules simples pour les équipes qui grandissent',
  },
  {
    path: '/payment',
    en: 'Let’s finish powering you up!',
    fr: 'Finalisons votre passage à la vitesse supérieure !',
  },
  { path: '/about-us', en: 'Who we are', fr: 'Qui sommes-nous' },
  { path: '/contact-us', en: 'Feel free to contact us', fr: 'N’hésitez pas à nous contacter' },
  { path: '/faqs', en: 'Frequently asked questions', fr: 'Questions fréquentes' },
  { path: '/coming-soon', en: 'Coming soon!', fr: 'Bientôt disponible !' },
  { path: '/maintenance', en: 'Website currently under maintenance', fr: 'Site en cours de maintenance' },
  { path: '/components', en: 'Components', fr: 'Composants' },
  { path: '/403', en: 'No permission', fr: 'Accès refusé' },
  { path: '/500', en: '500 Internal server error', fr: '500 Erreur interne du serveur' },
];

test('every public page shows its h1 in English and in French, with no console error', async ({ page }) => {
  // A blocked inline script or a request to another origin shows up here as a CSP error.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const { path, en } of pages) {
    await page.goto(path);
    await expect(h1(page, en)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  }
  await useLanguage(page, 'fr');
  for (const { path, fr } of pages) {
    await page.goto(path);
    await expect(h1(page, fr)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  }
  expect(problems).toEqual([]);
});

test('Arabic turns the pricing page right to left', async ({ page }) => {
  await useLanguage(page, 'ar');
  await page.goto('/pricing');
  await expect(h1(page, 'خطط بسيطة للفرق التي تنمو')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(/الأسعار/);
});

test('pricing: the yearly switch shows the discounted monthly price and the yearly total', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing | Atrium');
  const starter = page.getByTestId('price-starter');
  await expect(starter).toContainText('$9');
  await expect(starter).toContainText('Billed monthly');

  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  await expect(starter).toContainText('$7.20');
  await expect(starter).toContainText('Billed yearly: $86.40');
  await expect(page.getByTestId('price-premium')).toContainText('$23.20');

  await page.getByRole('link', { name: 'Choose Starter' }).click();
  await expect(page).toHaveURL(/\/payment\?plan=starter&cycle=yearly$/);
  await expect(page.getByTestId('summary-total')).toHaveText('$86.40');
});

test('payment: a bad card number is refused inline; a Luhn-valid one is confirmed without a charge', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    // The page's own analytics page view (issue 30) is not a payment call.
    const url = request.url();
    if (url.includes('/api/') && !url.includes('/api/analytics/collect') && request.method() !== 'GET') {
      apiCalls.push(url);
    }
  });
  await page.goto('/payment?plan=premium&cycle=monthly');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByLabel('Address', { exact: true }).fill('1 Analytical Street');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Enter a valid card number (13 to 19 digits)')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you — your order is confirmed (demo)' }),
  ).toBeVisible();
  await expect(page.getByText('Payment simulated: nothing was charged')).toBeVisible();
  await expect(page.getByText(/no card details were sent or stored/)).toBeVisible();
  await expect(page.getByText('Card ending in 4242')).toBeVisible();
  expect(apiCalls).toEqual([]);
});

test('contact: an empty submit shows inline errors; a filled form is sent, thanked and emptied', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Email address').fill('grace@example.com');
  await page.getByLabel('Subject').fill('A question about plans');
  await page.getByLabel('Message', { exact: true }).fill('How do I move to the yearly plan?');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('Thanks — we’ll get back to you')).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

  // The demo admin can read it.
  const login = await page.request.post('/api/account/login', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const inbox = await page.request.get('/api/contact', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const { messages } = (await inbox.json()) as { messages: Array<{ subject: string }> };
  expect(messages[0]?.subject).toBe('A question about plans');
});

test('FAQs: the search box filters the questions, with an empty state', async ({ page }) => {
  await page.goto('/faqs');
  await expect(page.locator('.MuiAccordion-root')).toHaveCount(10);
  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('dark');
  await expect(page.getByRole('button', { name: 'Is there a dark mode?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What is Atrium?' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Is there a dark mode?' }).click();
  await expect(page.getByRole('region', { name: 'Is there a dark mode?' })).toContainText('settings drawer');

  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('kubernetes');
  await expect(page.getByRole('heading', { name: 'No results' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('button', { name: 'What is Atrium?' })).toBeVisible();
});

test('coming soon: the countdown ticks', async ({ page }) => {
  await page.goto('/coming-soon');
  const timer = page.getByRole('timer', { name: 'Time left before launch' });
  await expect(timer).toBeVisible();
  await expect(page.getByTestId('countdown-days')).toContainText(/^(29|30)Days$/);
  const seconds = page.getByTestId('countdown-seconds');
  const first = await seconds.textContent();
  await expect(seconds).not.toHaveText(first ?? '', { timeout: 5000 });
});

test('permission denied: the demo admin sees the content, a plain user sees the denial', async ({
  page,
  browser,
}) => {
  const login = await page.request.post('/api/account/login', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  await useToken(page, ((await login.json()) as { accessToken: string }).accessToken);
  await page.goto('/dashboard/permission-denied');
  await expect(h1(page, 'Permission denied')).toBeVisible();
  await expect(page.getByText('You have access')).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toHaveCount(0);

  const context = await browser.newContext();
  const userPage = await context.newPage();
  const register = await userPage.request.post('/api/account/register', {
    data: {
      email: newEmail('plain'),
      password: 'violet-harbour-lantern-42',
      firstName: 'Plain',
      lastName: 'User',
    },
  });
  expect(register.status()).toBe(200);
  const session = (await register.json()) as { accessToken: string; user: { role: string } };
  expect(session.user.role).toBe('user');
  await useToken(userPage, session.accessToken);
  await userPage.goto('/dashboard/permission-denied');
  await expect(h1(userPage, 'Permission denied')).toBeVisible();
  await expect(userPage.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(userPage.getByText('You have access')).toHaveCount(0);
  await context.close();
});

test('blank dashboard page', async ({ page }) => {
  const login = await page.request.post('/api/account/login', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  await useToken(page, ((await login.json()) as { accessToken: string }).accessToken);
  await page.goto('/dashboard/blank');
  await expect(h1(page, 'Blank')).toBeVisible();
  await expect(page.getByText('Nothing here yet')).toBeVisible();
});

test('error pages: an unknown path shows the 404 page; /403 and /500 show theirs', async ({ page }) => {
  await page.goto('/this/page/does/not/exist');
  await expect(h1(page, 'Page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Atrium');
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.goto('/404');
  await expect(h1(page, 'Page not found')).toBeVisible();
  await page.goto('/403');
  await expect(h1(page, 'No permission')).toBeVisible();
  await expect(page).toHaveTitle('403 Forbidden | Atrium');
  await page.goto('/500');
  await expect(h1(page, '500 Internal server error')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
});

test('components gallery: the toast buttons fire real toasts', async ({ page }) => {
  await page.goto('/components');
  for (const [button, message] of [
    ['Info', 'This is an info message'],
    ['Success', 'Saved successfully'],
    ['Warning', 'Check this before going on'],
    ['Error', 'Something went wrong'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
});
