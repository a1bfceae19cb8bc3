/**
 * Banking demo data (issue 28 C): a year of believable money for the demo people (the demo admin and the
 * first active demo users), so `/dashboard/banking` looks alive on first start. Each gets the default
 * categories, a main current account, savings and a card; a salary, rent, bills, groceries, restaurants,
 * transport, savings and card repayments between their own accounts, and transfers between them. The
 * year is simulated in order (nothing overdraws), then written with a few bulk inserts: the postings'
 * trigger sets the balances. Salary and rent continue as recurring transactions from the next occurrence.
 */
import type { Db } from '../../db/client.ts';
import {
  bankingAccounts,
  bankingBudgets,
  bankingCategories,
  bankingPostings,
  bankingProfiles,
  bankingRecurring,
  bankingRequests,
  bankingRules,
  bankingTransactions,
  EXTERNAL_ACCOUNT_ID,
  users,
} from '../../db/schema/index.ts';
import { createRandom } from '../../db/seed/random.ts';
import { defaultCategoryRows } from './banking.repo.ts';
import { nextOccurrence } from './banking.recurring.ts';
import { inArray } from 'drizzle-orm';

const SEED = 2028;
const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface BankingSeedOptions {
  adminId: string;
  peopleIds: string[];
  /** Clock of the demo (tests pin it). */
  now?: number;
}

type TxRow = typeof bankingTransactions.$inferInsert & { id: string };

const GROCERS = ['Fresh Market', 'Green Grocer', 'City Supermarket', 'Corner Shop', 'Farmers Market'];
const RESTAURANTS = ['Luigi’s Trattoria', 'Sushi Bar Hana', 'The Burger Joint', 'Café Lumière', 'Pho Saigon'];
const TRANSPORT = ['Metro Card', 'City Cabs', 'Shell Station', 'Rail Tickets'];
const SHOPS = ['Bookshop', 'Electronics Hub', 'Clothing Co.', 'Home Store'];
const SHARED_NOTES = [
  'Dinner',
  'Concert tickets',
  'Birthday gift',
  'Taxi share',
  'Groceries',
  'Weekend trip',
];

