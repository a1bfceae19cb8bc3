/** One-time codes are bound to the address they were mailed to (issue 8 §4.2). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import {
  GOOD_PASSWORD,
  bearer,
  createTestApp,
  lastCode,
  register,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app.ts';
import { freshIp } from '../../testing/http.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, { firstName: 'Grace', lastName: 'Hopper' }, freshIp());
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });

const myAccount = async (token: string) =>
  (await t.app.inject({ url: '/api/account/my-account', headers: bearer(token) })).json<{ user: User }>()
    .user;

describe('codes and email changes', () => {
  it('a verification code mailed to the old address cannot verify the new one after a self change', async () => {
    const oldEmail = uniqueEmail('eve.old');
    const newEmail = uniqueEmail('eve.new');
    const eve = await register(t.app, { email: oldEmail }, freshIp());
    const oldCode = lastCode(t.mails, oldEmail);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account',
      headers: bearer(eve.accessToken),
      payload: { email: newEmail, currentPassword: GOOD_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ user: User }>().user.emailVerified).toBe(false);

    // The old code, sent to a mailbox that is no longer the account's, proves nothing about the new one.
    const withOld = await post('/api/account/verify-email', { email: newEmail, code: oldCode });
    expect(withOld.statusCode).toBe(400);
    expect((await myAccount(eve.accessToken)).emailVerified).toBe(false);

    // A fresh code went to the new address, and it verifies it.
    const newCode = lastCode(t.mails, newEmail);
    expect(newCode).not.toBe(oldCode);
    const ok = await post('/api/account/verify-email', { email: newEmail, code: newCode });
    expect(ok.statusCode).toBe(200);
    expect((await myAccount(eve.accessToken)).emailVerified).toBe(true);
  });

  it('a reset code issued before an email change stops working', async () => {
    const oldEmail = uniqueEmail('frank.old');
    const newEmail = uniqueEmail('frank.new');
    const frank = await register(t.app, { email: oldEmail }, freshIp());
    expect((await post('/api/account/forgot-password', { email: oldEmail })).statusCode).toBe(200);
    const resetCode = lastCode(
      t.mails.filter((m) => /reset/i.test(m.subject)),
      oldEmail,
    );
    await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account',
      headers: bearer(frank.accessToken),
      payload: { email: newEmail, currentPassword: GOOD_PASSWORD },
    });
    const reset = await post('/api/account/new-password', {
      email: newEmail,
      code: resetCode,
      password: 'an entirely new passphrase',
    });
    expect(reset.statusCode).toBe(400);
  });

  it('an admin changing an address leaves it unverified, voids codes and mails the new address a code', async () => {
    const oldEmail = uniqueEmail('gina.old');
    const newEmail = uniqueEmail('gina.new');
    const gina = await register(t.app, { email: oldEmail }, freshIp());
    const oldCode = lastCode(t.mails, oldEmail);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${gina.user.id}`,
      headers: bearer(admin.accessToken),
      payload: { email: newEmail, emailVerified: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ email: newEmail, emailVerified: false });

    expect((await post('/api/account/verify-email', { email: newEmail, code: oldCode })).statusCode).toBe(
      400,
    );
    const newCode = lastCode(t.mails, newEmail);
    expect((await post('/api/account/verify-email', { email: newEmail, code: newCode })).statusCode).toBe(
      200,
    );
  });
});
