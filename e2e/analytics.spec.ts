import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from './support/a11y.ts';
import { openSignedIn, signIn } from './support/people.ts';

/**
 * Analytics (issue 30 C): a signed-out visit to the public pages shows in the administrator's open analytics
 * without a reload; a page served elsewhere (another loopback port) with the snippet reports a page view and a
 * custom event, which "Check installation" shows; a country of the overview's pie opens the pages seen from
 * it; the pages in five languages, Arabic right to left, dark, on a phone, without serious axe violations.
 */

/** A desktop browser's user agent: the ingest drops headless browsers as bots, and a visitor is not one. */
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ userAgent: VISITOR_UA, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** A figure of the detail view's totals ("Visitors", "Page views") as a number. */
async function figure(page: Page, name: 'visitors' | 'views'): Promise<number> {
  const text = await page.locator(`[data-figure="${name}"] dd > span`).first().textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

type Site = { id: string; key: string; name: string };

async function createSite(request: APIRequestContext, token: string, name: string, domain: string) {
  const res = await request.post('/api/analytics/sites', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, domains: [domain] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { site: Site }).site;
}

/** Serves one page on 127.0.0.1 (another origin than the app's `localhost`) that carries the snippet. */
async function externalPage(
  appOrigin: string,
  key: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test shop</title>
<script>window.atrium=window.atrium||function(){(atrium.q=atrium.q||[]).push(arguments)}</script>
<script defer data-site="${key}" src="${appOrigin}/analytics.js"></script></head>
<body><h1>Test shop</h1><button type="button" onclick="atrium('signup')">Sign up</button></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/landing`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a signed-out visit to /pricing then /about-us shows in the administrator’s analytics, live', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await signIn(request);
  await openSignedIn(page, admin, '/dashboard/analytics/pages');
  await expect(page.locator('[data-figure="visitors"] dd > span').first()).toBeVisible();
  const visitors = await figure(page, 'visitors');
  const views = await figure(page, 'views');

  const visitor = await visitorPage(browser);
  await visitor.goto('/pricing');
  await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await visitor.goto('/about-us');
  await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // No reload: the view refetches when the ingest announces the site's new events.
  await expect.poll(() => figure(page, 'views'), { timeout: 30_000 }).toBe(views + 2);
  expect(await figure(page, 'visitors')).toBe(visitors + 1);
  await expect(page.getByRole('grid').getByText('/about-us')).toBeVisible();
  await visitor.context().close();
});

test('a page on another origin with the snippet reports a page view and a custom event', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await signIn(request);
  const name = `Test shop ${Date.now()}`;
  const site = await createSite(request, admin, name, '127.0.0.1');
  const external = await externalPage(baseURL!, site.key);
  try {
    const visitor = await visitorPage(browser);
    await visitor.goto(external.url);
    await expect(visitor.getByRole('heading', { name: 'Test shop' })).toBeVisible();

    await openSignedIn(page, admin, '/dashboard/analytics/sites');
    const card = page.getByRole('region', { name });
    const check = async () => {
      await card.getByRole('button', { name: 'Check installation' }).click();
      return card.getByRole('status').textContent();
    };
    await expect.poll(check, { timeout: 20_000 }).toMatch(/“pageview” on \/landing/);

    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(check, { timeout: 20_000 }).toMatch(/“signup” on \/landing/);
    await visitor.context().close();
  } finally {
    await external.close();
  }
});

test('a country of the current visits opens the pages seen from it', async ({ page, request }) => {
  const admin = await signIn(request);
  await openSignedIn(page, admin, '/dashboard/analytics');
  const pie = page.locator('[data-widget="current-visits"]');
  const open = pie.getByRole('button', { name: /^Open the pages seen from / }).first();
  const label = (await open.getAttribute('aria-label')) ?? (await open.textContent()) ?? '';
  const country = label.replace(/^Open the pages seen from /, '');
  await open.focus();
  await open.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/analytics\/pages\?.*filter=country%3A[A-Z]{2}/);
  await expect(page.getByRole('button', { name: new RegExp(`Country: ${country}`) })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
});

test('analytics in five languages, Arabic right to left, dark, on a phone', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await signIn(request);
  await openSignedIn(page, admin, '/dashboard/analytics');
  for (const [language, title, visits] of [
    ['en', 'Analytics', 'Current visits'],
    ['fr', 'Statistiques', 'Visites actuelles'],
    ['vi', 'Phân tích', 'Lượt truy cập hiện tại'],
    ['cn', '分析', '当前访问'],
    ['ar', 'التحليلات', 'الزيارات الحالية'],
  ] as const) {
    await page.evaluate((value) => window.localStorage.setItem('i18nextLng', value), language);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title }), language).toBeVisible();
    await expect(page.locator('[data-widget="current-visits"]'), language).toContainText(visits);
  }

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await phone.addCookies([
    { name: 'themeMode', value: 'dark', url: baseURL ?? '' },
    { name: 'themeDirection', value: 'rtl', url: baseURL ?? '' },
  ]);
  const small = await phone.newPage();
  await openSignedIn(small, admin, '/dashboard/analytics');
  await small.evaluate(() => window.localStorage.setItem('i18nextLng', 'ar'));
  for (const path of [
    '/dashboard/analytics',
    '/dashboard/analytics/countries',
    '/dashboard/analytics/sites',
  ]) {
    await small.goto(path);
    await expect(small.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(small.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(small, `${path}, Arabic, dark, phone`);
  }
  await phone.close();
});
