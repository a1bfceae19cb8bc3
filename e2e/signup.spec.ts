import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';

import { newEmail } from './support/mail.ts';
import { PASSWORD, openSignedIn, registerPerson, signIn } from './support/people.ts';

/**
 * Who may sign up (issue 24 A, ADR 034): under `approval` a visitor registers, waits on a page of their own,
 * and moves on to the dashboard once an administrator approves them; under `closed` there is no form; under
 * the default `verify` an unverified person's mail to an outside address is refused with the reason and an
 * "Enter code" way out. Each test puts the policy back to `verify` for the specs after it.
 */

type Settings = { signup: string; version: number };

async function setSignup(_request: APIRequestContext, token: string, signup: string): Promise<void> {
  // A client of its own each time, on a new connection: the test's shared one sat idle through the browser
  // steps, and a request on it at the end once never got an answer.
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const current = (await (await api.get('/api/workspace/settings', { headers })).json()) as Settings;
    const res = await api.put('/api/workspace/settings', {
      headers,
      data: { signup, version: current.version },
    });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await api.dispose();
  }
}

test('approval: a new account waits, and moves on to the dashboard once an administrator approves it', async ({
  browser,
  request,
}) => {
  // Two browsers and a mailed account: near a minute on a busy machine.
  test.slow();
  const adminToken = await signIn(request);
  await setSignup(request, adminToken, 'approval');
  const visitor = await browser.newPage();
  try {
    const email = newEmail('waiting');
    await visitor.goto('/auth/register');
    await expect(visitor.getByText(/An administrator approves new accounts/)).toBeVisible();
    await visitor.getByLabel('First name').fill('Wendy');
    await visitor.getByLabel('Last name').fill('Waiting');
    await visitor.getByLabel('Email address').fill(email);
    await visitor.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect(
      visitor.getByRole('heading', { name: 'Your account is waiting for approval' }),
    ).toBeVisible();
    // The dashboard stays closed to it.
    await visitor.goto('/dashboard/user/list');
    await expect(visitor).toHaveURL(/\/auth\/pending$/);

    // The administrator, in another browser, approves from the users list's Pending tab.
    const admin = await browser.newPage();
    try {
      await openSignedIn(admin, adminToken, '/dashboard/user/list?status=pending');
      await admin.getByRole('button', { name: 'Actions for Wendy Waiting' }).first().click();
      await admin.getByRole('menuitem', { name: 'Approve' }).click();
      await expect(admin.getByText('Wendy Waiting was approved and has been mailed')).toBeVisible();
    } finally {
      await admin.close();
    }

    // The waiting page checks again by itself every few seconds, and may move on before "Check again" is
    // pressed: press it only while it is there (a click on a button that went would wait forever).
    const account = visitor.getByRole('button', { name: 'Account', exact: true });
    const checkAgain = visitor.getByRole('button', { name: 'Check again' });
    await expect(account.or(checkAgain)).toBeVisible();
    if (await checkAgain.isVisible()) await checkAgain.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(account).toBeVisible();
  } finally {
    await setSignup(request, adminToken, 'verify');
    await visitor.close();
  }
});

test('closed: the register page says registration is closed and has no form', async ({ page, request }) => {
  const adminToken = await signIn(request);
  await setSignup(request, adminToken, 'closed');
  try {
    await page.goto('/auth/register');
    await expect(page.getByText(/Registration is closed/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  } finally {
    await setSignup(request, adminToken, 'verify');
  }
});

test('verify: an unverified person cannot mail an outside address, is told why and offered the code page', async ({
  page,
}) => {
  const person = await registerPerson(page.request, { prefix: 'unverified' });
  await openSignedIn(page, person.accessToken, '/dashboard/mail');
  await page.getByRole('button', { name: 'Compose' }).first().click();
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill('someone@elsewhere.example');
  await to.press('Enter');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Hello from outside');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/Verify your email address to send mail outside the workspace/)).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('link', { name: 'Enter code' }).last().click();
  await expect(page).toHaveURL(/\/auth\/verify\?email=/);
});
