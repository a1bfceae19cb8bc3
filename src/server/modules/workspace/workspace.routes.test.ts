import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { InvitationList, SignupPolicy, WorkspaceSettings } from '#shared/contract/workspace.ts';

import { freshIp } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import {
  GOOD_PASSWORD,
  bearer,
  createTestApp,
  lastCode,
  register,
  uniqueEmail,
  type TestApp,
} from '../../testing/test-app.ts';

let t: TestApp;
let admin: Member;

beforeEach(async () => {
  t = await createTestApp();
  admin = await member(t.app, 'Grace', 'Hopper');
});
afterEach(() => t.close());

const settingsOf = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/workspace/settings', headers: admin.headers })
  ).json() as WorkspaceSettings;

async function setSettings(changes: Partial<Omit<WorkspaceSettings, 'version'>>) {
  const { version } = await settingsOf();
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/workspace/settings',
    headers: admin.headers,
    payload: { ...changes, version },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as WorkspaceSettings;
}

function registerRaw(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: freshIp(),
    payload: {
      password: GOOD_PASSWORD,
      firstName: 'New',
      lastName: 'Person',
      email: uniqueEmail(),
      ...payload,
    },
  });
}

function invite(headers: Record<string, string>, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/workspace/invitations', headers, payload: { email } });
}

/** The token of the newest invitation link mailed to `to`. */
function inviteToken(to: string): string {
  const mail = t.mails.filter((m) => m.to === to).at(-1);
  const token = mail?.text.match(/\/auth\/register\?invite=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

describe('workspace settings', () => {
  it('defaults to the verify policy and quotas of 50/hour and 200/day', async () => {
    const settings = await settingsOf();
    expect(settings).toMatchObject({
      signup: 'verify',
      membersMayInvite: false,
      mailQuota: { perPersonHour: 50, perPersonDay: 200 },
      storageQuotaBytes: 1024 ** 3,
    });
    const policy = (
      await t.app.inject({ method: 'GET', url: '/api/workspace/signup' })
    ).json() as SignupPolicy;
    expect(policy).toEqual({ signup: 'verify', firstAccount: false });
  });

  it('takes SIGNUP from the configuration as the default of a new instance', async () => {
    const other = await createTestApp({ signupDefault: 'closed' });
    try {
      const policy = await other.app.inject({ method: 'GET', url: '/api/workspace/signup' });
      expect(policy.json()).toEqual({ signup: 'closed', firstAccount: true });
    } finally {
      await other.close();
    }
  });

  it('is read and changed by administrators only, with a version check', async () => {
    const alice = await member(t.app, 'Alice', 'Liddell');
    const asAlice = await t.app.inject({
      method: 'GET',
      url: '/api/workspace/settings',
      headers: alice.headers,
    });
    expect(asAlice.statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/workspace/settings',
      headers: alice.headers,
      payload: { signup: 'open', version: 1 },
    });
    expect(put.statusCode).toBe(403);

    const saved = await setSettings({
      signup: 'approval',
      mailQuota: { perPersonHour: 5, perPersonDay: 10, instanceDay: 100 },
    });
    expect(saved).toMatchObject({ signup: 'approval', mailQuota: { perPersonHour: 5 }, version: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/workspace/settings',
      headers: admin.headers,
      payload: { signup: 'open', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect((await settingsOf()).signup).toBe('approval');
  });

  it('refuses bad values with a message', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/workspace/settings',
      headers: admin.headers,
      payload: { signup: 'everyone', version: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});

describe('sign-up policies', () => {
  it('closed: nobody registers, but the first account of an empty instance does', async () => {
    const empty = await createTestApp({ signupDefault: 'closed' });
    try {
      const first = await register(empty.app, {}, freshIp());
      expect(first.user.role).toBe('admin');
      const second = await empty.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: { email: uniqueEmail(), password: GOOD_PASSWORD, firstName: 'A', lastName: 'B' },
      });
      expect(second.statusCode).toBe(403);
      expect(second.json()).toMatchObject({ code: 'SIGNUP_CLOSED' });
    } finally {
      await empty.close();
    }
  });

  it('approval: a new account is pending, reaches only its own account, and admins are told', async () => {
    await setSettings({ signup: 'approval' });
    const response = await registerRaw({});
    expect(response.statusCode).toBe(200);
    const pending = response.json() as {
      accessToken: string;
      user: { id: string; status: string; email: string };
    };
    expect(pending.user.status).toBe('pending');
    const headers = bearer(pending.accessToken);
    const me = await t.app.inject({ method: 'GET', url: '/api/account/my-account', headers });
    expect(me.json()).toMatchObject({ user: { status: 'pending' } });
    const other = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'ACCOUNT_PENDING' });

    const adminNotes = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: admin.headers,
    });
    expect(JSON.stringify(adminNotes.json())).toContain('waits for your approval');

    // Approved from the users list: the person is mailed and works from their next request.
    const user = (
      await t.app.inject({ method: 'GET', url: `/api/users/${pending.user.id}`, headers: admin.headers })
    ).json() as {
      user: { version: number };
    };
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${pending.user.id}`,
      headers: admin.headers,
      payload: { status: 'active', version: user.user.version },
    });
    expect(approve.statusCode).toBe(200);
    expect(t.mails.some((m) => m.to === pending.user.email && /approved/.test(m.subject))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers })).statusCode).toBe(200);
  });

  it('invite: registration needs a live invitation for that address, used once', async () => {
    await setSettings({ signup: 'invite' });
    const uninvited = await registerRaw({});
    expect(uninvited.statusCode).toBe(403);
    expect(uninvited.json()).toMatchObject({ code: 'INVITE_REQUIRED' });

    const email = uniqueEmail('guest');
    expect((await invite(admin.headers, email)).statusCode).toBe(201);
    const token = inviteToken(email);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/invitations/preview?token=${token}`,
    });
    expect(preview.json()).toMatchObject({ email, invitedBy: 'Grace Hopper' });

    const wrongEmail = await registerRaw({ inviteToken: token });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json()).toMatchObject({ code: 'INVITE_EMAIL' });

    const ok = await registerRaw({ inviteToken: token, email });
    expect(ok.statusCode).toBe(200);
    // The link came through the mailbox: the address is verified and the account active.
    expect(ok.json()).toMatchObject({ user: { email, emailVerified: true, status: 'active' } });

    const again = await registerRaw({ inviteToken: token, email: uniqueEmail() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVITE_INVALID' });

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/workspace/invitations', headers: admin.headers })
    ).json() as InvitationList;
    expect(list.invitations[0]).toMatchObject({ email, status: 'accepted' });
  });

  it('invitations can be revoked, and members invite only when the settings allow it', async () => {
    const alice = await member(t.app, 'Alice', 'Liddell');
    const bob = await member(t.app, 'Bob', 'Marley');
    expect((await invite(alice.headers, uniqueEmail())).statusCode).toBe(403);
    await setSettings({ signup: 'invite', membersMayInvite: true });
    const email = uniqueEmail('friend');
    const created = await invite(alice.headers, email);
    expect(created.statusCode).toBe(201);
    const { invitation } = created.json() as { invitation: { id: string } };
    const token = inviteToken(email);

    // Bob may not revoke Alice's invitation; its sender may.
    const byBob = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/invitations/${invitation.id}`,
      headers: bob.headers,
    });
    expect(byBob.statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/invitations/${invitation.id}`,
      headers: alice.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const use = await registerRaw({ inviteToken: token, email });
    expect(use.statusCode).toBe(400);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/workspace/invitations', headers: alice.headers })
    ).json() as InvitationList;
    expect(mine.invitations.map((i) => i.status)).toEqual(['revoked']);
  });

  it('verify: an unverified account cannot invite or mail outside addresses until it enters its code', async () => {
    const auth = await register(t.app, { email: uniqueEmail('fresh') }, freshIp());
    const headers = bearer(auth.accessToken);
    await setSettings({ membersMayInvite: true });
    const invited = await invite(headers, uniqueEmail());
    expect(invited.statusCode).toBe(403);
    expect(invited.json()).toMatchObject({ code: 'EMAIL_UNVERIFIED' });

    const outside = { to: ['someone@elsewhere.example'], subject: 'Hi', message: '<p>Hi</p>' };
    const send = await t.app.inject({ method: 'POST', url: '/api/mail/send', headers, payload: outside });
    expect(send.statusCode).toBe(403);
    expect(send.json().message).toMatch(/Verify your email/);
    // Inside the workspace it works at once.
    const inside = { ...outside, to: [admin.email] };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/mail/send', headers, payload: inside })).statusCode,
    ).toBe(200);

    const code = lastCode(t.mails, auth.user.email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { email: auth.user.email, code },
    });
    expect(verified.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/mail/send', headers, payload: outside })).statusCode,
    ).toBe(200);
  });

  it('open: an unverified account mails outside addresses at once', async () => {
    await setSettings({ signup: 'open' });
    const auth = await register(t.app, { email: uniqueEmail('open') }, freshIp());
    const payload = { to: ['someone@elsewhere.example'], subject: 'Hi', message: '<p>Hi</p>' };
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send',
      headers: bearer(auth.accessToken),
      payload,
    });
    expect(send.statusCode).toBe(200);
  });
});

