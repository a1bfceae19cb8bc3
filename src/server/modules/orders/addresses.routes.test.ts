import { randomUUID } from 'node:crypto';

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADDRESSES_MAX, type Address } from '#shared/contract/orders.ts';

import { addresses } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { quickMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let alice: Member;
let bob: Member;

const { call, ok } = apiCalls(() => t.app, '/api/addresses');

const home = {
  name: 'Alice Liddell',
  phoneNumber: '+44 1865 270000',
  street: 'Christ Church, St Aldate’s',
  city: 'Oxford',
  zipCode: 'OX1 1DP',
  country: 'United Kingdom',
};

const add = async (who: Member, body: object) =>
  (await ok<{ address: Address }>(who, 'POST', '/', body, 201)).address;
const book = async (who: Member) => (await ok<{ addresses: Address[] }>(who, 'GET', '/')).addresses;
const rowsOf = (userId: string) =>
  t.database.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  [alice, bob] = (await quickMembers(t.app, t.database.db, 2, 'Book')) as [Member, Member];
});
afterAll(async () => {
  await t?.close();
});

describe('address book', () => {
  it('adds addresses: the first is the default, the one-line address is made from the parts', async () => {
    expect(await book(alice)).toEqual([]);
    const first = await add(alice, home);
    expect(first).toMatchObject({
      ...home,
      fullAddress: 'Christ Church, St Aldate’s, Oxford, OX1 1DP, United Kingdom',
      state: '',
      addressType: 'home',
      primary: true,
    });
    const office = await add(alice, {
      name: 'Alice at work',
      phoneNumber: '(01865) 270-001',
      fullAddress: 'Wonderland Ltd, 1 Rabbit Hole, Oxford',
      addressType: 'office',
    });
    expect(office).toMatchObject({ primary: false, street: '', addressType: 'office' });
    expect((await book(alice)).map((a) => a.id)).toEqual([first.id, office.id]);
    // A new default takes over.
    const third = await add(alice, { ...home, name: 'Alice again', primary: true });
    const all = await book(alice);
    expect(all[0]!.id).toBe(third.id);
    expect(all.filter((a) => a.primary).map((a) => a.id)).toEqual([third.id]);
  });

  it('edits an address; making one the default unsets the other; a default cannot just be unset', async () => {
    const [first, second] = await Promise.all([
      add(bob, home),
      add(bob, { ...home, name: 'Bob office', addressType: 'office' }),
    ]);
    const defaultId = (await book(bob)).find((a) => a.primary)!.id;
    const otherId = defaultId === first.id ? second.id : first.id;
    const edited = await ok<{ address: Address }>(bob, 'PATCH', `/${otherId}`, {
      city: 'Cambridge',
      primary: true,
    });
    expect(edited.address).toMatchObject({
      city: 'Cambridge',
      primary: true,
      fullAddress: 'Christ Church, St Aldate’s, Cambridge, OX1 1DP, United Kingdom',
    });
    expect((await book(bob)).filter((a) => a.primary).map((a) => a.id)).toEqual([otherId]);
    const unset = await call(bob, 'PATCH', `/${otherId}`, { primary: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json()).toMatchObject({ code: 'DEFAULT_REQUIRED' });
    // A one-line address of one's own wins over the parts.
    const own = await ok<{ address: Address }>(bob, 'PATCH', `/${otherId}`, {
      fullAddress: 'PO Box 7, Cambridge',
    });
    expect(own.address.fullAddress).toBe('PO Box 7, Cambridge');
    const moved = await ok<{ address: Address }>(bob, 'PATCH', `/${otherId}`, { city: 'Ely' });
    expect(moved.address).toMatchObject({ city: 'Ely', fullAddress: 'PO Box 7, Cambridge' });
    // An address made from the parts needs its street.
    const noStreet = await call(bob, 'PATCH', `/${defaultId}`, { street: '' });
    expect(noStreet.statusCode).toBe(400);
    expect(noStreet.json()).toMatchObject({ code: 'ADDRESS_REQUIRED', message: 'Enter the address' });
    for (const [body, message] of [
      [{ name: '' }, /recipient/],
      [{ phoneNumber: 'call me' }, /phone/],
      [{ addressType: 'castle' }, /home or office/],
      [{ primary: 'yes' }, /true or false/],
      [{ fullAddress: 'x'.repeat(301) }, /too long/],
      [{ id: randomUUID() }, /./],
      [{ userId: alice.id }, /./],
    ] as const) {
      const res = await call(bob, 'PATCH', `/${otherId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('deletes an address; when it was the default, the newest other one becomes it', async () => {
    const [carol] = await quickMembers(t.app, t.database.db, 1, 'Del');
    const a = await add(carol!, home);
    const b = await add(carol!, { ...home, name: 'B' });
    const c = await add(carol!, { ...home, name: 'C' });
    expect((await call(carol!, 'DELETE', `/${a.id}`)).statusCode).toBe(204);
    const left = await book(carol!);
    expect(left.map((x) => [x.id, x.primary])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    expect((await call(carol!, 'DELETE', `/${a.id}`)).statusCode).toBe(404);
  });

  it('keeps exactly one default under concurrent changes, and at most 20 addresses', async () => {
    const [dave] = await quickMembers(t.app, t.database.db, 1, 'Race');
    const made = await Promise.all(
      Array.from({ length: ADDRESSES_MAX + 5 }, (_, i) =>
        call(dave!, 'POST', '/', { ...home, name: `Place ${i}`, primary: i % 3 === 0 }),
      ),
    );
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(ADDRESSES_MAX);
    const refused = made.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.json<{ code: string }>().code)).toEqual(Array(5).fill('TOO_MANY_ADDRESSES'));
    const rows = await rowsOf(dave!.id);
    expect(rows).toHaveLength(ADDRESSES_MAX);
    expect(rows.filter((r) => r.isPrimary)).toHaveLength(1);
    await Promise.all(rows.slice(0, 8).map((r) => call(dave!, 'PATCH', `/${r.id}`, { primary: true })));
    expect((await rowsOf(dave!.id)).filter((r) => r.isPrimary)).toHaveLength(1);
    await Promise.all(rows.slice(0, 19).map((r) => call(dave!, 'DELETE', `/${r.id}`)));
    const last = await rowsOf(dave!.id);
    expect(last).toHaveLength(1);
    expect(last[0]!.isPrimary).toBe(true);
  });

  it("answers 404 for someone else's address and leaves it as it was (BOLA)", async () => {
    const [owner, other] = await quickMembers(t.app, t.database.db, 2, 'Bola');
    const mine = await add(owner!, home);
    const before = await rowsOf(owner!.id);
    for (const [method, payload] of [
      ['PATCH', { name: 'Stolen' }],
      ['PATCH', { primary: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other!, method, `/${mine.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Address not found');
    }
    expect(await book(other!)).toEqual([]);
    expect(await rowsOf(owner!.id)).toEqual(before);
    expect((await call(other!, 'PATCH', '/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
  });

  it('refuses bad new addresses with a 400 and a message', async () => {
    for (const [body, message] of [
      [{ ...home, name: ' ' }, /recipient/],
      [{ ...home, phoneNumber: '' }, /phone number/],
      [{ name: 'A', phoneNumber: '1' }, /Enter the address/],
      [{ ...home, street: '', fullAddress: '' }, /Enter the address/],
      [{ ...home, country: 'x'.repeat(121) }, /too long/],
      [{ ...home, isPrimary: true }, /./],
      [{ ...home, userId: bob.id }, /./],
    ] as const) {
      const res = await call(alice, 'POST', '/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});
