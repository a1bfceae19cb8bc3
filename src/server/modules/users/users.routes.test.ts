import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { AuditLogPage, PublicUser, UserPage } from '#shared/contract/users.ts';

import { auditLog, sessions, users } from '../../db/schema/index.ts';
import { COUNT_CAP } from '../../lib/capped-count.ts';
import { GOOD_PASSWORD, createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  member,
  multipartBody,
  pngWithMetadata,
  snapshot,
  threeMembers,
  type Member,
} from '../../testing/members.ts';
import { login } from '../../testing/http.ts';

const PRIVATE_KEYS = ['email', 'phone', 'address', 'zipCode', 'city', 'state', 'status', 'notifications'];

describe('permissions', () => {
  let t: TestApp;
  let admin: Member;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, alice, bob } = await threeMembers(t.app));
    // Some private data of bob's to look for in answers.
    await t.database.db
      .update(users)
      .set({ phone: '+44 555 0101', address: '1 Secret Lane', zipCode: 'SW1', city: 'London' })
      .where(eq(users.id, bob.id));
  });
  afterAll(async () => {
    await t?.close();
  });

  const adminRoutes = (targetId: string) => [
    { method: 'GET' as const, url: '/api/users' },
    { method: 'GET' as const, url: '/api/users?search=bob&sort=email&order=asc' },
    {
      method: 'POST' as const,
      url: '/api/users',
      payload: { firstName: 'Eve', lastName: 'Intruder', email: 'eve@example.com', role: 'admin' },
    },
    { method: 'GET' as const, url: `/api/users/${targetId}` },
    { method: 'GET' as const, url: '/api/users/bob-marley' },
    { method: 'PATCH' as const, url: `/api/users/${targetId}`, payload: { role: 'admin' } },
    { method: 'PATCH' as const, url: `/api/users/${targetId}`, payload: { status: 'banned' } },
    { method: 'DELETE' as const, url: `/api/users/${targetId}` },
    { method: 'POST' as const, url: '/api/users/bulk-delete', payload: { ids: [targetId] } },
    { method: 'GET' as const, url: '/api/audit-log' },
  ];

  it('refuses every admin route to a plain user (403) and changes nothing', async () => {
    const before = await snapshot(t.database.db);
    for (const route of adminRoutes(bob.id)) {
      const res = await t.app.inject({ ...route, headers: alice.headers });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const png = multipartBody(await pngWithMetadata());
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/users/${bob.id}/avatar`,
      payload: png.payload,
      headers: { ...alice.headers, ...png.headers },
    });
    expect(upload.statusCode).toBe(403);
    // Trailing slash and case variants land on the same guard or on nothing.
    for (const url of ['/api/users/', '/API/USERS', `/api/users/${bob.id}/`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: alice.headers });
      expect([403, 404]).toContain(res.statusCode);
    }
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('answers 401 to anonymous callers on every route', async () => {
    const before = await snapshot(t.database.db);
    const memberRoutes = [
      { method: 'GET' as const, url: '/api/users/cards' },
      { method: 'GET' as const, url: `/api/users/${bob.id}/profile` },
      { method: 'GET' as const, url: `/api/users/${bob.id}/followers` },
      { method: 'GET' as const, url: `/api/users/${bob.id}/following` },
      { method: 'GET' as const, url: `/api/users/${bob.id}/gallery` },
      { method: 'POST' as const, url: `/api/users/${bob.id}/follow` },
      { method: 'DELETE' as const, url: `/api/users/${bob.id}/follow` },
      { method: 'PATCH' as const, url: '/api/account/my-account', payload: { firstName: 'X' } },
      {
        method: 'POST' as const,
        url: '/api/account/change-password',
        payload: { currentPassword: GOOD_PASSWORD, newPassword: 'another long passphrase' },
      },
      { method: 'GET' as const, url: '/api/account/sessions' },
      { method: 'DELETE' as const, url: `/api/account/sessions/${bob.id}` },
      { method: 'POST' as const, url: '/api/account/avatar' },
      { method: 'POST' as const, url: '/api/account/cover' },
      { method: 'POST' as const, url: '/api/account/gallery' },
    ];
    for (const route of [...adminRoutes(bob.id), ...memberRoutes]) {
      const res = await t.app.inject(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it("never shows another user's private fields to a plain user", async () => {
    const before = await snapshot(t.database.db);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/users/${bob.id}/profile`,
      headers: alice.headers,
    });
    expect(profile.statusCode).toBe(200);
    const user = profile.json<{ user: PublicUser }>().user;
    expect(user).toMatchObject({ id: bob.id, slug: 'bob-marley', displayName: 'Bob Marley' });
    for (const key of PRIVATE_KEYS) expect(user).not.toHaveProperty(key);

    const cards = await t.app.inject({ method: 'GET', url: '/api/users/cards', headers: alice.headers });
    expect(cards.statusCode).toBe(200);
    for (const secret of [bob.email, admin.email, '555 0101', 'Secret Lane', 'passwordHash']) {
      expect(cards.body).not.toContain(secret);
    }
    // Private fields cannot be searched either (no "does this email exist" oracle).
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/users/cards?search=${encodeURIComponent(bob.email)}`,
      headers: alice.headers,
    });
    expect(byEmail.json<{ total: number }>().total).toBe(0);
    const byName = await t.app.inject({
      method: 'GET',
      url: '/api/users/cards?search=marl',
      headers: alice.headers,
    });
    expect(byName.json<{ users: PublicUser[] }>().users.map((u) => u.id)).toEqual([bob.id]);

    // Her own account answer is the full one; bob's full record is admin-only.
    const direct = await t.app.inject({ method: 'GET', url: `/api/users/${bob.id}`, headers: alice.headers });
    expect(direct.statusCode).toBe(403);
    expect(direct.body).not.toContain(bob.email);
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('documents every users route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/users',
      '/api/users/{id}',
      '/api/users/bulk-delete',
      '/api/users/cards',
      '/api/users/{id}/profile',
      '/api/users/{id}/follow',
      '/api/account/my-account',
      '/api/account/change-password',
      '/api/account/sessions/{id}',
      '/api/audit-log',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('shows an admin the full record, by id or by slug, and never a hash', async () => {
    for (const ref of [bob.id, 'bob-marley', 'BOB-MARLEY']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${ref}`, headers: admin.headers });
      expect(res.statusCode, ref).toBe(200);
      expect(res.json<{ user: User }>().user).toMatchObject({
        id: bob.id,
        email: bob.email,
        phone: '+44 555 0101',
        address: '1 Secret Lane',
      });
      expect(res.body).not.toMatch(/password|argon2/i);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const weird = await t.app.inject({
      method: 'GET',
      url: '/api/users/..%2f..%2fetc',
      headers: admin.headers,
    });
    expect([400, 404]).toContain(weird.statusCode);
  });
});

