import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  AccountsResponse,
  BankAccount,
  BankCategory,
  BankingOverview,
  BankTransaction,
  BudgetsResponse,
  ImportPreview,
  ImportResult,
  MoneyRequest,
  RequestsResponse,
  TransactionPage,
  TransferResponse,
} from '#shared/contract/banking.ts';

import { bankingAudit, notifications } from '../../db/schema/index.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, threeMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** `/api/banking` (issue 28, ADR 049), on both databases. */

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
const { call, ok } = apiCalls(() => t.app, '/api/banking');

let keyCounter = 0;
const key = () => `test-key-${Date.now()}-${++keyCounter}`;

const accounts = (who: Member) => ok<AccountsResponse>(who, 'GET', '/accounts');
const mainOf = async (who: Member) => (await accounts(who)).accounts.find((a) => a.primary)!;
const balanceOf = async (who: Member, id: string) =>
  (await accounts(who)).accounts.find((a) => a.id === id)!.balance;

const deposit = (who: Member, accountId: string, amount: number, extra: object = {}) =>
  ok<{ transaction: BankTransaction }>(
    who,
    'POST',
    '/transactions',
    {
      type: 'income',
      accountId,
      amount,
      date: '2026-03-02',
      counterparty: 'Employer',
      idempotencyKey: key(),
      ...extra,
    },
    201,
  );

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  ({ admin, alice, bob } = await threeMembers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('is refused signed out', async () => {
    expect((await call(null, 'GET', '/accounts')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/transfers', {})).statusCode).toBe(401);
  });

  it('starts a person with a main current account and the default categories', async () => {
    const mine = await accounts(alice);
    expect(mine.accounts).toHaveLength(1);
    expect(mine.accounts[0]).toMatchObject({ kind: 'current', balance: 0, primary: true, status: 'open' });
    const { categories } = await ok<{ categories: BankCategory[] }>(alice, 'GET', '/categories');
    expect(categories.some((c) => c.key === 'groceries' && c.kind === 'expense')).toBe(true);
    expect(categories.some((c) => c.key === 'rent' && c.parentId !== null)).toBe(true);
  });

  it('hides one person’s accounts and transactions from others, administrators included', async () => {
    const main = await mainOf(alice);
    const { transaction } = await deposit(alice, main.id, 1_000);
    for (const other of [bob, admin]) {
      expect((await call(other, 'GET', `/transactions/${transaction.id}`)).statusCode).toBe(404);
      expect((await call(other, 'PATCH', `/accounts/${main.id}`, { name: 'Mine now' })).statusCode).toBe(404);
      const page = await ok<TransactionPage>(other, 'GET', '/transactions');
      expect(page.transactions.some((x) => x.id === transaction.id)).toBe(false);
    }
    // Sending from someone else's account is a 404, and moves nothing.
    const res = await call(bob, 'POST', '/transfers', {
      fromAccountId: main.id,
      toUserId: admin.id,
      amount: 100,
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(alice, main.id)).toBe(1_000);
  });

  it('answers bad input with a 400 and a message', async () => {
    const main = await mainOf(alice);
    for (const body of [
      { fromAccountId: main.id, toUserId: bob.id, amount: 0, idempotencyKey: key() },
      { fromAccountId: main.id, toUserId: bob.id, amount: 1.5, idempotencyKey: key() },
      { fromAccountId: main.id, amount: 100, idempotencyKey: key() },
      { fromAccountId: 'nope', toUserId: bob.id, amount: 100, idempotencyKey: key() },
      { fromAccountId: main.id, toUserId: bob.id, amount: 100, idempotencyKey: 'x' },
    ]) {
      const res = await call(alice, 'POST', '/transfers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await call(alice, 'GET', '/transactions?minAmount=5&maxAmount=1')).statusCode).toBe(400);
  });
});

describe('accounts', () => {
  it('opens, renames and closes (at a zero balance only)', async () => {
    const dave = await member(t.app, 'Dave', 'Open');
    const { account: card } = await ok<{ account: BankAccount }>(
      dave,
      'POST',
      '/accounts',
      {
        kind: 'card',
        name: 'Visa',
        holderName: 'Dave Open',
        last4: '4242',
        expiry: '09/29',
        creditLimit: 50_000,
      },
      201,
    );
    expect(card).toMatchObject({ maskedNumber: '•••• 4242', expiry: '09/29', creditLimit: 50_000 });
    const { account: savings } = await ok<{ account: BankAccount }>(
      dave,
      'POST',
      '/accounts',
      { kind: 'savings', name: 'Rainy day' },
      201,
    );
    expect(
      (await call(dave, 'POST', '/accounts', { kind: 'savings', name: 'x', last4: '1234' })).statusCode,
    ).toBe(400);
    const renamed = await ok<{ account: BankAccount }>(dave, 'PATCH', `/accounts/${savings.id}`, {
      name: 'Holidays',
      version: savings.version,
    });
    expect(renamed.account.name).toBe('Holidays');
    expect((await call(dave, 'PATCH', `/accounts/${savings.id}`, { name: 'x', version: 1 })).statusCode).toBe(
      409,
    );

    // A card spends within its credit limit.
    await ok(
      dave,
      'POST',
      '/transactions',
      { type: 'expense', accountId: card.id, amount: 20_000, date: '2026-03-03', idempotencyKey: key() },
      201,
    );
    expect(await balanceOf(dave, card.id)).toBe(-20_000);
    const over = await call(dave, 'POST', '/transactions', {
      type: 'expense',
      accountId: card.id,
      amount: 40_000,
      date: '2026-03-03',
      idempotencyKey: key(),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', available: 30_000 });

    await deposit(dave, savings.id, 500);
    const notEmpty = await call(dave, 'POST', `/accounts/${savings.id}/close`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json()).toMatchObject({ code: 'ACCOUNT_NOT_EMPTY' });
    const main = await mainOf(dave);
    await ok(
      dave,
      'POST',
      '/transfers',
      {
        fromAccountId: savings.id,
        toAccountId: main.id,
        amount: 500,
        idempotencyKey: key(),
      },
      201,
    );
    const closed = await ok<{ account: BankAccount }>(dave, 'POST', `/accounts/${savings.id}/close`);
    expect(closed.account.status).toBe('closed');
  });
});

describe('transfers', () => {
  it('sends money to another person: balances, both sides’ view, a notification and an audit row', async () => {
    const a = await mainOf(alice);
    const b = await mainOf(bob);
    await deposit(alice, a.id, 10_000);
    const before = { a: await balanceOf(alice, a.id), b: await balanceOf(bob, b.id) };
    const sent = await ok<TransferResponse>(
      alice,
      'POST',
      '/transfers',
      { fromAccountId: a.id, toUserId: bob.id, amount: 2_500, note: 'Dinner', idempotencyKey: key() },
      201,
    );
    expect(sent.transaction).toMatchObject({ type: 'transfer', direction: 'out', signedAmount: -2_500 });
    expect(sent.transaction.person?.id).toBe(bob.id);
    expect(sent.fromAccount.balance).toBe(before.a - 2_500);
    expect(await balanceOf(bob, b.id)).toBe(before.b + 2_500);
    const seen = await ok<{ transaction: BankTransaction }>(
      bob,
      'GET',
      `/transactions/${sent.transaction.id}`,
    );
    expect(seen.transaction).toMatchObject({ direction: 'in', signedAmount: 2_500, note: 'Dinner' });
    expect(seen.transaction.person?.id).toBe(alice.id);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    const received = told.find((n) => n.title.includes('sent you'));
    expect(received).toMatchObject({ type: 'banking', link: '/dashboard/banking' });
    const audit = await t.app.db
      .select()
      .from(bankingAudit)
      .where(eq(bankingAudit.transactionId, sent.transaction.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: alice.id, amount: 2_500, action: 'banking.transfer' });
    const contacts = await ok<{ contacts: Array<{ id: string }> }>(alice, 'GET', '/contacts');
    expect(contacts.contacts.map((c) => c.id)).toContain(bob.id);
  });

  it('moves money once for retries of one key; the key with another request is a 422', async () => {
    const a = await mainOf(alice);
    await deposit(alice, a.id, 5_000);
    const start = await balanceOf(alice, a.id);
    const body = { fromAccountId: a.id, toUserId: bob.id, amount: 1_000, idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(alice, 'POST', '/transfers', body)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json<TransferResponse>().transaction.id)).size).toBe(1);
    expect(await balanceOf(alice, a.id)).toBe(start - 1_000);
    const reused = await call(alice, 'POST', '/transfers', { ...body, amount: 2_000 });
    expect(reused.statusCode).toBe(422);
    expect(await balanceOf(alice, a.id)).toBe(start - 1_000);
  });

  it('refuses short funds, a closed account, the same account and oneself, moving nothing', async () => {
    const erin = await member(t.app, 'Erin', 'Careful');
    const main = await mainOf(erin);
    await deposit(erin, main.id, 1_000);
    const short = await call(erin, 'POST', '/transfers', {
      fromAccountId: main.id,
      toUserId: bob.id,
      amount: 1_001,
      idempotencyKey: key(),
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', available: 1_000 });
    expect(short.json<{ message: string }>().message).toMatch(/Not enough money/);

    const same = await call(erin, 'POST', '/transfers', {
      fromAccountId: main.id,
      toAccountId: main.id,
      amount: 10,
      idempotencyKey: key(),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_ACCOUNT' });
    const self = await call(erin, 'POST', '/transfers', {
      fromAccountId: main.id,
      toUserId: erin.id,
      amount: 10,
      idempotencyKey: key(),
    });
    expect(self.statusCode).toBe(400);

    const { account: spare } = await ok<{ account: BankAccount }>(
      erin,
      'POST',
      '/accounts',
      { kind: 'savings', name: 'Spare' },
      201,
    );
    await ok(erin, 'POST', `/accounts/${spare.id}/close`);
    const toClosed = await call(erin, 'POST', '/transfers', {
      fromAccountId: main.id,
      toAccountId: spare.id,
      amount: 10,
      idempotencyKey: key(),
    });
    expect(toClosed.statusCode).toBe(409);
    expect(toClosed.json()).toMatchObject({ code: 'ACCOUNT_CLOSED' });
    // A person whose only current account is closed cannot receive.
    const frank = await member(t.app, 'Frank', 'Gone');
    await ok(frank, 'POST', `/accounts/${(await mainOf(frank)).id}/close`);
    const noAccount = await call(erin, 'POST', '/transfers', {
      fromAccountId: main.id,
      toUserId: frank.id,
      amount: 10,
      idempotencyKey: key(),
    });
    expect(noAccount.statusCode).toBe(409);
    expect(await balanceOf(erin, main.id)).toBe(1_000);
  });
});

describe('requests', () => {
  it('asks a person; they pay (a transfer, once) or decline', async () => {
    const { request } = await ok<{ request: MoneyRequest }>(
      bob,
      'POST',
      '/requests',
      { payerId: alice.id, amount: 700, note: 'Tickets' },
      201,
    );
    expect((await call(bob, 'POST', '/requests', { payerId: bob.id, amount: 5 })).statusCode).toBe(400);
    const incoming = await ok<RequestsResponse>(alice, 'GET', '/requests');
    expect(incoming.incoming.map((r) => r.id)).toContain(request.id);
    // Only the payer can accept.
    const a = await mainOf(alice);
    await deposit(alice, a.id, 1_000);
    expect(
      (
        await call(bob, 'POST', `/requests/${request.id}/accept`, {
          fromAccountId: a.id,
          idempotencyKey: key(),
        })
      ).statusCode,
    ).toBe(404);
    const start = await balanceOf(alice, a.id);
    const k = key();
    const paid = await ok<{ request: MoneyRequest; transaction: BankTransaction }>(
      alice,
      'POST',
      `/requests/${request.id}/accept`,
      { fromAccountId: a.id, idempotencyKey: k },
    );
    expect(paid.request.status).toBe('accepted');
    expect(paid.request.transactionId).toBe(paid.transaction.id);
    await ok(alice, 'POST', `/requests/${request.id}/accept`, { fromAccountId: a.id, idempotencyKey: k });
    expect(await balanceOf(alice, a.id)).toBe(start - 700);
    expect(
      (
        await call(alice, 'POST', `/requests/${request.id}/accept`, {
          fromAccountId: a.id,
          idempotencyKey: key(),
        })
      ).statusCode,
    ).toBe(409);

    const { request: second } = await ok<{ request: MoneyRequest }>(
      bob,
      'POST',
      '/requests',
      { payerId: alice.id, amount: 300 },
      201,
    );
    const declined = await ok<{ request: MoneyRequest }>(alice, 'POST', `/requests/${second.id}/decline`);
    expect(declined.request.status).toBe('declined');
  });
});

describe('transactions list', () => {
  it('filters, sorts, pages and exports CSV', async () => {
    const gina = await member(t.app, 'Gina', 'Lister');
    const main = await mainOf(gina);
    const { categories } = await ok<{ categories: BankCategory[] }>(gina, 'GET', '/categories');
    const groceries = categories.find((c) => c.key === 'groceries')!;
    await deposit(gina, main.id, 100_000, { date: '2026-02-01', counterparty: 'ACME Payroll' });
    for (const [i, amount] of [1_200, 3_400, 5_600].entries()) {
      await ok(
        gina,
        'POST',
        '/transactions',
        {
          type: 'expense',
          accountId: main.id,
          amount,
          date: `2026-02-1${i}`,
          counterparty: `Market ${i}`,
          categoryId: groceries.id,
          idempotencyKey: key(),
        },
        201,
      );
    }
    const all = await ok<TransactionPage>(gina, 'GET', '/transactions?pageSize=2');
    expect(all.total).toBe(4);
    expect(all.transactions).toHaveLength(2);
    expect(all.hasNextPage).toBe(true);
    expect(all.transactions[0]!.date).toBe('2026-02-12');
    const food = await ok<TransactionPage>(
      gina,
      'GET',
      `/transactions?categoryId=${groceries.id}&sort=amount&order=asc`,
    );
    expect(food.transactions.map((x) => x.amount)).toEqual([1_200, 3_400, 5_600]);
    const ranged = await ok<TransactionPage>(
      gina,
      'GET',
      '/transactions?minAmount=2000&maxAmount=6000&startDate=2026-02-11&endDate=2026-02-12&type=expense',
    );
    expect(ranged.transactions.map((x) => x.amount).sort()).toEqual([3_400, 5_600]);
    // A one-day range: the same day as start and end, included.
    const oneDay = await ok<TransactionPage>(
      gina,
      'GET',
      '/transactions?startDate=2026-02-11&endDate=2026-02-11',
    );
    expect(oneDay.transactions.map((x) => x.amount)).toEqual([3_400]);
    expect(
      (await call(gina, 'GET', '/transactions?startDate=2026-02-12&endDate=2026-02-11')).statusCode,
    ).toBe(400);
    const searched = await ok<TransactionPage>(gina, 'GET', '/transactions?search=payroll');
    expect(searched.transactions).toHaveLength(1);
    const csv = await call(gina, 'GET', '/transactions/export?type=expense');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('-56.00');

    const budgets = await ok<BudgetsResponse>(gina, 'PUT', '/budgets', {
      month: '2026-02',
      categoryId: groceries.id,
      amount: 20_000,
    });
    expect(budgets.budgets).toEqual([{ categoryId: groceries.id, amount: 20_000, spent: 10_200 }]);
  });
});

const newCategory = (who: Member, body: object) =>
  ok<{ category: BankCategory }>(who, 'POST', '/categories', body, 201);
const categoriesOf = async (who: Member) =>
  (await ok<{ categories: BankCategory[] }>(who, 'GET', '/categories')).categories;

describe('categories', () => {
  it('creates, renames, changes the icon and moves one under a parent of its kind', async () => {
    const ivy = await member(t.app, 'Ivy', 'Categories');
    const made = await newCategory(ivy, { kind: 'expense', name: 'Hobbies', icon: 'sport' });
    expect(made.category).toMatchObject({ kind: 'expense', name: 'Hobbies', icon: 'sport', parentId: null });
    const categories = await categoriesOf(ivy);
    const shopping = categories.find((c) => c.key === 'shopping')!;
    const salary = categories.find((c) => c.key === 'salary')!;
    const moved = await ok<{ category: BankCategory }>(ivy, 'PATCH', `/categories/${made.category.id}`, {
      name: 'Hobby shop',
      icon: 'entertainment',
      parentId: shopping.id,
    });
    expect(moved.category).toMatchObject({
      name: 'Hobby shop',
      icon: 'entertainment',
      parentId: shopping.id,
    });
    // Not under a parent of the other kind, nor under a sub-category.
    expect(
      (await call(ivy, 'PATCH', `/categories/${made.category.id}`, { parentId: salary.id })).statusCode,
    ).toBe(400);
    expect(
      (await call(ivy, 'POST', '/categories', { kind: 'expense', name: 'Deep', parentId: made.category.id }))
        .statusCode,
    ).toBe(400);
    // A renamed default category is the person's own: its key goes, so its new name shows.
    const renamed = await ok<{ category: BankCategory }>(ivy, 'PATCH', `/categories/${shopping.id}`, {
      name: 'Stuff',
    });
    expect(renamed.category).toMatchObject({ name: 'Stuff', key: null });
    const iconOnly = await ok<{ category: BankCategory }>(ivy, 'PATCH', `/categories/${salary.id}`, {
      icon: 'bonus',
    });
    expect(iconOnly.category).toMatchObject({ icon: 'bonus', key: 'salary' });
    // Someone else's category is a 404.
    expect((await call(alice, 'PATCH', `/categories/${salary.id}`, { name: 'Mine' })).statusCode).toBe(404);
  });

  it('deletes an unused category; a used one only with a reassignment, which moves everything', async () => {
    const jo = await member(t.app, 'Jo', 'Categories');
    const main = await mainOf(jo);
    const categories = await categoriesOf(jo);
    const groceries = categories.find((c) => c.key === 'groceries')!;
    const salary = categories.find((c) => c.key === 'salary')!;
    const unused = await newCategory(jo, { kind: 'expense', name: 'Spare' });
    expect(await ok(jo, 'DELETE', `/categories/${unused.category.id}`)).toEqual({ ok: true });

    const market = await newCategory(jo, { kind: 'expense', name: 'Market', icon: 'groceries' });
    const id = market.category.id;
    await deposit(jo, main.id, 50_000, { date: '2026-04-01' });
    const spent = await ok<{ transaction: BankTransaction }>(
      jo,
      'POST',
      '/transactions',
      {
        type: 'expense',
        accountId: main.id,
        amount: 1_500,
        date: '2026-04-02',
        categoryId: id,
        idempotencyKey: key(),
      },
      201,
    );
    await ok(jo, 'POST', '/rules', { contains: 'farm', categoryId: id }, 201);
    await ok(jo, 'PUT', '/budgets', { month: '2026-04', categoryId: id, amount: 10_000 });
    await ok(jo, 'PUT', '/budgets', { month: '2026-04', categoryId: groceries.id, amount: 20_000 });

    const refused = await call(jo, 'DELETE', `/categories/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CATEGORY_IN_USE', used: 3 });
    // Not into itself, another kind, or someone else's.
    expect((await call(jo, 'DELETE', `/categories/${id}?reassignTo=${id}`)).statusCode).toBe(400);
    expect((await call(jo, 'DELETE', `/categories/${id}?reassignTo=${salary.id}`)).statusCode).toBe(400);
    expect((await call(jo, 'DELETE', `/categories/${id}?reassignTo=not-a-uuid`)).statusCode).toBe(400);

    expect(await ok(jo, 'DELETE', `/categories/${id}?reassignTo=${groceries.id}`)).toEqual({ ok: true });
    const after = await ok<{ transaction: BankTransaction }>(
      jo,
      'GET',
      `/transactions/${spent.transaction.id}`,
    );
    expect(after.transaction.category?.id).toBe(groceries.id);
    const rules = await ok<{ rules: Array<{ categoryId: string }> }>(jo, 'GET', '/rules');
    expect(rules.rules.map((r) => r.categoryId)).toEqual([groceries.id]);
    const budgets = await ok<BudgetsResponse>(jo, 'GET', '/budgets?month=2026-04');
    expect(budgets.budgets).toEqual([{ categoryId: groceries.id, amount: 30_000, spent: 1_500 }]);
    const left = await categoriesOf(jo);
    expect(left.some((c) => c.id === id)).toBe(false);
    expect((await call(jo, 'DELETE', `/categories/${id}`)).statusCode).toBe(404);
  });
});

describe('CSV import', () => {
  it('previews, categorises by rules, imports, and importing again adds nothing', async () => {
    const hana = await member(t.app, 'Hana', 'Import');
    const main = await mainOf(hana);
    const { categories } = await ok<{ categories: BankCategory[] }>(hana, 'GET', '/categories');
    const groceries = categories.find((c) => c.key === 'groceries')!;
    await ok(hana, 'POST', '/rules', { contains: 'market', categoryId: groceries.id }, 201);
    const csv = [
      'Date;Payee;Amount;Memo',
      '01/03/2026;Employer Ltd;2.500,00;Salary',
      '02/03/2026;Fresh Market;-45,20;',
      '02/03/2026;Coffee;-3,50;',
      '02/03/2026;Coffee;-3,50;',
      'not a date;Nobody;-1,00;',
    ].join('\n');
    const mapping = {
      date: 0,
      counterparty: 1,
      amount: 2,
      note: 3,
      dateFormat: 'DD/MM/YYYY',
      delimiter: ';',
      decimal: ',',
      hasHeader: true,
    };
    const body = { accountId: main.id, csv, mapping };
    const preview = await ok<ImportPreview>(hana, 'POST', '/import/preview', body);
    expect(preview.header).toEqual(['Date', 'Payee', 'Amount', 'Memo']);
    expect(preview.toImport).toBe(4);
    expect(preview.rows[1]).toMatchObject({ type: 'expense', amount: 4_520, categoryId: groceries.id });
    expect(preview.rows[4]).toMatchObject({ error: 'date' });
    const first = await ok<ImportResult>(hana, 'POST', '/import', body);
    expect(first).toMatchObject({ imported: 4, duplicates: 0, failed: 1 });
    expect(first.account.balance).toBe(250_000 - 4_520 - 700);
    const again = await ok<ImportResult>(hana, 'POST', '/import', body);
    expect(again).toMatchObject({ imported: 0, duplicates: 4 });
    expect(again.account.balance).toBe(first.account.balance);
    const both = await Promise.all([
      call(hana, 'POST', '/import', body),
      call(hana, 'POST', '/import', body),
    ]);
    expect(both.map((r) => r.json<ImportResult>().imported)).toEqual([0, 0]);
    const remembered = await ok<{ mapping: { delimiter: string } }>(hana, 'GET', '/import/mapping');
    expect(remembered.mapping.delimiter).toBe(';');
    expect((await ok<TransactionPage>(hana, 'GET', '/transactions')).total).toBe(4);
  });
});

describe('overview', () => {
  it('answers the person’s own figures', async () => {
    const ivy = await member(t.app, 'Ivy', 'Overview');
    const main = await mainOf(ivy);
    await deposit(ivy, main.id, 300_000, { date: '2026-03-02' });
    await ok(
      ivy,
      'POST',
      '/transactions',
      { type: 'expense', accountId: main.id, amount: 12_000, date: '2026-03-03', idempotencyKey: key() },
      201,
    );
    const o = await ok<BankingOverview>(
      ivy,
      'GET',
      '/overview?from=2026-03-01&to=2026-03-31&tz=Asia/Tokyo&period=month',
    );
    expect(o.totalBalance).toBe(288_000);
    expect(o.income.value).toBe(300_000);
    expect(o.expenses.value).toBe(12_000);
    expect(o.income.series).toHaveLength(31);
    expect(o.expenseCategories).toEqual([expect.objectContaining({ categoryId: null, value: 12_000 })]);
    expect(o.recent).toHaveLength(2);
    expect(o.balanceStats).toHaveLength(12);
    expect((await call(ivy, 'GET', '/overview?from=2026-03-31&to=2026-03-01&tz=UTC')).statusCode).toBe(400);
  });
});
