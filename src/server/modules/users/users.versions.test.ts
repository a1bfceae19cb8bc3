import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { threeMembers, type Member } from '../../testing/members.ts';

/** Concurrent edits (issue #9 F, ADR 017): a version per user, a stale edit refused with the current user. */
describe('admin edits of a user carry the version they were based on', () => {
  let t: TestApp;
  let admin: Member;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, alice, bob } = await threeMembers(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (id: string) =>
    (await t.app.inject({ url: `/api/users/${id}`, headers: admin.headers })).json<{ user: User }>().user;
  const patch = (id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: admin.headers, payload });

  it('raises the version by one on every write', async () => {
    const before = await read(bob.id);
    const saved = await patch(bob.id, { company: 'Initech', version: before.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ user: User }>().user).toMatchObject({
      company: 'Initech',
      version: before.version + 1,
    });
  });

  it('refuses an edit based on an older version with 409 and the user as saved, and changes nothing', async () => {
    const base = await read(bob.id);
    expect((await patch(bob.id, { company: 'Globex', version: base.version })).statusCode).toBe(200);

    const late = await patch(bob.id, { company: 'Umbrella', city: 'Raccoon City', version: base.version });
    expect(late.statusCode).toBe(409);
    const body = late.json<{ message: string; code: string; current: User }>();
    expect(body.code).toBe('STALE');
    expect(body.message).toMatch(/changed this/);
    expect(body.current).toMatchObject({ id: bob.id, company: 'Globex', version: base.version + 1 });
    expect(await read(bob.id)).toMatchObject({ company: 'Globex', city: '', version: base.version + 1 });
  });

  it('counts the user’s own changes too: an admin edit based on the page before them is stale', async () => {
    const seen = await read(alice.id);
    const own = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/my-account',
      headers: alice.headers,
      payload: { about: 'Curiouser and curiouser' },
    });
    expect(own.statusCode).toBe(200);
    const late = await patch(alice.id, { company: 'Wonderland Ltd', version: seen.version });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ current: User }>().current.about).toBe('Curiouser and curiouser');
  });

  it('lets exactly one of two edits based on the same version through', async () => {
    const base = await read(bob.id);
    const results = await Promise.all([
      patch(bob.id, { company: 'First', version: base.version }),
      patch(bob.id, { company: 'Second', version: base.version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json<{ user: User }>().user;
    expect(await read(bob.id)).toMatchObject({ company: winner.company, version: base.version + 1 });
  });

  it('refuses a malformed version, and keeps other conflicts without a `current`', async () => {
    expect((await patch(bob.id, { company: 'X', version: 0 })).statusCode).toBe(400);
    expect((await patch(bob.id, { company: 'X', version: 'one' })).statusCode).toBe(400);
    const taken = await patch(bob.id, { email: alice.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: expect.any(String), code: 'EMAIL_TAKEN' });
  });
});
