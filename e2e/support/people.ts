import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO } from './e2e-env.ts';
import { mailedCode, newEmail } from './mail.ts';

/**
 * Signed-in pages for the browser tests (issue #9 G): people are made through the API (not the registration
 * form, unless registration is what a test is about) and a page is opened with their token where the app
 * reads it (spec §3: localStorage `accessToken`).
 */

/** The password of every person these helpers register. */
export const PASSWORD = 'violet-harbour-lantern-42';

export type Person = { id: string; slug: string; email: string; name: string; accessToken: string };

/** Signs in through the API (the refresh cookie lands in the request's context); the access token. */
export async function signIn(
  request: APIRequestContext,
  credentials: { email: string; password: string } = DEMO,
): Promise<string> {
  const res = await request.post('/api/account/login', { data: credentials });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * A new account (a plain user on a seeded instance), registered through the API. `verified: true` enters the
 * mailed code too, for a person who mails outside the workspace (under the default sign-up policy an
 * unverified account may not, ADR 034); the codes' per-address limit allows 30 such entries in 10 minutes.
 */
export async function registerPerson(
  request: APIRequestContext,
  { firstName = 'Plain', lastName = 'User', prefix = 'e2e', verified = false } = {},
): Promise<Person> {
  const email = newEmail(prefix);
  const res = await request.post('/api/account/register', {
    data: { email, password: PASSWORD, firstName, lastName },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { accessToken, user } = (await res.json()) as {
    accessToken: string;
    user: { id: string; slug: string };
  };
  if (verified) {
    const code = await mailedCode(email, /Confirm your Atrium email address/);
    const verify = await request.post('/api/account/verify-email', { data: { email, code } });
    expect(verify.ok(), await verify.text()).toBe(true);
  }
  return { id: user.id, slug: user.slug, email, name: `${firstName} ${lastName}`, accessToken };
}

/** Puts `token` where the app reads it, so the next `page.goto` opens signed in. */
export async function useSession(page: Page, token: string): Promise<void> {
  await page.goto('/auth/login-unprotected');
  await page.evaluate((value) => window.localStorage.setItem('accessToken', value), token);
}

/** Opens `path` signed in with `token` and waits for the signed-in shell. */
export async function openSignedIn(page: Page, token: string, path = '/dashboard/app'): Promise<void> {
  await useSession(page, token);
  await page.goto(path);
  // A new browser's first load: on a busy two-core machine the embedded database may still be answering
  // the previous page's requests, one at a time.
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible({ timeout: 20_000 });
}
