import { expect, test, type BrowserContext, type Page } from '@playwright/test';

import { DEMO } from './support/e2e-env.ts';

/**
 * Issue 31 A: the sign-in and public pages arrive as HTML in the visitor's language and display settings,
 * the app takes them over without a mismatch, and the sign-in and contact forms work without JavaScript.
 */

const languages = [
  { value: 'en', lang: 'en', dir: 'ltr', login: 'Sign in to Atrium', faqs: 'Frequently asked questions' },
  { value: 'fr', lang: 'fr', dir: 'ltr', login: 'Connectez-vous à Atrium', faqs: 'Questions fréquentes' },
  { value: 'vi', lang: 'vi', dir: 'ltr', login: 'Đăng nhập vào Atrium', faqs: 'Câu hỏi thường gặp' },
  { value: 'cn', lang: 'zh-CN', dir: 'ltr', login: '登录 Atrium', faqs: '常见问题' },
  { value: 'ar', lang: 'ar-SD', dir: 'rtl', login: 'سجّل الدخول إلى Atrium', faqs: 'الأسئلة الشائعة' },
] as const;

async function withSettings(context: BrowserContext, baseURL: string, cookies: Record<string, string>) {
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL })));
  if (cookies.i18nextLng) {
    await context.addInitScript(
      (language) => localStorage.setItem('i18nextLng', language),
      cookies.i18nextLng,
    );
  }
}

/** Console errors and warnings, and uncaught errors: a hydration mismatch shows as one of them. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Marks the server's heading before the app runs: after a hydration it is the same element. */
async function markServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        document.querySelector('h1')?.setAttribute('data-from-server', '');
      }
    });
  });
}

for (const language of languages) {
  for (const mode of ['light', 'dark'] as const) {
    test(`the sign-in and FAQ pages come rendered in ${language.value}, ${mode}, and the app takes them over`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await withSettings(context, baseURL!, { i18nextLng: language.value, themeMode: mode });
      const page = await context.newPage();
      const problems = collectProblems(page);
      await markServerHeading(page);

      for (const [path, heading] of [
        ['/auth/login', language.login],
        ['/faqs', language.faqs],
      ] as const) {
        // The HTML as it arrives, before any script: the page's text, its language, direction and mode.
        const html = await (await context.request.get(path)).text();
        expect(html).toContain(`<html lang="${language.lang}" dir="${language.dir}"`);
        expect(html).toContain(`data-theme-mode="${mode}"`);
        expect(html).toContain(heading);
        expect(html).toMatch(/<style data-emotion="mui(rtl)? /);

        await page.goto(path);
        await expect(page.locator('#root[data-hydrated]')).toBeAttached();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Hydrated, not rendered again: the heading is still the element the server sent.
        await expect(page.locator('h1[data-from-server]')).toHaveCount(1);
        await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
        if (path === '/auth/login') {
          // The app is live: the language menu opens.
          await page.locator('header button[aria-haspopup="true"]').click();
          await expect(page.getByRole('menu')).toBeVisible();
          await page.keyboard.press('Escape');
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

test('without JavaScript, the sign-in form signs in and a wrong password is answered on the page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/auth/login?returnTo=%2Fdashboard%2Fmail');
  await expect(page.getByText('You need to enable JavaScript')).toHaveCount(0);
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email address')).toHaveValue(DEMO.email);
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard/mail');

  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mail$/);
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['atrium_refresh']));
  await context.close();
});

test('a sign-in sent before the app ran leaves the person signed in once it runs', async ({ page }) => {
  // The page's code is held back: the form is the server's, and it posts as a plain form.
  let held = true;
  await page.route('**/assets/*.js', (route) => (held ? route.abort() : route.continue()));
  await page.goto('/auth/login', { waitUntil: 'commit' });
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  held = false;
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  // The app renewed the session through the refresh cookie and keeps its token like any sign-in.
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^eyJ/);
});

test('what is typed while the page’s code loads stays typed, and a submit meanwhile sends nothing', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth/reset-password', { waitUntil: 'commit' });
  await page.getByLabel('Email address').fill('typed.early@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  // A form the server cannot take without the app: nothing was sent, nothing is in the URL.
  expect(page.url()).toMatch(/\/auth\/reset-password$/);

  release();
  await expect(page.locator('#root[data-hydrated]')).toBeAttached();
  await expect(page.getByLabel('Email address')).toHaveValue('typed.early@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/auth\/verify/);
});

test('without JavaScript, the contact form sends the message and says so', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact-us');
  await page.getByLabel('Your name').fill('Nina Simone');
  await page.getByLabel('Email address').fill('nina@example.com');
  await page.getByLabel('Subject').fill('Without JavaScript');
  await page.getByRole('button', { name: 'Send message' }).click();
  // The message was missing: the page says so and keeps the short fields.
  await expect(page.getByRole('alert')).toContainText('Check the form');
  await expect(page.getByLabel('Your name')).toHaveValue('Nina Simone');

  await page.getByRole('textbox', { name: 'Message' }).fill('Sent from a browser without JavaScript.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your message has been sent. Thanks — we’ll get back to you.',
  );
  await context.close();
});

test('a dashboard page shows its shell in the person’s layout while the session is restored', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await withSettings(context, baseURL!, { themeLayout: 'mini', themeMode: 'dark', i18nextLng: 'ar' });
  const login = await context.request.post('/api/account/login', {
    data: { email: DEMO.email, password: DEMO.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await context.addInitScript((token) => localStorage.setItem('accessToken', token), accessToken);
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account/my-account', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/app');

  const shell = page.getByRole('status', { name: 'جارٍ التحميل…' });
  await expect(shell).toHaveAttribute('data-layout', 'mini');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The mini navigation, on the right in Arabic, from the stylesheet.
  await expect
    .poll(async () => page.locator('.atrium-shell__nav').boundingBox())
    .toMatchObject({ x: 1440 - 88, width: 88 });

  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.atrium-shell')).toHaveCount(0);
  await context.close();
});