describe('admin create, edit and delete', () => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t.app, 'Grace', 'Hopper');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a user with a unique slug, mails an invitation and writes the audit log', async () => {
    const create = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        remoteAddress: '203.0.113.9',
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email,
          phone: '+1 (555) 010-2000',
          country: 'United Kingdom',
          company: 'Analytical Engines',
          role: 'user',
          status: 'pending',
          socialLinks: { twitter: 'https://twitter.com/ada' },
        },
      });
    const first = await create('Ada@Example.com ');
    expect(first.statusCode).toBe(201);
    const ada = first.json<{ user: User }>().user;
    expect(ada).toMatchObject({
      email: 'ada@example.com',
      slug: 'ada-lovelace',
      status: 'pending',
      emailVerified: false,
      socialLinks: { twitter: 'https://twitter.com/ada', facebook: '', instagram: '', linkedin: '' },
    });
    expect(t.mails.at(-1)).toMatchObject({ to: 'ada@example.com' });
    expect(t.mails.at(-1)?.text).toMatch(/Forgot password/);

    const second = await create('ada2@example.com');
    expect(second.json<{ user: User }>().user.slug).toBe('ada-lovelace-2');
    const again = await create('ada@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });

    // The invited user cannot sign in with any guess; the account exists.
    expect((await login(t.app, 'ada@example.com', GOOD_PASSWORD)).statusCode).toBe(401);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, ada.id));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'user.create', ip: '203.0.113.9' });
    expect(entry?.changes.email).toEqual([null, 'ada@example.com']);
    expect(JSON.stringify(entry?.changes)).not.toMatch(/password/i);
  });

  it('validates input: unknown fields, bad links, bad phone, missing names', async () => {
    const bad = [
      { firstName: 'A', lastName: 'B', email: 'x1@example.com', passwordHash: 'x' },
      {
        firstName: 'A',
        lastName: 'B',
        email: 'x2@example.com',
        socialLinks: { twitter: 'javascript:alert(1)' },
      },
      { firstName: 'A', lastName: 'B', email: 'x3@example.com', socialLinks: { myspace: 'https://m.com' } },
      { firstName: 'A', lastName: 'B', email: 'x4@example.com', phone: '<script>' },
      { firstName: '', lastName: 'B', email: 'x5@example.com' },
      { firstName: 'A', lastName: 'B', email: 'not-an-email' },
      { firstName: 'A', lastName: 'B', email: 'x6@example.com', role: 'root' },
      { firstName: 'A', lastName: 'B', email: 'x7@example.com', password: 'password' },
      { firstName: 'A', lastName: 'B', email: 'x8@example.com', about: 'x'.repeat(2001) },
    ];
    const before = await snapshot(t.database.db);
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('edits any field, regenerates the slug on a new name, and audits field → [old, new]', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        password: 'enigma machine 1912',
      },
    });
    const alan = created.json<{ user: User }>().user;
    expect(t.mails.filter((m) => m.to === 'alan@example.com')).toHaveLength(0);
    expect((await login(t.app, 'alan@example.com', 'enigma machine 1912')).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alan.slug}`,
      headers: admin.headers,
      payload: {
        lastName: 'Mathison',
        company: 'Bletchley',
        emailVerified: true,
        socialLinks: { linkedin: 'https://linkedin.com/in/alan' },
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<{ user: User }>().user;
    expect(after).toMatchObject({
      lastName: 'Mathison',
      slug: 'alan-mathison',
      company: 'Bletchley',
      emailVerified: true,
      socialLinks: { linkedin: 'https://linkedin.com/in/alan' },
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/audit-log?targetUserId=${alan.id}`,
      headers: admin.headers,
    });
    const page = log.json<AuditLogPage>();
    expect(page.entries[0]).toMatchObject({
      action: 'user.update',
      actorId: admin.id,
      actorName: 'Grace Hopper',
      targetUserId: alan.id,
      changes: {
        lastName: ['Turing', 'Mathison'],
        slug: ['alan-turing', 'alan-mathison'],
        company: ['', 'Bletchley'],
        emailVerified: [false, true],
      },
    });
    expect(page.entries[1]).toMatchObject({ action: 'user.create' });

    // A new email address is unverified again unless the admin says otherwise; a taken one is 409.
    const email = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alan.id}`,
      headers: admin.headers,
      payload: { email: 'turing@example.com' },
    });
    expect(email.json<{ user: User }>().user).toMatchObject({
      email: 'turing@example.com',
      emailVerified: false,
    });
    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alan.id}`,
      headers: admin.headers,
      payload: { email: admin.email },
    });
    expect(taken.statusCode).toBe(409);
    const strict = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${alan.id}`,
      headers: admin.headers,
      payload: { passwordHash: 'x', id: admin.id },
    });
    expect(strict.statusCode).toBe(400);
  });

  it('protects the last active admin from demotion, ban and deletion (409)', async () => {
    const before = await snapshot(t.database.db);
    const attempts = [
      { method: 'PATCH' as const, url: `/api/users/${admin.id}`, payload: { role: 'user' } },
      { method: 'PATCH' as const, url: `/api/users/${admin.id}`, payload: { status: 'banned' } },
      { method: 'PATCH' as const, url: `/api/users/${admin.id}`, payload: { status: 'pending' } },
      { method: 'DELETE' as const, url: `/api/users/${admin.id}` },
      { method: 'POST' as const, url: '/api/users/bulk-delete', payload: { ids: [admin.id] } },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(attempt)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LAST_ADMIN', message: expect.stringMatching(/admin/) });
    }
    expect(await snapshot(t.database.db)).toEqual(before);

    // With a second admin, the first may step down; then the second is the last one.
    const second = await member(t.app, 'Katherine', 'Johnson');
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${second.id}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(promote.json<{ user: User }>().user.role).toBe('admin');
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-delete',
      headers: admin.headers,
      payload: { ids: [admin.id, second.id] },
    });
    expect(both.statusCode).toBe(409);
    const stepDown = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}`,
      headers: admin.headers,
      payload: { role: 'user' },
    });
    expect(stepDown.statusCode).toBe(200);
    // The former admin is a plain user from the next request on.
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
    expect(list.statusCode).toBe(403);
    const demoteLast = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${second.id}`,
      headers: second.headers,
      payload: { role: 'user' },
    });
    expect(demoteLast.statusCode).toBe(409);
    // Restore for the other tests.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}`,
      headers: second.headers,
      payload: { role: 'admin' },
    });
  });

  it('two admins demoting each other at the same time leave one admin', async () => {
    const other = await member(t.app, 'Dorothy', 'Vaughan');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${other.id}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    // Demote everyone else first so exactly these two are the active admins.
    const admins = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.role} = 'admin' and ${users.id} not in (${admin.id}, ${other.id})`);
    for (const a of admins) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${a.id}`,
        headers: admin.headers,
        payload: { role: 'user' },
      });
    }
    const [r1, r2] = await Promise.all([
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${other.id}`,
        headers: admin.headers,
        payload: { role: 'user' },
      }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers: other.headers,
        payload: { role: 'user' },
      }),
    ]);
    // One wins; the other is refused: 409 (last admin) or 403 (its caller was demoted while it waited).
    expect(r1.statusCode === 200 ? r2.statusCode : r1.statusCode).toBeOneOf([403, 409]);
    expect([r1.statusCode, r2.statusCode]).toContain(200);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.role} = 'admin' and ${users.status} = 'active'`);
    expect(Number(row?.n)).toBe(1);
    // Make sure `admin` is an admin again for the tests below.
    const remaining = r1.statusCode === 200 ? admin : other;
    if (remaining !== admin) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers: other.headers,
        payload: { role: 'admin' },
      });
    }
  });

  it('a ban ends the sessions at once and blocks sign-in; unban lets them back', async () => {
    const mallory = await member(t.app, 'Mallory', 'Banned');
    const second = await login(t.app, mallory.email);
    const secondToken = second.json<{ accessToken: string }>().accessToken;
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/account/my-account',
      headers: mallory.headers,
    });
    expect(ok.statusCode).toBe(200);

    const ban = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${mallory.id}`,
      headers: admin.headers,
      remoteAddress: '198.51.100.7',
      payload: { status: 'banned' },
    });
    expect(ban.statusCode).toBe(200);
    for (const token of [mallory.token, secondToken]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/my-account',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const denied = await login(t.app, mallory.email);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetUserId} = ${mallory.id} and ${auditLog.action} = 'user.ban'`);
    expect(entry).toMatchObject({
      actorId: admin.id,
      ip: '198.51.100.7',
      changes: { status: ['active', 'banned'] },
    });

    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${mallory.id}`,
      headers: admin.headers,
      payload: { status: 'active' },
    });
    expect((await login(t.app, mallory.email)).statusCode).toBe(200);
  });

  it('deleting ends the sessions; bulk delete removes several and audits each', async () => {
    const victims = await Promise.all([
      member(t.app, 'Del', 'One'),
      member(t.app, 'Del', 'Two'),
      member(t.app, 'Del', 'Three'),
    ]);
    const [one, two, three] = victims as [Member, Member, Member];
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${one.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    const dead = await t.app.inject({ method: 'GET', url: '/api/account/my-account', headers: one.headers });
    expect(dead.statusCode).toBe(401);
    expect((await login(t.app, one.email)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${one.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);

    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-delete',
      headers: admin.headers,
      payload: { ids: [two.id, three.id, one.id, two.id] },
    });
    expect(bulk.json()).toEqual({ deleted: 2 });
    for (const m of [two, three]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/my-account', headers: m.headers });
      expect(res.statusCode).toBe(401);
    }
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} in ('user.delete', 'user.bulk_delete')`);
    expect(entries.map((e) => [e.action, e.targetUserId]).sort()).toEqual(
      [
        ['user.bulk_delete', three.id],
        ['user.bulk_delete', two.id],
        ['user.delete', one.id],
      ].sort(),
    );
    // Who they were is not kept (ADR 058): the entry says an account went, by whom.
    expect(entries.every((e) => e.actorId === admin.id && e.targetLabel === 'Deleted user')).toBe(true);

    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-delete',
      headers: admin.headers,
      payload: { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
    });
    expect(tooMany.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-delete',
      headers: admin.headers,
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('pages the audit log newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?pageSize=2',
      headers: admin.headers,
    });
    const page = res.json<AuditLogPage>();
    expect(page.entries).toHaveLength(2);
    expect(page.total).toBeGreaterThan(5);
    const times = page.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body).not.toMatch(/passwordHash|argon2/);

    // By cursor: every entry once, in the same order as one big page, and the last page says so.
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/audit-log?pageSize=100', headers: admin.headers })
    ).json<AuditLogPage>();
    const walked: string[] = [];
    let cursor: string | null = page.nextCursor;
    walked.push(...page.entries.map((e) => e.id));
    while (cursor) {
      const next = (
        await t.app.inject({
          method: 'GET',
          url: `/api/audit-log?pageSize=2&cursor=${cursor}`,
          headers: admin.headers,
        })
      ).json<AuditLogPage>();
      walked.push(...next.entries.map((e) => e.id));
      cursor = next.nextCursor;
    }
    expect(walked).toEqual(all.entries.map((e) => e.id));
  });
});

