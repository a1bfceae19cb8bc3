import { randomUUID } from 'node:crypto';

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Discount, DiscountPage } from '#shared/contract/orders.ts';

import { discountCodes } from '../../db/schema/index.ts';
import { apiCalls, type Method } from '../../testing/http.ts';
import { member, quickMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: Member;
let alice: Member;

const { call, ok } = apiCalls(() => t.app, '/api/discounts');

const create = async (body: object) =>
  (await ok<{ discount: Discount }>(admin, 'POST', '/', body, 201)).discount;
const check = (who: Member, code: string, subtotal: number) =>
  call(who, 'POST', '/check', { code, subtotal });
const allCodes = () => t.database.db.select().from(discountCodes).orderBy(asc(discountCodes.id));

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
  alice = await member(t.app, 'Alice', 'Liddell');
});
afterAll(async () => {
  await t?.close();
});

describe('discount codes: administration', () => {
  it('creates, lists, edits (version check) and deletes codes; codes are unique in any letter case', async () => {
    const summer = await create({ code: ' summer-15 ', kind: 'percent', value: 15 });
    expect(summer).toMatchObject({
      code: 'SUMMER-15',
      kind: 'percent',
      value: 15,
      minSubtotal: 0,
      expiresAt: null,
      usageLimit: null,
      usedCount: 0,
      active: true,
      version: 1,
    });
    const fiver = await create({
      code: 'FIVE_OFF',
      kind: 'amount',
      value: 500,
      minSubtotal: 2500,
      expiresAt: '2099-01-01T00:00:00.000Z',
      usageLimit: 100,
    });
    const taken = await call(admin, 'POST', '/', { code: 'Summer-15', kind: 'amount', value: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CODE_TAKEN' });

    const page = await ok<DiscountPage>(admin, 'GET', '/?search=five');
    expect(page.discounts.map((d) => d.id)).toEqual([fiver.id]);
    expect((await ok<DiscountPage>(admin, 'GET', '/')).total).toBe(2);

    const edited = await ok<{ discount: Discount }>(admin, 'PATCH', `/${summer.id}`, {
      value: 20,
      active: false,
      version: 1,
    });
    expect(edited.discount).toMatchObject({ value: 20, active: false, version: 2 });
    const stale = await call(admin, 'PATCH', `/${summer.id}`, { value: 30, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE', current: { value: 20, version: 2 } });
    // A percentage stays within 100, also when only the kind changes.
    const tooMuch = await call(admin, 'PATCH', `/${fiver.id}`, { kind: 'percent' });
    expect(tooMuch.statusCode).toBe(400);
    const renamed = await call(admin, 'PATCH', `/${fiver.id}`, { code: 'summer-15' });
    expect(renamed.statusCode).toBe(409);

    expect((await call(admin, 'DELETE', `/${summer.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/${summer.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', `/${randomUUID()}`, { value: 5 })).statusCode).toBe(404);
  });

  it('refuses bad codes with a 400 and a message', async () => {
    for (const [body, message] of [
      [{ code: 'ab', kind: 'percent', value: 5 }, /3 to 32/],
      [{ code: 'has space', kind: 'percent', value: 5 }, /3 to 32/],
      [{ code: 'OK-CODE', kind: 'bogo', value: 5 }, /percent or amount/],
      [{ code: 'OK-CODE', kind: 'percent', value: 101 }, /percentage from 1 to 100/],
      [{ code: 'OK-CODE', kind: 'percent', value: 0 }, /percentage/],
      [{ code: 'OK-CODE', kind: 'amount', value: 1.5 }, /amount/],
      [{ code: 'OK-CODE', kind: 'amount', value: 100, minSubtotal: -1 }, /minimum subtotal/],
      [{ code: 'OK-CODE', kind: 'amount', value: 100, usageLimit: 0 }, /usage limit/],
      [{ code: 'OK-CODE', kind: 'amount', value: 100, expiresAt: 'tomorrow' }, /date/],
      [{ code: 'OK-CODE', kind: 'amount', value: 100, usedCount: 5 }, /./],
    ] as const) {
      const res = await call(admin, 'POST', '/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('is for administrators only (403), and changes nothing', async () => {
    const code = await create({ code: 'ADMINS-ONLY', kind: 'percent', value: 5 });
    const before = await allCodes();
    for (const [method, url, payload] of [
      ['GET', '/'],
      ['POST', '/', { code: 'MINE', kind: 'percent', value: 100 }],
      ['PATCH', `/${code.id}`, { value: 100 }],
      ['DELETE', `/${code.id}`],
    ] as Array<[Method, string, object?]>) {
      const res = await call(alice, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await allCodes()).toEqual(before);
  });
});

describe('discount codes: checking one', () => {
  it('tells any signed-in person what a code takes off their subtotal, or why it does not apply', async () => {
    await create({ code: 'TENPC', kind: 'percent', value: 10 });
    await create({ code: 'BIGSPEND', kind: 'amount', value: 2000, minSubtotal: 10_000 });
    await create({ code: 'EXPIRED', kind: 'percent', value: 50, expiresAt: '2020-01-01T00:00:00Z' });
    await create({ code: 'ASLEEP', kind: 'percent', value: 50, active: false });
    const usedUp = await create({ code: 'USEDUP', kind: 'percent', value: 50, usageLimit: 1 });
    await t.database.db.update(discountCodes).set({ usedCount: 1 }).where(eq(discountCodes.id, usedUp.id));

    const ten = await check(alice, ' tenpc ', 12_345);
    expect(ten.statusCode).toBe(200);
    expect(ten.json()).toEqual({ discount: { code: 'TENPC', kind: 'percent', value: 10, amount: 1235 } });
    const big = await check(alice, 'BIGSPEND', 10_000);
    expect(big.json()).toEqual({ discount: { code: 'BIGSPEND', kind: 'amount', value: 2000, amount: 2000 } });
    // An amount never takes off more than the subtotal… but the minimum must be met first.
    for (const [code, subtotal, expected] of [
      ['NOPE', 5000, 'DISCOUNT_UNKNOWN'],
      ['ASLEEP', 5000, 'DISCOUNT_UNKNOWN'],
      ['EXPIRED', 5000, 'DISCOUNT_EXPIRED'],
      ['USEDUP', 5000, 'DISCOUNT_USED_UP'],
      ['BIGSPEND', 9999, 'DISCOUNT_BELOW_MINIMUM'],
    ] as const) {
      const res = await check(alice, code, subtotal);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ code: expected, message: expect.any(String) });
    }
    expect((await check(alice, 'BIGSPEND', 9999)).json()).toMatchObject({
      minSubtotal: 10_000,
      message: 'This discount code needs a subtotal of at least USD 100.00',
    });
    for (const body of [
      { code: '', subtotal: 1 },
      { code: 'TENPC', subtotal: -1 },
      { code: 'TENPC' },
      { code: 'TENPC', subtotal: 1.5 },
    ]) {
      expect((await call(alice, 'POST', '/check', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('limits how many codes one person tries a minute (429)', async () => {
    const [guesser] = await quickMembers(t.app, t.database.db, 1, 'Guess');
    for (let i = 0; i < 30; i++) {
      expect((await check(guesser!, `GUESS${i}`, 1000)).statusCode).toBe(400);
    }
    const res = await check(guesser!, 'TENPC', 1000);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
  });
});