export async function seedBanking(db: Db, options: BankingSeedOptions): Promise<void> {
  const ids = [options.adminId, ...options.peopleIds.filter((id) => id !== options.adminId)];
  if (!ids.length) return;
  const random = createRandom(SEED);
  const now = options.now ?? Date.now();
  const today = dayOf(now);
  const start = now - 365 * DAY;

  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));

  await db
    .insert(bankingProfiles)
    .values(ids.map((userId) => ({ userId })))
    .onConflictDoNothing();
  const categoryRows = ids.flatMap((id) =>
    defaultCategoryRows(id).map((row) => ({ ...row, id: row.id ?? crypto.randomUUID() })),
  );
  // Children name their parents' ids, so the parents' ids are fixed before the insert.
  await db.insert(bankingCategories).values(categoryRows);
  const category = (userId: string, key: string) =>
    categoryRows.find((c) => c.userId === userId && c.key === key)!.id;

  interface Account {
    id: string;
    userId: string;
    kind: 'current' | 'savings' | 'card';
    balance: number;
    limit: number;
  }
  const accounts = new Map<string, { main: Account; savings: Account; card: Account }>();
  const accountRows: Array<typeof bankingAccounts.$inferInsert> = [];
  for (const userId of ids) {
    const name = nameOf.get(userId) ?? 'Demo';
    const make = (kind: Account['kind'], limit = 0): Account => ({
      id: crypto.randomUUID(),
      userId,
      kind,
      balance: 0,
      limit,
    });
    const set = { main: make('current'), savings: make('savings'), card: make('card', 300_000) };
    accounts.set(userId, set);
    const created = new Date(start - DAY);
    accountRows.push(
      { id: set.main.id, userId, kind: 'current', name: 'Main account', createdAt: created },
      { id: set.savings.id, userId, kind: 'savings', name: 'Savings', createdAt: created },
      {
        id: set.card.id,
        userId,
        kind: 'card',
        name: 'Visa card',
        holderName: name,
        cardLast4: String(random.int(1000, 9999)),
        cardExpiry: `${String(random.int(1, 12)).padStart(2, '0')}/${String(random.int(27, 31))}`,
        creditLimit: set.card.limit,
        createdAt: created,
      },
    );
  }
  await db.insert(bankingAccounts).values(accountRows);

  // Events of the year, each with the day it happens; simulated in order.
  type Event =
    | {
        day: number;
        kind: 'income';
        userId: string;
        account: Account;
        amount: number;
        who: string;
        cat: string;
        note?: string;
      }
    | {
        day: number;
        kind: 'expense';
        userId: string;
        account: Account;
        amount: number;
        who: string;
        cat: string | null;
      }
    | {
        day: number;
        kind: 'transfer';
        userId: string;
        from: Account;
        to: Account;
        amount: number | 'card';
        note: string;
        who: string;
      };
  const events: Event[] = [];
  const salaries = new Map<string, number>();
  const rents = new Map<string, number>();
  for (const userId of ids) {
    const { main, savings, card } = accounts.get(userId)!;
    const salary = random.int(28, 65) * 10_000;
    const rent = random.int(9, 18) * 10_000;
    salaries.set(userId, salary);
    rents.set(userId, rent);
    events.push(
      {
        day: 0,
        kind: 'income',
        userId,
        account: main,
        amount: random.int(20, 50) * 10_000,
        who: 'Opening balance',
        cat: 'otherIncome',
      },
      {
        day: 0,
        kind: 'income',
        userId,
        account: savings,
        amount: random.int(5, 30) * 10_000,
        who: 'Opening balance',
        cat: 'otherIncome',
      },
    );
    for (let d = 1; d <= 365; d++) {
      const date = new Date(start + d * DAY);
      const dom = date.getUTCDate();
      if (dom === 25)
        events.push({
          day: d,
          kind: 'income',
          userId,
          account: main,
          amount: salary,
          who: 'Atrium Ltd',
          cat: 'salary',
        });
      if (dom === 1)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: main,
          amount: rent,
          who: 'City Lettings',
          cat: 'rent',
        });
      if (dom === 10)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: main,
          amount: random.int(60, 150) * 100,
          who: 'Power & Water Co.',
          cat: 'utilities',
        });
      if (dom === 5)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: card,
          amount: 4_999,
          who: 'FiberNet',
          cat: 'internet',
        });
      if (dom === 12)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: card,
          amount: 1_599,
          who: 'StreamFlix',
          cat: 'subscriptions',
        });
      if (dom === 26)
        events.push({
          day: d,
          kind: 'transfer',
          userId,
          from: main,
          to: savings,
          amount: Math.round(salary / 10),
          note: 'Monthly saving',
          who: '',
        });
      if (dom === 28)
        events.push({
          day: d,
          kind: 'transfer',
          userId,
          from: main,
          to: card,
          amount: 'card',
          note: 'Card repayment',
          who: '',
        });
      if (random.next() < 0.3)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: random.next() < 0.6 ? card : main,
          amount: random.int(25, 140) * 100,
          who: random.pick(GROCERS),
          cat: 'groceries',
        });
      if (random.next() < 0.15)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: card,
          amount: random.int(15, 80) * 100,
          who: random.pick(RESTAURANTS),
          cat: 'restaurants',
        });
      if (random.next() < 0.1)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: card,
          amount: random.int(5, 60) * 100,
          who: random.pick(TRANSPORT),
          cat: 'transport',
        });
      if (random.next() < 0.03)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: card,
          amount: random.int(20, 250) * 100,
          who: random.pick(SHOPS),
          cat: 'shopping',
        });
      if (random.next() < 0.01)
        events.push({
          day: d,
          kind: 'expense',
          userId,
          account: main,
          amount: random.int(50, 200) * 100,
          who: 'Index Fund',
          cat: 'investments',
        });
      if (ids.length > 1 && random.next() < 0.06) {
        let other = random.pick(ids);
        if (other === userId) other = ids[(ids.indexOf(userId) + 1) % ids.length]!;
        events.push({
          day: d,
          kind: 'transfer',
          userId,
          from: main,
          to: accounts.get(other)!.main,
          amount: random.int(10, 120) * 100,
          note: random.pick(SHARED_NOTES),
          who: nameOf.get(other) ?? '',
        });
      }
    }
  }
  events.sort((a, b) => a.day - b.day || (a.kind === 'income' ? -1 : b.kind === 'income' ? 1 : 0));

  const txs: TxRow[] = [];
  const postings: Array<typeof bankingPostings.$inferInsert> = [];
  const spendable = (a: Account) => a.balance + a.limit;
  for (const e of events) {
    const at = new Date(start + e.day * DAY + random.int(8 * 3600, 20 * 3600) * 1000);
    const occurredOn = dayOf(start + e.day * DAY);
    const id = crypto.randomUUID();
    // The last few days hold some pending card payments (no money moved yet).
    const pending = e.kind === 'expense' && e.day > 362 && e.account.kind === 'card' && random.next() < 0.5;
    if (e.kind === 'income') {
      e.account.balance += e.amount;
      txs.push({
        id,
        type: 'income',
        status: 'completed',
        source: 'seed',
        amount: e.amount,
        occurredOn,
        fromAccountId: EXTERNAL_ACCOUNT_ID,
        toAccountId: e.account.id,
        fromUserId: null,
        toUserId: e.userId,
        toCategoryId: category(e.userId, e.cat),
        counterparty: e.who,
        createdBy: e.userId,
        createdAt: at,
        updatedAt: at,
      });
      postings.push(
        { transactionId: id, accountId: EXTERNAL_ACCOUNT_ID, amount: -e.amount },
        { transactionId: id, accountId: e.account.id, amount: e.amount },
      );
    } else if (e.kind === 'expense') {
      const short = spendable(e.account) < e.amount;
      if (short && e.account.kind !== 'card') continue;
      const status = pending ? 'pending' : short ? 'failed' : 'completed';
      txs.push({
        id,
        type: 'expense',
        status,
        source: 'seed',
        amount: e.amount,
        occurredOn,
        fromAccountId: e.account.id,
        toAccountId: EXTERNAL_ACCOUNT_ID,
        fromUserId: e.userId,
        toUserId: null,
        fromCategoryId: e.cat ? category(e.userId, e.cat) : null,
        counterparty: e.who,
        createdBy: e.userId,
        createdAt: at,
        updatedAt: at,
      });
      if (status === 'completed') {
        e.account.balance -= e.amount;
        postings.push(
          { transactionId: id, accountId: e.account.id, amount: -e.amount },
          { transactionId: id, accountId: EXTERNAL_ACCOUNT_ID, amount: e.amount },
        );
      }
    } else {
      const amount = e.amount === 'card' ? Math.max(0, -e.to.balance) : e.amount;
      if (amount <= 0 || spendable(e.from) < amount) continue;
      e.from.balance -= amount;
      e.to.balance += amount;
      txs.push({
        id,
        type: 'transfer',
        status: 'completed',
        source: 'seed',
        amount,
        occurredOn,
        fromAccountId: e.from.id,
        toAccountId: e.to.id,
        fromUserId: e.from.userId,
        toUserId: e.to.userId,
        counterparty: e.who,
        note: e.note,
        createdBy: e.userId,
        createdAt: at,
        updatedAt: at,
      });
      postings.push(
        { transactionId: id, accountId: e.from.id, amount: -amount },
        { transactionId: id, accountId: e.to.id, amount },
      );
    }
  }

  // In order, so every prefix the postings' trigger applies is a state the simulation reached.
  for (let i = 0; i < txs.length; i += 1000)
    await db.insert(bankingTransactions).values(txs.slice(i, i + 1000));
  for (let i = 0; i < postings.length; i += 2000)
    await db.insert(bankingPostings).values(postings.slice(i, i + 2000));

  // Salary and rent go on as recurring transactions, from their next occurrence.
  const after = (dom: number) => {
    const d = new Date(now);
    let candidate = dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), dom));
    if (candidate <= today) candidate = nextOccurrence(candidate, 'monthly', candidate);
    return candidate;
  };
  await db.insert(bankingRecurring).values(
    ids.flatMap((userId) => {
      const { main } = accounts.get(userId)!;
      return [
        {
          userId,
          accountId: main.id,
          type: 'income' as const,
          amount: salaries.get(userId)!,
          counterparty: 'Atrium Ltd',
          categoryId: category(userId, 'salary'),
          frequency: 'monthly' as const,
          startDate: after(25),
          nextDate: after(25),
        },
        {
          userId,
          accountId: main.id,
          type: 'expense' as const,
          amount: rents.get(userId)!,
          counterparty: 'City Lettings',
          categoryId: category(userId, 'rent'),
          frequency: 'monthly' as const,
          startDate: after(1),
          nextDate: after(1),
        },
      ];
    }),
  );

  const month = `${today.slice(0, 7)}-01`;
  await db.insert(bankingBudgets).values(
    ids.flatMap((userId) => [
      { userId, month, categoryId: category(userId, 'groceries'), amount: 45_000 },
      { userId, month, categoryId: category(userId, 'restaurants'), amount: 20_000 },
      { userId, month, categoryId: category(userId, 'transport'), amount: 10_000 },
    ]),
  );
  await db.insert(bankingRules).values(
    ids.flatMap((userId) => [
      { userId, contains: 'market', categoryId: category(userId, 'groceries') },
      { userId, contains: 'grocer', categoryId: category(userId, 'groceries') },
      { userId, contains: 'cabs', categoryId: category(userId, 'transport') },
    ]),
  );
  if (ids.length > 2) {
    await db.insert(bankingRequests).values([
      { requesterId: ids[1]!, payerId: ids[0]!, amount: 4_500, note: 'Concert tickets' },
      { requesterId: ids[2]!, payerId: ids[0]!, amount: 1_800, note: 'Lunch on Friday' },
      { requesterId: ids[0]!, payerId: ids[1]!, amount: 2_500, note: 'Taxi share' },
    ]);
  }
}
