import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { SessionsResponse } from '#shared/contract/users.ts';

import { sessions, users } from '../../db/schema/index.ts';
import { GOOD_PASSWORD, bearer, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { member, snapshot, type Member } from '../../testing/members.ts';
import { login } from '../../testing/http.ts';
import { updateUserRow } from '../users/users.repo.ts';
import { profilePatch } from '../users/users.service.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t.app, 'Grace', 'Hopper');
});
afterAll(async () => {
  await t?.close();
});

const myAccount = (m: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: '/api/account/my-account', headers: m.headers });
const patchMe = (m: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/account/my-account', headers: m.headers, payload });

describe('PATCH /api/account/my-account', () => {
  it('keeps both of two saves made at once to different switches and links (no lost update)', async () => {
    const lin = await member(t.app, 'Lin', 'Parallel');
    // The row a request read when it authenticated…
    const [stale] = await t.database.db.select().from(users).where(eq(users.id, lin.id));
    // …then another save lands before this one writes.
    const other = await patchMe(lin, {
      notifications: { applicationNews: false },
      socialLinks: { twitter: 'https://twitter.com/lin' },
    });
    expect(other.statusCode).toBe(200);
    // This save, built from the stale row, changes only its own keys.
    await updateUserRow(
      t.database.db,
      lin.id,
      profilePatch(stale!, {
        socialLinks: { linkedin: 'https://linkedin.com/in/lin' },
        notifications: { activityComments: false },
      }),
    );
    const me = (await myAccount(lin)).json<{ user: User }>().user;
    expect(me.notifications).toMatchObject({ activityComments: false, applicationNews: false });
    expect(me.socialLinks).toMatchObject({
      twitter: 'https://twitter.com/lin',
      linkedin: 'https://linkedin.com/in/lin',
    });
  });

  it('updates my own profile fields, merging links and notification switches', async () => {
    const ada = await member(t.app, 'Ada', 'Lovelace');
    const res = await patchMe(ada, {
      firstName: '  Augusta Ada ',
      phone: '+44 20 7946 0958',
      country: 'United Kingdom',
      city: 'London',
      address: '12 St James Square',
      zipCode: 'SW1Y 4JH',
      about: 'Wrote the first program.',
      socialLinks: { twitter: 'https://x.com/ada' },
      notifications: { activityFollows: true },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json<{ user: User }>().user;
    expect(user).toMatchObject({
      firstName: 'Augusta Ada',
      slug: 'augusta-ada-lovelace',
      phone: '+44 20 7946 0958',
      city: 'London',
      socialLinks: { twitter: 'https://x.com/ada', facebook: '' },
      notifications: { activityFollows: true, activityComments: true, applicationProduct: false },
    });
    const second = await patchMe(ada, { socialLinks: { facebook: 'https://facebook.com/ada' } });
    expect(second.json<{ user: User }>().user.socialLinks).toMatchObject({
      twitter: 'https://x.com/ada',
      facebook: 'https://facebook.com/ada',
    });
    expect((await myAccount(ada)).json<{ user: User }>().user.about).toBe('Wrote the first program.');
  });

  it('refuses role, status, emailVerified, passwordHash, id and unknown fields (400), changing nothing', async () => {
    const eve = await member(t.app, 'Eve', 'Attacker');
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, eve.id));
    const before = await snapshot(t.database.db);
    const attempts = [
      { role: 'admin' },
      { status: 'active' },
      { emailVerified: true },
      { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB' },
      { id: admin.id },
      { firstName: 'Eve', role: 'admin' },
      { slug: 'grace-hopper' },
      { avatarUrl: 'https://evil.example/x.png' },
      { socialLinks: { twitter: 'javascript:alert(1)' } },
      { notifications: { activityComments: 'yes' } },
      { createdAt: '2020-01-01T00:00:00Z' },
    ];
    for (const payload of attempts) {
      const res = await patchMe(eve, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await snapshot(t.database.db)).toEqual(before);
    const me = (await myAccount(eve)).json<{ user: User }>().user;
    expect(me).toMatchObject({ role: 'user', status: 'active', emailVerified: false });
  });

  it('changes the email only with the current password, and marks it unverified', async () => {
    const bob = await member(t.app, 'Bob', 'Email');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, bob.id));

    const noPassword = await patchMe(bob, { email: 'bob.new@example.com' });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await patchMe(bob, { email: 'bob.new@example.com', currentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const taken = await patchMe(bob, { email: admin.email, currentPassword: GOOD_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect((await myAccount(bob)).json<{ user: User }>().user.email).toBe(bob.email);

    const ok = await patchMe(bob, { email: 'Bob.New@Example.com', currentPassword: GOOD_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ user: User }>().user).toMatchObject({
      email: 'bob.new@example.com',
      emailVerified: false,
    });
    expect(t.mails.at(-1)).toMatchObject({ to: bob.email, subject: expect.stringMatching(/email address/) });
    expect((await login(t.app, 'bob.new@example.com')).statusCode).toBe(200);
  });
});

describe('POST /api/account/change-password', () => {
  it('ends the other sessions, keeps this one, and mails a notice', async () => {
    const carol = await member(t.app, 'Carol', 'Password');
    const other = (await login(t.app, carol.email)).json<{ accessToken: string }>().accessToken;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: carol.headers,
      payload: { currentPassword: GOOD_PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect((await myAccount(carol)).statusCode).toBe(200);
    expect((await myAccount({ headers: bearer(other) })).statusCode).toBe(401);
    expect((await login(t.app, carol.email)).statusCode).toBe(401);
    expect((await login(t.app, carol.email, 'a brand new passphrase')).statusCode).toBe(200);
    expect(t.mails.at(-1)).toMatchObject({ to: carol.email, subject: expect.stringMatching(/password/) });
  });

  it('answers a wrong current password with 400 INVALID_PASSWORD (not 401) and changes nothing', async () => {
    const dan = await member(t.app, 'Dan', 'Wrong');
    const before = await snapshot(t.database.db);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: dan.headers,
      payload: { currentPassword: 'not the password', newPassword: 'a brand new passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD', issues: [{ path: ['currentPassword'] }] });
    const after = await snapshot(t.database.db);
    // Only the rate-limit counter moved; users and sessions are untouched.
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
    expect((await login(t.app, dan.email)).statusCode).toBe(200);

    for (const payload of [
      { currentPassword: GOOD_PASSWORD, newPassword: 'password1' },
      { currentPassword: GOOD_PASSWORD, newPassword: 'short' },
      { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD },
      { currentPassword: GOOD_PASSWORD },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: dan.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await login(t.app, dan.email)).statusCode).toBe(200);
  });

  it('limits wrong current passwords per account (429)', async () => {
    const erin = await member(t.app, 'Erin', 'Guess');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/change-password',
        headers: erin.headers,
        payload: { currentPassword: `guess number ${i}`, newPassword: 'a brand new passphrase' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  it('lists my live sessions with device labels and the current one, and revokes one', async () => {
    const fay = await member(t.app, 'Fay', 'Sessions');
    const mac = (await login(t.app, fay.email, GOOD_PASSWORD, { userAgent: CHROME_MAC })).json<{
      accessToken: string;
    }>();
    const phone = (await login(t.app, fay.email, GOOD_PASSWORD, { userAgent: SAFARI_IPHONE })).json<{
      accessToken: string;
    }>();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(mac.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<SessionsResponse>().sessions;
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ label: 'Chrome on macOS', device: 'desktop', userAgent: CHROME_MAC });
    const iphone = list.find((s) => s.userAgent === SAFARI_IPHONE);
    expect(iphone).toMatchObject({ label: 'Safari on iOS', device: 'mobile', current: false });
    expect(res.body).not.toMatch(/refresh/i);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${iphone?.id}`,
      headers: bearer(mac.accessToken),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await myAccount({ headers: bearer(phone.accessToken) })).statusCode).toBe(401);
    expect((await myAccount({ headers: bearer(mac.accessToken) })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: fay.headers });
    expect(after.json<SessionsResponse>().sessions).toHaveLength(2);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const gus = await member(t.app, 'Gus', 'Victim');
    const hal = await member(t.app, 'Hal', 'Attacker');
    const [gusSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, gus.id));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${gusSession?.id}`,
      headers: hal.headers,
    });
    expect(res.statusCode).toBe(404);
    const [unchanged] = await t.database.db.select().from(sessions).where(eq(sessions.id, gusSession!.id));
    expect(unchanged).toEqual(gusSession);
    expect((await myAccount(gus)).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: hal.headers });
    expect(list.json<SessionsResponse>().sessions.map((s) => s.id)).not.toContain(gusSession?.id);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-a-uuid',
      headers: hal.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
