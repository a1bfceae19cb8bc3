/**
 * What members see of each other's contact details (issue 24 B): the email address and the phone number
 * only where their owner shows them to members, never the postal address; administrators see everything,
 * everyone sees their own. Covers the account's privacy setting, chat's contacts and participants, the
 * directory and the mail's address suggestions.
 */
import { randomUUID } from 'node:crypto';

import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { ChatContact, Conversation } from '#shared/contract/chat.ts';
import type { MailAddress } from '#shared/contract/mail.ts';

import { users } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, quickMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
let carol: Member;

const BOB = { phone: '+44 7700 900111', address: '1 Secret Lane', city: 'Hiddenham', country: 'Narnia' };
const CAROL = { phone: '+44 7700 900222', address: '2 Open Road', city: 'Shownville', country: 'Utopia' };

const { call, ok } = apiCalls(() => t.app);

const contactsOf = async (who: Member) =>
  (await ok<{ contacts: ChatContact[] }>(who, 'GET', '/chat/contacts')).contacts;
const suggestions = async (who: Member, search: string) =>
  (await ok<{ contacts: MailAddress[] }>(who, 'GET', `/mail/contacts?search=${encodeURIComponent(search)}`))
    .contacts;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  carol = await member(t.app, 'Carol', 'Danvers');
  await ok(bob, 'PATCH', '/account/my-account', BOB);
  await ok(carol, 'PATCH', '/account/my-account', {
    ...CAROL,
    privacy: { email: 'members', phone: 'members' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('privacy: the setting', () => {
  it('hides email and phone from members by default; the owner chooses for each, and sees the choice', async () => {
    const [row] = await t.database.db
      .select({ email: users.emailVisibility, phone: users.phoneVisibility })
      .from(users)
      .where(inArray(users.id, [alice.id]));
    expect(row).toEqual({ email: 'nobody', phone: 'nobody' });
    const who = await member(t.app, 'Dora', 'Explorer');
    const changed = await ok<{ user: User }>(who, 'PATCH', '/account/my-account', {
      privacy: { email: 'members' },
    });
    expect(changed.user.privacy).toEqual({ email: 'members', phone: 'nobody' });
    const again = await ok<{ user: User }>(who, 'PATCH', '/account/my-account', {
      privacy: { phone: 'members', email: 'nobody' },
    });
    expect(again.user.privacy).toEqual({ email: 'nobody', phone: 'members' });
  });

  it('refuses a value other than members or nobody, and unknown keys (400 with a message), changing nothing', async () => {
    for (const privacy of [{ email: 'everyone' }, { phone: 1 }, { address: 'members' }, 'members']) {
      const res = await call(alice, 'PATCH', '/account/my-account', { privacy });
      expect(res.statusCode, JSON.stringify(privacy)).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    const [row] = await t.database.db
      .select({ email: users.emailVisibility, phone: users.phoneVisibility })
      .from(users)
      .where(inArray(users.id, [alice.id]));
    expect(row).toEqual({ email: 'nobody', phone: 'nobody' });
  });
});

describe('privacy: chat', () => {
  it('gives a member only what others share: no hidden email or phone, never a postal address', async () => {
    const contacts = await contactsOf(alice);
    const bobs = contacts.find((c) => c.id === bob.id)!;
    const carols = contacts.find((c) => c.id === carol.id)!;
    // The spec's fields stay; what is hidden is empty.
    expect(bobs).toMatchObject({
      name: 'Bob Marley',
      username: expect.any(String),
      email: '',
      phoneNumber: '',
      address: '',
      status: expect.any(String),
    });
    expect(carols).toMatchObject({ email: carol.email, phoneNumber: CAROL.phone, address: '' });
    const text = JSON.stringify(contacts);
    for (const secret of [bob.email, BOB.phone, BOB.address, BOB.city, CAROL.address, CAROL.city]) {
      expect(text).not.toContain(secret);
    }
  });

  it('gives administrators every detail', async () => {
    const contacts = await contactsOf(admin);
    expect(contacts.find((c) => c.id === bob.id)).toMatchObject({
      email: bob.email,
      phoneNumber: BOB.phone,
      address: '1 Secret Lane, Hiddenham, Narnia',
    });
    expect(contacts.find((c) => c.id === carol.id)).toMatchObject({
      address: '2 Open Road, Shownville, Utopia',
    });
  });

  it('applies the same to the participants of a conversation, each seeing their own details', async () => {
    const res = await call(bob, 'POST', '/chat/conversations', {
      recipientIds: [alice.id, carol.id],
      message: { body: 'Hello both', clientId: `c-${randomUUID()}` },
      name: 'Trio',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ conversation: Conversation }>().conversation;

    const asAlice = (
      await ok<{ conversation: Conversation }>(alice, 'GET', `/chat/conversation?conversationKey=${id}`)
    ).conversation.participants;
    expect(asAlice.find((p) => p.id === bob.id)).toMatchObject({ email: '', phoneNumber: '', address: '' });
    const list = await ok<{ conversations: Conversation[] }>(alice, 'GET', '/chat/conversations');
    expect(JSON.stringify(list)).not.toContain(bob.email);
    const participants = (
      await ok<{ participants: ChatContact[] }>(alice, 'GET', `/chat/participants?conversationKey=${id}`)
    ).participants;
    expect(participants.find((p) => p.id === bob.id)).toMatchObject({ email: '', phoneNumber: '' });

    // Bob sees his own details in full.
    const asBob = (
      await ok<{ conversation: Conversation }>(bob, 'GET', `/chat/conversation?conversationKey=${id}`)
    ).conversation.participants;
    expect(asBob.find((p) => p.id === bob.id)).toMatchObject({
      email: bob.email,
      phoneNumber: BOB.phone,
      address: '1 Secret Lane, Hiddenham, Narnia',
    });
  });
});

describe('privacy: the directory', () => {
  it('never gives a member anyone’s email, phone or postal address', async () => {
    const answers = [
      await call(alice, 'GET', '/users/cards?pageSize=100'),
      await call(alice, 'GET', '/users/cards?search=marley'),
      await call(alice, 'GET', `/users/${bob.id}/profile`),
      await call(alice, 'GET', `/users/${carol.id}/profile`),
      await call(alice, 'GET', `/users/${bob.id}/followers`),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of [bob.email, BOB.phone, BOB.address, BOB.city, CAROL.address, CAROL.phone]) {
        expect(res.body).not.toContain(secret);
      }
    }
    // The directory does not search private fields either.
    const byPhone = await ok<{ users: unknown[] }>(
      alice,
      'GET',
      `/users/cards?search=${encodeURIComponent('900111')}`,
    );
    expect(byPhone.users).toEqual([]);
  });
});

describe('privacy: mail address suggestions', () => {
  it('suggest nobody for fewer than 2 characters (200, an empty list)', async () => {
    for (const search of ['', 'm', ' m ', '%']) {
      expect(await suggestions(admin, search), JSON.stringify(search)).toEqual([]);
    }
    expect((await suggestions(admin, 'ma')).length).toBeGreaterThan(0);
  });

  it('offer members only people who show their address, or the one whose whole address they typed', async () => {
    expect(await suggestions(alice, 'Marley')).toEqual([]);
    // A part of a hidden address finds nobody; only the whole of it does.
    const partly = await suggestions(alice, bob.email.slice(0, -4));
    expect(partly.map((p) => p.userId)).not.toContain(bob.id);
    // Never found by phone or postal details.
    expect(await suggestions(alice, '900111')).toEqual([]);
    expect(await suggestions(alice, '900222')).toEqual([]);
    expect(await suggestions(alice, 'Danvers')).toEqual([
      { name: 'Carol Danvers', email: carol.email, userId: carol.id, avatarUrl: null },
    ]);
    expect(await suggestions(alice, bob.email)).toEqual([
      expect.objectContaining({ name: 'Bob Marley', email: bob.email, userId: bob.id }),
    ]);
    // Their own address, and everyone's for administrators.
    expect((await suggestions(bob, 'Marley')).map((p) => p.userId)).toEqual([bob.id]);
    expect((await suggestions(admin, 'Marley')).map((p) => p.userId)).toEqual([bob.id]);
  });

  it('give at most 10 people', async () => {
    const many = await quickMembers(t.app, t.database.db, 14, 'Zebulon');
    await t.database.db
      .update(users)
      .set({ emailVisibility: 'members' })
      .where(
        inArray(
          users.id,
          many.map((m) => m.id),
        ),
      );
    expect(await suggestions(alice, 'zebulon')).toHaveLength(10);
    expect(await suggestions(admin, 'zebulon')).toHaveLength(10);
  });
});