describe('outbound mail quotas', () => {
  const outside = (n: number) => ({
    to: Array.from({ length: n }, (_, i) => `r${i}.${Math.random().toString(36).slice(2)}@elsewhere.example`),
    subject: 'News',
    message: '<p>News</p>',
  });

  it('counts outside recipients per person per hour and answers 429 naming the limit', async () => {
    await setSettings({ mailQuota: { perPersonHour: 5, perPersonDay: 100, instanceDay: 1000 } });
    const alice = await member(t.app, 'Alice', 'Liddell');
    const send = (n: number) =>
      t.app.inject({ method: 'POST', url: '/api/mail/send', headers: alice.headers, payload: outside(n) });
    expect((await send(3)).statusCode).toBe(200);
    const over = await send(3);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/at most 5 outside recipients an hour/);
    // What was refused took nothing: two more still fit.
    expect((await send(2)).statusCode).toBe(200);
    expect((await send(1)).statusCode).toBe(429);
  });

  it('holds the instance-wide daily quota across people', async () => {
    await setSettings({ mailQuota: { perPersonHour: 50, perPersonDay: 200, instanceDay: 4 } });
    const alice = await member(t.app, 'Alice', 'Liddell');
    const bob = await member(t.app, 'Bob', 'Marley');
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send',
      headers: alice.headers,
      payload: outside(3),
    });
    expect(a.statusCode).toBe(200);
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send',
      headers: bob.headers,
      payload: outside(2),
    });
    expect(b.statusCode).toBe(429);
    expect(b.json().message).toMatch(/This workspace can mail at most 4/);
  });
});
