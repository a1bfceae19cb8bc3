import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CONTACT_RATE_LIMIT, type ContactMessagePage } from '#shared/contract/contact.ts';

import { contactMessages } from '../../db/schema/contact.ts';
import { freshIp } from '../../testing/http.ts';
import { bearer, createTestApp, register, type TestApp } from '../../testing/test-app.ts';

const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'A question about plans',
  message: 'Hello,\nhow do I move to the yearly plan?\nThanks',
};

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await register(t.app, {}, freshIp())).accessToken; // the first account is admin
  userToken = (await register(t.app, {}, freshIp())).accessToken;
});
afterAll(() => t.close());

function send(payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    headers,
    payload: payload as object,
  });
}

describe('POST /api/contact', () => {
  it('stores a valid message and thanks the sender', async () => {
    const ip = freshIp();
    const response = await send({ ...valid, name: '  Grace Hopper  ', email: ' Grace@Example.COM ' }, ip);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thanks — we’ll get back to you.' });

    const rows = await t.database.db.select().from(contactMessages);
    const row = rows.find((r) => r.ip === ip);
    expect(row).toMatchObject({ ...valid, name: 'Grace Hopper', email: 'grace@example.com', userId: null });
  });

  it('links the message to the signed-in sender', async () => {
    const ip = freshIp();
    const response = await send(valid, ip, bearer(userToken));
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.find((r) => r.ip === ip)?.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still accepts a message when the token is invalid (anonymous)', async () => {
    const response = await send(valid, freshIp(), { authorization: 'Bearer a.b.c' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['empty body', {}, 'name', 'Name is required'],
    ['blank name', { ...valid, name: '   ' }, 'name', 'Name is required'],
    ['bad email', { ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['blank subject', { ...valid, subject: '' }, 'subject', 'Subject is required'],
    ['blank message', { ...valid, message: ' \n ' }, 'message', 'Message is required'],
    [
      'long message',
      { ...valid, message: 'x'.repeat(5001) },
      'message',
      'The message is too long (at most 5000 characters)',
    ],
    ['long subject', { ...valid, subject: 'x'.repeat(151) }, 'subject', 'This field is too long'],
    [
      'CR/LF in subject',
      { ...valid, subject: 'Hi\r\nBcc: victim@example.com' },
      'subject',
      'Line breaks are not allowed here',
    ],
    [
      'LF in email',
      { ...valid, email: 'grace@example.com\nBcc: victim@example.com' },
      'email',
      'Line breaks are not allowed here',
    ],
    [
      'trailing CRLF in email',
      { ...valid, email: 'grace@example.com\r\n' },
      'email',
      'Line breaks are not allowed here',
    ],
    ['CR in name', { ...valid, name: 'Grace\rHopper' }, 'name', 'Line breaks are not allowed here'],
    ['wrong type', { ...valid, message: 42 }, 'message', 'Message is required'],
  ])('rejects %s with 400 and a readable issue', async (_label, payload, field, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; issues: Array<{ path: string[]; message: string }> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues).toContainEqual({ path: [field], message });
  });

  it('rejects extra keys, arrays and null', async () => {
    for (const payload of [{ ...valid, isAdmin: true }, [valid], null]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
    }
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"isAdmin":true},"name":"a","email":"a@example.com","subject":"s","message":"m"}`,
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address per window, then 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send(valid, ip)).statusCode).toBe(201);
    }
    const before = (await t.database.db.select().from(contactMessages)).length;
    const limited = await send(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
    // Another address is not affected.
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('does not count invalid submissions against the limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max + 2; i++) {
      expect((await send({ ...valid, email: 'nope' }, ip)).statusCode).toBe(400);
    }
    expect((await send(valid, ip)).statusCode).toBe(201);
  });
});

describe('GET /api/contact', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contact' })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method: 'GET', url: '/api/contact', headers: bearer(userToken) });
    expect(asUser.statusCode).toBe(403);
  });

  it('pages the messages, newest first', async () => {
    const ip = freshIp();
    await send({ ...valid, subject: 'Older' }, ip);
    await send({ ...valid, subject: 'Newest' }, ip);

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/contact?page=1&pageSize=2',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const page = response.json() as ContactMessagePage;
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(2);
    expect(page.messages.map((m) => m.subject)).toEqual(['Newest', 'Older']);
    expect(page.total).toBeGreaterThan(2);
    expect(page.messages[0]).not.toHaveProperty('ip');

    const second = (
      await t.app.inject({
        method: 'GET',
        url: '/api/contact?page=2&pageSize=2',
        headers: bearer(adminToken),
      })
    ).json() as ContactMessagePage;
    expect(second.messages.map((m) => m.id)).not.toContain(page.messages[0]?.id);
  });

  it('clamps a page size over the maximum and says which it used', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/contact?pageSize=1000',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ page: 1, pageSize: 100 });
  });

  it('rejects a bad page with 400', async () => {
    for (const query of ['page=0', 'pageSize=0', 'page=abc']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/contact?${query}`,
        headers: bearer(adminToken),
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
