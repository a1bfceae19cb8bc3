import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOGIN_FORM_ACTION, SIGNED_IN_COOKIE } from '#shared/contract/account.ts';
import { CONTACT_FORM_ACTION, CONTACT_RATE_LIMIT } from '#shared/contract/contact.ts';

import { contactMessages } from '../db/schema/contact.ts';
import { freshIp } from '../testing/http.ts';
import { GOOD_PASSWORD, createTestApp, register, type TestApp } from '../testing/test-app.ts';

// The sign-in and contact forms without JavaScript (issue 31 A): plain form posts answered by redirects.
let t: TestApp;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  email = `form-${Date.now()}@example.com`;
  await register(t.app, { email }, freshIp());
});
afterAll(() => t.close());

function post(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  ip = freshIp(),
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('the sign-in form without JavaScript', () => {
  it('starts the session and goes on to the page the visitor came for', async () => {
    const response = await post(LOGIN_FORM_ACTION, {
      email,
      password: GOOD_PASSWORD,
      returnTo: '/dashboard/mail?label=inbox',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard/mail?label=inbox');
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.atrium_refresh).toMatchObject({ httpOnly: true, path: '/api/account' });
    // The app reads this one to renew the session through the refresh cookie (it has no token yet).
    expect(cookies[SIGNED_IN_COOKIE]).toMatchObject({ value: '1', path: '/' });
    expect(cookies[SIGNED_IN_COOKIE]?.httpOnly).toBeFalsy();

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      cookies: { atrium_refresh: cookies.atrium_refresh!.value },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<{ user: { email: string } }>().user.email).toBe(email);
  });

  it('goes to the dashboard without returnTo, and never to another site', async () => {
    const plain = await post(LOGIN_FORM_ACTION, { email, password: GOOD_PASSWORD });
    expect(plain.headers.location).toBe('/dashboard');
    const offsite = await post(LOGIN_FORM_ACTION, {
      email,
      password: GOOD_PASSWORD,
      returnTo: '//evil.example',
    });
    expect(offsite.headers.location).toBe('/dashboard');
  });

  it('sends a wrong password back to the form with a code, the email and returnTo (never the password)', async () => {
    const response = await post(LOGIN_FORM_ACTION, {
      email,
      password: 'wrong password',
      returnTo: '/dashboard/chat',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/auth/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid',
      email,
      returnTo: '/dashboard/chat',
    });
    expect(response.cookies).toEqual([]);
  });

  it('answers missing fields with invalidInput, and counts wrong tries like the JSON route (tooMany)', async () => {
    const empty = await post(LOGIN_FORM_ACTION, { email: '' });
    expect(new URL(empty.headers.location as string, 'http://x').searchParams.get('error')).toBe(
      'invalidInput',
    );

    const ip = freshIp();
    let last = '';
    for (let i = 0; i < 11; i++) {
      const response = await post(LOGIN_FORM_ACTION, { email, password: `wrong ${i}` }, {}, ip);
      last = new URL(response.headers.location as string, 'http://x').searchParams.get('error') ?? '';
    }
    expect(last).toBe('tooMany');
  });

  it('refuses a post from another site (no login CSRF)', async () => {
    const crossSite = await post(
      LOGIN_FORM_ACTION,
      { email, password: GOOD_PASSWORD },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.cookies).toEqual([]);
    const otherOrigin = await t.app.inject({
      method: 'POST',
      url: LOGIN_FORM_ACTION,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        host: 'atrium.test',
      },
      payload: new URLSearchParams({ email, password: GOOD_PASSWORD }).toString(),
      remoteAddress: freshIp(),
    });
    expect(otherOrigin.statusCode).toBe(403);
    expect(otherOrigin.json()).toMatchObject({ message: expect.stringContaining('this site') });
  });
});

describe('the contact form without JavaScript', () => {
  const valid = {
    name: 'Nina',
    email: 'nina@example.com',
    subject: 'Hello',
    message: 'Sent without JavaScript',
  };

  it('stores the message and shows the contact page with the thanks', async () => {
    const response = await post(CONTACT_FORM_ACTION, { ...valid, message: 'Form post 1' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/contact-us?sent=1');
    const stored = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, 'Form post 1'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Nina', email: 'nina@example.com', userId: null });
  });

  it('sends an invalid message back with the short fields, and stores nothing', async () => {
    const response = await post(CONTACT_FORM_ACTION, { ...valid, message: '' });
    const location = new URL(response.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/contact-us');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'invalid',
      name: 'Nina',
      email: 'nina@example.com',
      subject: 'Hello',
    });
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address, then says so`, async () => {
    const ip = freshIp();
    const errors: Array<string | null> = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) {
      const response = await post(CONTACT_FORM_ACTION, { ...valid, message: `Limit ${i}` }, {}, ip);
      errors.push(new URL(response.headers.location as string, 'http://x').searchParams.get('error'));
    }
    expect(errors.slice(0, CONTACT_RATE_LIMIT.max)).toEqual(Array(CONTACT_RATE_LIMIT.max).fill(null));
    expect(errors.at(-1)).toBe('tooMany');
  });

  it('refuses a post from another site', async () => {
    const response = await post(CONTACT_FORM_ACTION, valid, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });
});
