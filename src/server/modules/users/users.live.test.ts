import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RealtimeServerMessage } from '#shared/contract/realtime.ts';

import { apiCalls } from '../../testing/http.ts';
import { member, threeMembers, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, lastCode, register, uniqueEmail, type TestApp } from '../../testing/test-app.ts';

/**
 * Accounts change live (issue 26 A): every change a dashboard counts (a new account, a verified address, a
 * role, status, country or profile edit, a deletion) is pushed to the active administrators as
 * `users.changed`, and to nobody else.
 */
let t: TestApp;
let base: string;
let admin: Member;
let alice: Member;
let bob: Member;
let adminSocket: Awaited<ReturnType<typeof signedInSocket>>;
let aliceSocket: Awaited<ReturnType<typeof signedInSocket>>;
const { call, ok } = apiCalls(() => t.app);

const changesOf = (received: RealtimeServerMessage[], userId: string) =>
  received.filter((m) => m.type === 'users.changed' && m.userId === userId).length;
/** Waits for the administrator's `count`th users.changed about `userId`. */
const adminHears = (userId: string, count = 1) =>
  expect.poll(() => changesOf(adminSocket.received, userId)).toBe(count);

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin, alice, bob } = await threeMembers(t.app));
});
afterAll(async () => {
  await t?.close();
});
// An administrator's open tab, and a person's who is not one.
beforeEach(async () => {
  adminSocket = await signedInSocket(base, admin.token);
  aliceSocket = await signedInSocket(base, alice.token);
});
afterEach(() => {
  adminSocket.ws.close();
  aliceSocket.ws.close();
});

describe('users.changed', () => {
  it('tells the administrators of a registration and of its verified address, not other people', async () => {
    const email = uniqueEmail('live');
    const { user } = await register(t.app, { email, firstName: 'Newt', lastName: 'Scamander' });
    await adminHears(user.id);
    await ok(null, 'POST', '/account/verify-email', { email, code: lastCode(t.mails, email) });
    await adminHears(user.id, 2);
    expect(aliceSocket.received.some((m) => m.type === 'users.changed')).toBe(false);
  });

  it('tells them of an administrator’s create, edit, role change and delete', async () => {
    const created = await ok<{ user: { id: string } }>(
      admin,
      'POST',
      '/users',
      { email: uniqueEmail('made'), firstName: 'Made', lastName: 'ByAdmin' },
      201,
    );
    await adminHears(created.user.id);
    await ok(admin, 'PATCH', `/users/${bob.id}`, { country: 'France' });
    await adminHears(bob.id);
    await ok(admin, 'PATCH', `/users/${bob.id}`, { role: 'admin' });
    await adminHears(bob.id, 2);
    // Bob is an administrator now: he hears of the next change.
    const bobSocket = await signedInSocket(base, bob.token);
    try {
      expect((await call(admin, 'DELETE', `/users/${created.user.id}`)).statusCode).toBe(204);
      await adminHears(created.user.id, 2);
      await expect.poll(() => changesOf(bobSocket.received, created.user.id)).toBe(1);
    } finally {
      bobSocket.ws.close();
    }
    await ok(admin, 'PATCH', `/users/${bob.id}`, { role: 'user' });
    await adminHears(bob.id, 3);
    expect(aliceSocket.received.some((m) => m.type === 'users.changed')).toBe(false);
  });

  it('tells them of a person’s own profile edit, not of a notification switch', async () => {
    const carol = await member(t.app, 'Carol', 'King');
    await adminHears(carol.id);
    await ok(carol, 'PATCH', '/account/my-account', { country: 'Viet Nam' });
    await adminHears(carol.id, 2);
    await ok(carol, 'PATCH', '/account/my-account', { notifications: { activityFollows: true } });
    // A socket receives in order: once the next push (about Bob) is there, one for the switch would be too.
    const bobsBefore = changesOf(adminSocket.received, bob.id);
    await ok(admin, 'PATCH', `/users/${bob.id}`, { city: `Lyon ${bobsBefore}` });
    await adminHears(bob.id, bobsBefore + 1);
    expect(changesOf(adminSocket.received, carol.id)).toBe(2);
    expect(changesOf(aliceSocket.received, carol.id)).toBe(0);
  });

  it('logs a push that fails and still answers', async () => {
    const publish = vi.spyOn(t.app.realtime, 'publish').mockRejectedValueOnce(new Error('channel down'));
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      await ok(admin, 'PATCH', `/users/${alice.id}`, { country: 'Chile' });
      expect(publish).toHaveBeenCalledWith(expect.arrayContaining([admin.id]), {
        type: 'users.changed',
        userId: alice.id,
      });
      expect(warn).toHaveBeenCalledWith(expect.anything(), 'Could not push an account change');
    } finally {
      publish.mockRestore();
      warn.mockRestore();
    }
  });
});
