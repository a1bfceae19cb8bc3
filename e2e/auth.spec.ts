import { expect, test, type Page } from '@playwright/test';

import { mailedCode, newEmail } from './support/mail.ts';
import { DEMO } from './support/e2e-env.ts';

const PASSWORD = 'violet-harbour-lantern-42';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function registerThroughUi(page: Page, email: string) {
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Get started absolutely free' })).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('register, land on the dashboard, stay signed in across a reload, log out, and be guarded', async ({
  page,
}) => {
  const email = newEmail('register');
  await registerThroughUi(page, email);

  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back.*Grace Hopper/ })).toBeVisible();
  await expect(page.getByText(/Please confirm your email address/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^eyJ/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back.*Grace Hopper/ })).toBeVisible();

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByText(email).last()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await page.goto('/dashboard/app');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Fapp/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Atrium' })).toBeVisible();

  // Signing in again returns to the page that was asked for.
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
});

test('a wrong password shows an error and keeps the visitor signed out', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'demo@atrium.dev', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('the sign-in page shows the demo account, which signs in as admin', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Demo account: demo@atrium.dev. Its password is printed')).toBeVisible();
  await expect(page.getByText(DEMO.password)).toHaveCount(0);
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  // An administrator's overview has the workspace's figures.
  await expect(page.getByRole('region', { name: 'Active people' })).toBeVisible();
});

test('invalid input gets inline messages, not a request', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
});

test('password reset with the code from the outbox', async ({ page }) => {
  const email = newEmail('reset');
  await registerThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page).toHaveURL(/\/auth\/verify/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  const code = await mailedCode(email, /password reset/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/new-password/);
  const newPassword = 'amber-orchard-compass-77';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Your password has been updated. You can sign in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  // Receiving the code proved the mailbox: no banner asks to confirm the address.
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expect(page.getByText(/Please confirm your email address/)).toHaveCount(0);
});

test('email verification from the dashboard banner', async ({ page }) => {
  const email = newEmail('verify');
  await registerThroughUi(page, email);
  await expect(page.getByText(/Please confirm your email address/)).toBeVisible();
  await page.getByRole('link', { name: 'Enter code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  const code = await mailedCode(email, /Confirm your Atrium email/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(/Please confirm your email address/)).toHaveCount(0);
});

test('signed-in visitors skip guest pages; deep links and unknown paths', async ({ page, request }) => {
  await page.goto('/auth/login');
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/app$/);
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  const api404 = await request.get('/api/no-such-route');
  expect(api404.status()).toBe(404);
  expect(await api404.json()).toMatchObject({ message: expect.any(String) });
  const deepLink = await request.get('/dashboard/user/list');
  expect(deepLink.status()).toBe(200);
  expect(await deepLink.text()).toContain('<div id="root">');
});

test('no request leaves the app origin', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL ?? '') && !url.startsWith('data:') && !url.startsWith('blob:'))
      foreign.push(url);
  });
  await page.goto('/auth/login');
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  expect(foreign).toEqual([]);
});