describe('list: paging, sorting, filtering, search, counts — in SQL and safe', () => {
  let t: TestApp;
  let admin: Member;
  const MARK = 'zqx';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t.app, 'Grace', 'Hopper');
    const statuses = ['active', 'active', 'pending', 'banned', 'rejected'] as const;
    await t.database.db.insert(users).values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `member${String(i).padStart(2, '0')}@${MARK}.example`,
        passwordHash: 'x',
        firstName: `Name${String((i * 7) % 30).padStart(2, '0')}`,
        lastName: MARK,
        company: i % 3 === 0 ? 'Acme' : i % 3 === 1 ? 'Globex' : 'Initech',
        phone: `+1 555 ${String(1000 + i)}`,
        role: i % 10 === 0 ? ('admin' as const) : ('user' as const),
        status: statuses[i % 5],
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    await t.database.db.insert(users).values([
      {
        email: 'percent@example.com',
        passwordHash: 'x',
        firstName: 'Pat',
        lastName: 'Percent',
        company: '100% Organic',
      },
      { email: 'under_score@example.com', passwordHash: 'x', firstName: 'Una', lastName: 'Underscore' },
      { email: 'back@example.com', passwordHash: 'x', firstName: 'Bea', lastName: 'Back\\slash' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: admin.headers });

  it('pages and sorts by each key, ascending and descending', async () => {
    const all = (await list(`search=${MARK}&pageSize=100`)).json<UserPage>();
    expect(all.total).toBe(30);
    expect(all.counts).toEqual({ all: 30, active: 12, pending: 6, banned: 6, rejected: 6 });

    const byName = (await list(`search=${MARK}&sort=name&order=asc&page=2&pageSize=7`)).json<UserPage>();
    const names = all.users.map((u) => u.firstName).sort();
    expect(byName.users.map((u) => u.firstName)).toEqual(names.slice(7, 14));
    expect(byName).toMatchObject({ page: 2, pageSize: 7, total: 30 });

    const byEmailDesc = (await list(`search=${MARK}&sort=email&order=desc&pageSize=3`)).json<UserPage>();
    expect(byEmailDesc.users.map((u) => u.email)).toEqual([
      `member29@${MARK}.example`,
      `member28@${MARK}.example`,
      `member27@${MARK}.example`,
    ]);
    const byCreated = (await list(`search=${MARK}&sort=created&order=asc&pageSize=2`)).json<UserPage>();
    expect(byCreated.users.map((u) => u.email)).toEqual([
      `member00@${MARK}.example`,
      `member01@${MARK}.example`,
    ]);
    for (const sort of ['company', 'role', 'status'] as const) {
      const page = (await list(`search=${MARK}&sort=${sort}&order=asc&pageSize=100`)).json<UserPage>();
      const keys = page.users.map((u) => u[sort]);
      expect(keys, sort).toEqual([...keys].sort());
    }
    const last = (await list(`search=${MARK}&page=5&pageSize=7`)).json<UserPage>();
    expect(last.users).toHaveLength(2);
    const beyond = (await list(`search=${MARK}&page=99&pageSize=7`)).json<UserPage>();
    expect(beyond.users).toHaveLength(0);
    expect(beyond.total).toBe(30);
  });

  it('filters by status and role, with counts for the tabs under search and role', async () => {
    const banned = (await list(`search=${MARK}&status=banned&pageSize=100`)).json<UserPage>();
    expect(banned.total).toBe(6);
    expect(banned.users.every((u) => u.status === 'banned')).toBe(true);
    expect(banned.counts.all).toBe(30);

    const admins = (await list(`search=${MARK}&role=admin`)).json<UserPage>();
    expect(admins.users.map((u) => u.email).sort()).toEqual([
      `member00@${MARK}.example`,
      `member10@${MARK}.example`,
      `member20@${MARK}.example`,
    ]);
    expect(admins.counts).toEqual({ all: 3, active: 3, pending: 0, banned: 0, rejected: 0 });

    const acme = (await list(`search=acme&status=active`)).json<UserPage>();
    expect(acme.users.every((u) => u.company === 'Acme' && u.status === 'active')).toBe(true);
    expect(acme.counts.all).toBe(10);
    const byPhone = (await list(`search=${encodeURIComponent('555 1017')}`)).json<UserPage>();
    expect(byPhone.users.map((u) => u.email)).toEqual([`member17@${MARK}.example`]);
    const caseless = (await list(`search=${MARK.toUpperCase()}`)).json<UserPage>();
    expect(caseless.total).toBe(30);
  });

  it('treats search text as text: quotes, LIKE wildcards and backslashes match literally', async () => {
    const cases: Array<[string, string[]]> = [
      ["' OR 1=1--", []],
      ["'; drop table users; --", []],
      ['%', ['percent@example.com']],
      ['_', ['under_score@example.com']],
      ['\\', ['back@example.com']],
      ['%%%', []],
    ];
    for (const [search, emails] of cases) {
      const res = await list(`search=${encodeURIComponent(search)}&pageSize=100`);
      expect(res.statusCode, search).toBe(200);
      expect(
        res.json<UserPage>().users.map((u) => u.email),
        search,
      ).toEqual(emails);
    }
  });

  it('pages a search with thousands of matches the same as a rare one, counting each status up to COUNT_CAP', async () => {
    await t.database.db.insert(users).values(
      Array.from({ length: 2100 }, (_, i) => ({
        email: `bulk${i}@bulk.example`,
        passwordHash: 'x',
        firstName: `Bulk${String(i).padStart(4, '0')}`,
        lastName: 'Member',
        status: i % 3 === 0 ? ('pending' as const) : ('active' as const),
      })),
    );
    try {
      // 1,400 active matches: more than COUNT_CAP, so that count (and "all") is a lower bound.
      const many = (await list('search=bulk&sort=name&order=desc&page=3&pageSize=5')).json<UserPage>();
      expect(COUNT_CAP).toBe(1000);
      expect(many.counts).toMatchObject({ all: 1700, active: 1000, pending: 700, banned: 0 });
      expect(many.capped).toEqual(['all', 'active']);
      expect(many.total).toBe(1700);
      expect(many.hasNextPage).toBe(true);
      expect(many.users.map((u) => u.firstName)).toEqual([
        'Bulk2089',
        'Bulk2088',
        'Bulk2087',
        'Bulk2086',
        'Bulk2085',
      ]);
      const active = (
        await list('search=bulk&status=active&sort=email&order=asc&pageSize=3')
      ).json<UserPage>();
      expect(active.total).toBe(1000);
      expect(active.capped).toContain('active');
      expect(active.users.map((u) => u.email)).toEqual([
        'bulk1000@bulk.example',
        'bulk1001@bulk.example',
        'bulk1003@bulk.example',
      ]);
      // Pages past the cap still answer, and the last one says nothing follows.
      const deep = (
        await list('search=bulk&status=active&sort=name&order=asc&page=466&pageSize=3')
      ).json<UserPage>();
      expect(deep.users.map((u) => u.firstName)).toEqual(['Bulk2093', 'Bulk2095', 'Bulk2096']);
      expect(deep.hasNextPage).toBe(true);
      const last = (
        await list('search=bulk&status=active&sort=name&order=asc&page=467&pageSize=3')
      ).json<UserPage>();
      expect(last.users.map((u) => u.firstName)).toEqual(['Bulk2098', 'Bulk2099']);
      expect(last.hasNextPage).toBe(false);
      // Under the cap, counts are exact and not flagged.
      const pending = (await list('search=bulk&status=pending&pageSize=50')).json<UserPage>();
      expect(pending.total).toBe(700);
      expect(pending.capped).not.toContain('pending');
      const one = (await list('search=bulk2099')).json<UserPage>();
      expect(one.users.map((u) => u.email)).toEqual(['bulk2099@bulk.example']);
      expect(one).toMatchObject({ total: 1, capped: [], hasNextPage: false });
    } finally {
      await t.database.db.delete(users).where(sql`${users.email} like '%@bulk.example'`);
    }
  });

  it('finds one- and two-character terms through the index, with the status and role filters', async () => {
    expect((await list('search=~!')).json<UserPage>()).toMatchObject({ total: 0, users: [] });
    const term = MARK.slice(0, 2);
    const found = (await list(`search=${term}&pageSize=100`)).json<UserPage>();
    const expected = (await t.database.db.execute(
      sql`select count(*)::int as n from users where search_text like ${`%${term}%`}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBe(expected.rows[0]!.n);
    expect(found.users).toHaveLength(found.total);
    const oneChar = (await list('search=@&role=admin')).json<UserPage>();
    expect(oneChar.users.length).toBeGreaterThan(0);
    expect(oneChar.users.every((u) => u.role === 'admin')).toBe(true);
    expect(oneChar.total).toBe(oneChar.counts.all);
  });

  it('keeps the per-status counts (user_counts) equal to the rows after inserts, edits and deletes', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}`,
      headers: admin.headers,
      payload: { company: 'Navy' },
    });
    const [someone] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `member01@${MARK}.example`));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${someone!.id}`,
      headers: admin.headers,
      payload: { status: 'banned', role: 'admin' },
    });
    type Rows = { rows: unknown[] };
    const real = (await t.database.db.execute(
      sql`select role, status, count(*)::int as n from users group by 1, 2 order by 1, 2`,
    )) as unknown as Rows;
    const kept = (await t.database.db.execute(
      sql`select role, status, n from user_counts where n <> 0 order by 1, 2`,
    )) as unknown as Rows;
    expect(kept.rows).toEqual(real.rows);
    const all = (await list('')).json<UserPage>();
    expect(all.counts.all).toBe(34);
    expect(all.total).toBe(34);
  });

  it("narrows to a profile country and a creation period (the overview's drill-downs), counts included", async () => {
    const db = t.database.db;
    const email = (i: number) => `member${String(i).padStart(2, '0')}@${MARK}.example`;
    const countryOf = async (country: string, from: number, to: number) => {
      for (let i = from; i <= to; i++)
        await db
          .update(users)
          .set({ country })
          .where(eq(users.email, email(i)));
    };
    await countryOf('France', 0, 4);
    await countryOf('Japan', 5, 9);
    const emails = (page: UserPage) => page.users.map((u) => u.email).sort();

    const france = (await list('country=France&pageSize=100')).json<UserPage>();
    expect(emails(france)).toEqual([0, 1, 2, 3, 4].map(email));
    // The tabs count the narrowed accounts (earlier tests changed some statuses: counted from the rows).
    const tally = { all: 5, active: 0, pending: 0, banned: 0, rejected: 0 };
    for (const user of france.users) tally[user.status as Exclude<keyof typeof tally, 'all'>]++;
    expect(france.counts).toEqual(tally);
    const pendingInFrance = (await list('country=France&status=pending')).json<UserPage>();
    expect(pendingInFrance.users.every((u) => u.country === 'France' && u.status === 'pending')).toBe(true);
    expect(pendingInFrance.total).toBe(tally.pending);

    // Days are UTC days, both included.
    const days = (await list('createdFrom=2026-01-03&createdTo=2026-01-05&pageSize=100')).json<UserPage>();
    expect(emails(days)).toEqual([2, 3, 4].map(email));
    expect(days.counts.all).toBe(3);
    // Instants keep their offset: Tokyo's 3 January is 2 January 15:00 UTC to 3 January 15:00 UTC.
    const tokyo = (
      await list(
        `country=France&createdFrom=${encodeURIComponent('2026-01-03T00:00:00+09:00')}&createdTo=${encodeURIComponent('2026-01-04T00:00:00+09:00')}`,
      )
    ).json<UserPage>();
    expect(emails(tokyo)).toEqual([email(2)]);

    const searched = (await list(`search=${MARK}&country=Japan&pageSize=100`)).json<UserPage>();
    expect(emails(searched)).toEqual([5, 6, 7, 8, 9].map(email));
    expect(searched.counts.all).toBe(5);
    expect((await list('country=Nowhere')).json<UserPage>()).toMatchObject({ total: 0, users: [] });

    for (const query of [
      'createdFrom=yesterday',
      'createdTo=2026-02-30',
      'createdFrom=2026-03-01&createdTo=2026-02-01',
      `country=${'x'.repeat(81)}`,
    ]) {
      const res = await list(query);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json<{ message: string }>().message, query.slice(0, 40)).toMatch(/\w/);
    }
  });

  it('narrows to the people who signed in from a kind of device in a period ("Sessions by device")', async () => {
    const db = t.database.db;
    const idOf = async (i: number) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, `member${String(i).padStart(2, '0')}@${MARK}.example`))
      )[0]!.id;
    const AGENTS = {
      iphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
      mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      curl: 'curl/8.4.0',
    };
    const signIn = async (i: number, agent: string | null, at: string) =>
      db.insert(sessions).values({
        userId: await idOf(i),
        refreshHash: `device-test-${i}-${at}-${agent ?? 'none'}`,
        userAgent: agent,
        createdAt: new Date(at),
        lastUsedAt: new Date(at),
        expiresAt: new Date(Date.parse(at) + 86_400_000),
      });
    await signIn(10, AGENTS.iphone, '2026-02-10T10:00:00Z');
    await signIn(10, AGENTS.iphone, '2026-02-11T10:00:00Z');
    await signIn(11, AGENTS.iphone, '2026-03-10T10:00:00Z');
    await signIn(11, AGENTS.mac, '2026-02-10T12:00:00Z');
    await signIn(12, AGENTS.ipad, '2026-02-12T10:00:00Z');
    await signIn(13, AGENTS.curl, '2026-02-12T10:00:00Z');
    await signIn(14, null, '2026-02-13T10:00:00Z');
    const february = 'signedInFrom=2026-02-01&signedInTo=2026-02-28';
    const ids = (page: UserPage) => page.users.map((u) => u.id).sort();
    const expected = async (...members: number[]) => (await Promise.all(members.map(idOf))).sort();

    const phones = (await list(`device=mobile&${february}&search=${MARK}&pageSize=100`)).json<UserPage>();
    expect(ids(phones)).toEqual(await expected(10));
    expect(phones.counts.all).toBe(1);
    // Any time: member 11's phone sign-in was in March.
    const anyTime = (await list(`device=mobile&search=${MARK}&pageSize=100`)).json<UserPage>();
    expect(ids(anyTime)).toEqual(await expected(10, 11));
    expect(
      ids((await list(`device=desktop&${february}&search=${MARK}&pageSize=100`)).json<UserPage>()),
    ).toEqual(await expected(11));
    expect(
      ids((await list(`device=tablet&${february}&search=${MARK}&pageSize=100`)).json<UserPage>()),
    ).toEqual(await expected(12));
    // A tool that names no device, and no User-Agent at all, are "other".
    expect(
      ids((await list(`device=other&${february}&search=${MARK}&pageSize=100`)).json<UserPage>()),
    ).toEqual(await expected(13, 14));
    // The viewer's days as instants: 10 February in Tokyo ends at 15:00 UTC, after member 10's and 11's.
    const tokyo = (
      await list(
        `signedInFrom=${encodeURIComponent('2026-02-10T00:00:00+09:00')}&signedInTo=${encodeURIComponent('2026-02-11T00:00:00+09:00')}&search=${MARK}&pageSize=100`,
      )
    ).json<UserPage>();
    expect(ids(tokyo)).toEqual(await expected(10, 11));

    for (const query of [
      'device=phone',
      'signedInFrom=yesterday',
      'signedInFrom=2026-03-01&signedInTo=2026-02-01',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toMatch(/\w/);
    }
  });

  it('refuses bad query values with 400, never 500, and clamps the page size', async () => {
    const bad = [
      'sort=name;drop table users',
      'sort=password_hash',
      'sort=name&order=sideways',
      'order=asc;select 1',
      'status=deleted',
      'role=root',
      'page=0',
      'page=-1',
      'page=abc',
      'pageSize=0',
      `search=${'a'.repeat(10_000)}`,
      'role=admin&role=user',
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const big = (await list('pageSize=1000000')).json<UserPage>();
    expect(big.pageSize).toBe(100);
    expect(big.users.length).toBeLessThanOrEqual(100);
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(Number(row?.n)).toBe(34);
  });
});

describe('follows, profiles, cards', () => {
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

  const profile = async (viewer: Member, ref: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/users/${ref}/profile`, headers: viewer.headers })).json<{
      user: PublicUser;
    }>().user;

  it('follows and unfollows, idempotently, with counts and isFollowing', async () => {
    const follow = () =>
      t.app.inject({ method: 'POST', url: `/api/users/${bob.id}/follow`, headers: alice.headers });
    expect((await follow()).json()).toEqual({ isFollowing: true, followerCount: 1 });
    expect((await follow()).json()).toEqual({ isFollowing: true, followerCount: 1 });
    await t.app.inject({ method: 'POST', url: `/api/users/bob-marley/follow`, headers: admin.headers });
    await t.app.inject({ method: 'POST', url: `/api/users/${alice.id}/follow`, headers: bob.headers });

    expect(await profile(alice, bob.id)).toMatchObject({
      followerCount: 2,
      followingCount: 1,
      isFollowing: true,
    });
    expect(await profile(bob, 'alice-liddell')).toMatchObject({
      followerCount: 1,
      followingCount: 1,
      isFollowing: true,
    });
    expect((await profile(admin, alice.id)).isFollowing).toBe(false);

    const followers = await t.app.inject({
      method: 'GET',
      url: `/api/users/${bob.id}/followers`,
      headers: alice.headers,
    });
    const page = followers.json<{ users: PublicUser[]; total: number }>();
    expect(page.total).toBe(2);
    expect(page.users.map((u) => u.id).sort()).toEqual([admin.id, alice.id].sort());
    for (const u of page.users) for (const key of PRIVATE_KEYS) expect(u).not.toHaveProperty(key);
    const following = await t.app.inject({
      method: 'GET',
      url: `/api/users/${alice.id}/following`,
      headers: bob.headers,
    });
    expect(following.json<{ users: PublicUser[] }>().users.map((u) => u.id)).toEqual([bob.id]);

    const unfollow = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${bob.id}/follow`,
      headers: alice.headers,
    });
    expect(unfollow.json()).toEqual({ isFollowing: false, followerCount: 1 });
  });

  it('refuses to follow yourself (400) and hides users who are not active (404)', async () => {
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/users/${alice.id}/follow`,
      headers: alice.headers,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'SELF_FOLLOW' });

    const carol = await member(t.app, 'Carol', 'Pending');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${carol.id}`,
      headers: admin.headers,
      payload: { status: 'pending' },
    });
    for (const [method, url] of [
      ['POST', `/api/users/${carol.id}/follow`],
      ['GET', `/api/users/${carol.id}/profile`],
      ['GET', `/api/users/${carol.id}/followers`],
      ['GET', `/api/users/${carol.id}/gallery`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: alice.headers });
      expect(res.statusCode, url).toBe(404);
    }
    // A pending account reaches only its own account until approved (ADR 034); admins see her profile.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/users/${carol.id}/profile`,
      headers: carol.headers,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'ACCOUNT_PENDING' });
    expect((await profile(admin, carol.id)).id).toBe(carol.id);
    const cards = await t.app.inject({ method: 'GET', url: '/api/users/cards', headers: alice.headers });
    expect(cards.json<{ users: PublicUser[] }>().users.map((u) => u.id)).not.toContain(carol.id);
  });

  it('pages the cards by name with public fields', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/cards?pageSize=2&page=1',
      headers: bob.headers,
    });
    const page = res.json<{ users: PublicUser[]; total: number; pageSize: number }>();
    expect(page.pageSize).toBe(2);
    expect(page.total).toBe(3);
    expect(page.users.map((u) => u.displayName)).toEqual(['Alice Liddell', 'Bob Marley']);
    expect(page.users[0]).toMatchObject({ isFollowing: true, socialLinks: { facebook: '' } });
  });
});
