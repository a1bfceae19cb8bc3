/**
 * The money-moving half of banking (ADR 049). Everything that changes a balance comes through here, in one
 * database transaction each:
 *
 * 1. the accounts the movement touches are locked with `SELECT … FOR UPDATE` in id order (the external
 *    account is never locked: it keeps no balance), so two transfers over the same accounts queue instead
 *    of deadlocking, whatever their directions;
 * 2. the checks read the locked rows: owner, open, enough money (`balance + credit_limit >= amount`);
 * 3. the transaction row and its two postings are written; the postings' statement trigger checks they
 *    sum to zero and adds them to the balances (the `banking_accounts_floor` check is the last guard);
 * 4. transfers write their audit row.
 *
 * A transfer does all four in one statement (`transferStatement`, one round trip: issue 28 C's 200 a second).
 *
 * Refusals are `LedgerRefusal`s (a kind the routes turn into 4xx), thrown inside the transaction so it rolls
 * back; an idempotency key already used answers `duplicate`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { TransactionSource } from '#shared/contract/banking.ts';

import type { Db } from '../../db/client.ts';
import {
  bankingAccounts,
  bankingAudit,
  bankingPostings,
  bankingTransactions,
  EXTERNAL_ACCOUNT_ID,
  type BankingAccountRow,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';

export type LedgerRefusal =
  | { kind: 'notFound' }
  | { kind: 'closed'; accountId: string }
  | { kind: 'insufficient'; available: number }
  | { kind: 'sameAccount' }
  | { kind: 'notPending' }
  /** The person money was sent to has no open current account. */
  | { kind: 'noAccount' };

export class LedgerError extends Error {
  readonly refusal: LedgerRefusal;
  constructor(refusal: LedgerRefusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

const refuse = (refusal: LedgerRefusal): never => {
  throw new LedgerError(refusal);
};

/** Locks the accounts (in id order) and answers them by id. */
async function lockAccounts(tx: Db, ids: string[]): Promise<Map<string, BankingAccountRow>> {
  const sorted = [...new Set(ids)].filter((id) => id !== EXTERNAL_ACCOUNT_ID).sort();
  const rows = await tx
    .select()
    .from(bankingAccounts)
    .where(inArray(bankingAccounts.id, sorted))
    .orderBy(asc(bankingAccounts.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** What `account` may still send: its balance plus a card's credit limit. */
export const spendable = (account: Pick<BankingAccountRow, 'balance' | 'creditLimit'>) =>
  account.balance + account.creditLimit;

function assertCanSend(
  account: Pick<BankingAccountRow, 'id' | 'status' | 'balance' | 'creditLimit'>,
  amount: number,
) {
  if (account.status !== 'open') refuse({ kind: 'closed', accountId: account.id });
  if (spendable(account) < amount)
    refuse({ kind: 'insufficient', available: Math.max(0, spendable(account)) });
}

async function post(tx: Db, transactionId: string, from: string, to: string, amount: number) {
  await tx.insert(bankingPostings).values([
    { transactionId, accountId: from, amount: -amount },
    { transactionId, accountId: to, amount },
  ]);
}

export interface TransferOrder {
  actorId: string;
  fromAccountId: string;
  /** The account the money goes to; null with `toUserId`: that person's primary account. */
  toAccountId: string | null;
  toUserId?: string | undefined;
  amount: number;
  note: string;
  counterparty: string;
  source: Extract<TransactionSource, 'transfer' | 'request' | 'seed'>;
  idempotencyKey: string | null;
  requestHash: string | null;
  ip: string | null;
  date: string;
}

export type MoveResult =
  | { kind: 'done'; transactionId: string; fromUserId: string | null; toUserId: string | null }
  | { kind: 'duplicate'; transactionId: string };

/** The transaction an idempotency key of `actorId` made, if any. */
export async function transactionByKey(
  db: Db,
  actorId: string,
  key: string,
): Promise<{ id: string; requestHash: string | null } | undefined> {
  const [row] = await db
    .select({ id: bankingTransactions.id, requestHash: bankingTransactions.requestHash })
    .from(bankingTransactions)
    .where(and(eq(bankingTransactions.createdBy, actorId), eq(bankingTransactions.idempotencyKey, key)));
  return row;
}

/** Runs `work` and turns an idempotency key that a concurrent request committed first into `duplicate`. */
async function onceByKey(
  db: Db,
  order: { actorId: string; idempotencyKey: string | null },
  work: () => Promise<MoveResult>,
): Promise<MoveResult> {
  try {
    return await work();
  } catch (error) {
    if (order.idempotencyKey && isUniqueViolation(error, 'banking_tx_idempotency_unique')) {
      const earlier = await transactionByKey(db, order.actorId, order.idempotencyKey);
      if (earlier) return { kind: 'duplicate', transactionId: earlier.id };
    }
    throw error;
  }
}

/** The row the transfer statement answers per locked account, and the transaction it wrote (if it did). */
interface TransferRow extends Record<string, unknown> {
  id: string;
  user_id: string | null;
  status: BankingAccountRow['status'];
  balance: number | string | bigint;
  credit_limit: number | string | bigint;
  target_id: string | null;
  transaction_id: string | null;
}

/**
 * The whole transfer as one statement (issue 28 C: one round trip instead of six): it resolves the recipient
 * (`toAccountId`, or `toUserId`'s primary account: the oldest open current one), locks both accounts in id
 * order (`FOR UPDATE`; the external account never), and, only when the checks pass on the locked rows
 * (the sender's own open account, an open recipient that is another account, `balance + credit_limit >=
 * amount`), writes the transaction, its two postings (one insert, so the postings' statement trigger sees
 * both, sums them and moves the balances when the statement ends) and the audit row. It answers the locked
 * rows, the recipient's id and the new transaction's id (null when a check failed: `refusalOf` says which).
 */
function transferStatement(order: TransferOrder) {
  const action = order.source === 'request' ? 'banking.request_paid' : 'banking.transfer';
  const target = order.toUserId
    ? sql`(select id from ${bankingAccounts} where user_id = ${order.toUserId}::uuid and kind = 'current'
        and status = 'open' order by created_at, id limit 1)`
    : sql`${order.toAccountId}::uuid`;
  return sql<TransferRow>`with target as (select ${target} as id),
    locked as materialized (
      select a.id, a.user_id, a.status, a.balance, a.credit_limit from ${bankingAccounts} a
      where a.id in (${order.fromAccountId}::uuid, (select id from target)) and a.id <> ${EXTERNAL_ACCOUNT_ID}::uuid
      order by a.id for update),
    go as (
      select f.id as from_id, f.user_id as from_user, t.id as to_id, t.user_id as to_user
      from locked f join locked t on t.id = (select id from target) and t.id <> f.id
      where f.id = ${order.fromAccountId}::uuid and f.user_id = ${order.actorId}::uuid and f.status = 'open'
        and t.status = 'open' and f.balance + f.credit_limit >= ${order.amount}),
    tx as (
      insert into ${bankingTransactions} (type, status, source, amount, occurred_on, from_account_id,
        to_account_id, from_user_id, to_user_id, counterparty, note, created_by, idempotency_key, request_hash)
      select 'transfer', 'completed', ${order.source}, ${order.amount}, ${order.date}::date, from_id, to_id,
        from_user, to_user, ${order.counterparty}, ${order.note}, ${order.actorId}::uuid, ${order.idempotencyKey},
        ${order.requestHash}
      from go
      returning id, from_account_id, to_account_id),
    postings as (
      insert into ${bankingPostings} (transaction_id, account_id, amount)
      select tx.id, p.account_id, p.amount from tx
      cross join lateral (values (tx.from_account_id, -${order.amount}::bigint),
        (tx.to_account_id, ${order.amount}::bigint)) p(account_id, amount)),
    audit as (
      insert into ${bankingAudit} (actor_id, action, transaction_id, from_account_id, to_account_id, amount, ip)
      select ${order.actorId}::uuid, ${action}, tx.id, tx.from_account_id, tx.to_account_id, ${order.amount},
        ${order.ip}
      from tx)
    select l.id, l.user_id, l.status, l.balance, l.credit_limit, (select id from target) as target_id,
      (select id from tx) as transaction_id
    from locked l`;
}

/** Why the transfer statement wrote nothing, read from the rows it locked (the same checks, in order). */
function refusalOf(order: TransferOrder, rows: TransferRow[]): never {
  const from = rows.find((r) => r.id === order.fromAccountId);
  const targetId = rows[0]?.target_id ?? null;
  const to = targetId === null ? undefined : rows.find((r) => r.id === targetId);
  if (order.toUserId && targetId === null) refuse({ kind: 'noAccount' });
  if (!from || from.user_id !== order.actorId || !to) refuse({ kind: 'notFound' });
  if (from!.id === to!.id) refuse({ kind: 'sameAccount' });
  if (to!.status !== 'open') refuse({ kind: 'closed', accountId: to!.id });
  assertCanSend(
    {
      id: from!.id,
      status: from!.status,
      balance: Number(from!.balance),
      creditLimit: Number(from!.credit_limit),
    },
    order.amount,
  );
  throw new Error('The transfer passed its checks but wrote nothing');
}

/**
 * Moves `amount` from one account to another (the actor's own, or someone else's primary account), all or
 * nothing, in one statement (`transferStatement`). `within` runs in the same database transaction once the
 * money moved (a request marked paid).
 */
export async function transfer(
  db: Db,
  order: TransferOrder,
  within?: (tx: Db, transactionId: string) => Promise<void>,
): Promise<MoveResult> {
  if (order.toAccountId !== null && order.fromAccountId === order.toAccountId)
    refuse({ kind: 'sameAccount' });
  const move = async (conn: Db): Promise<Extract<MoveResult, { kind: 'done' }>> => {
    const rows = ((await conn.execute(transferStatement(order))) as unknown as { rows: TransferRow[] }).rows;
    const transactionId = rows[0]?.transaction_id;
    if (!transactionId) return refusalOf(order, rows);
    const userOf = (id: string | null) => rows.find((r) => r.id === id)?.user_id ?? null;
    return {
      kind: 'done',
      transactionId,
      fromUserId: userOf(order.fromAccountId),
      toUserId: userOf(rows[0]!.target_id),
    };
  };
  return onceByKey(db, order, () =>
    within
      ? db.transaction(async (tx) => {
          const done = await move(tx);
          await within(tx, done.transactionId);
          return done;
        })
      : move(db),
  );
}

export interface EntryOrder {
  actorId: string;
  type: 'income' | 'expense';
  accountId: string;
  amount: number;
  date: string;
  counterparty: string;
  categoryId: string | null;
  note: string;
  status: 'pending' | 'completed';
  source: Extract<TransactionSource, 'manual' | 'import' | 'recurring' | 'seed'>;
  idempotencyKey: string | null;
  requestHash: string | null;
  importKey?: string | null;
  recurringId?: string | null;
  occurrence?: string | null;
  /** An expense the account cannot cover is written as `failed` (no money moves) instead of refused. */
  failWhenShort?: boolean;
}

/**
 * An income into, or an expense out of, one of the actor's accounts: a completed one moves the money now
 * (an expense only within what the account may spend), a pending one later (`completePending`).
 */
export async function recordEntry(db: Db, order: EntryOrder): Promise<MoveResult> {
  return onceByKey(db, order, () =>
    db.transaction(async (tx) => {
      const account = (await lockAccounts(tx, [order.accountId])).get(order.accountId);
      if (!account || account.userId !== order.actorId) refuse({ kind: 'notFound' });
      if (account!.status !== 'open') refuse({ kind: 'closed', accountId: account!.id });
      let status: 'pending' | 'completed' | 'failed' = order.status;
      if (status === 'completed' && order.type === 'expense' && spendable(account!) < order.amount) {
        if (!order.failWhenShort)
          refuse({ kind: 'insufficient', available: Math.max(0, spendable(account!)) });
        status = 'failed';
      }
      const income = order.type === 'income';
      const [row] = await tx
        .insert(bankingTransactions)
        .values({
          type: order.type,
          status,
          source: order.source,
          amount: order.amount,
          occurredOn: order.date,
          fromAccountId: income ? EXTERNAL_ACCOUNT_ID : account!.id,
          toAccountId: income ? account!.id : EXTERNAL_ACCOUNT_ID,
          fromUserId: income ? null : order.actorId,
          toUserId: income ? order.actorId : null,
          fromCategoryId: income ? null : order.categoryId,
          toCategoryId: income ? order.categoryId : null,
          counterparty: order.counterparty,
          note: order.note,
          createdBy: order.actorId,
          idempotencyKey: order.idempotencyKey,
          requestHash: order.requestHash,
          importKey: order.importKey ?? null,
          recurringId: order.recurringId ?? null,
          occurrence: order.occurrence ?? null,
        })
        .returning({ id: bankingTransactions.id });
      if (status === 'completed') {
        await post(
          tx,
          row!.id,
          income ? EXTERNAL_ACCOUNT_ID : account!.id,
          income ? account!.id : EXTERNAL_ACCOUNT_ID,
          order.amount,
        );
      }
      return {
        kind: 'done',
        transactionId: row!.id,
        fromUserId: income ? null : order.actorId,
        toUserId: income ? order.actorId : null,
      };
    }),
  );
}

/**
 * A pending income or expense of the actor's becomes completed (the money moves now, within what the
 * account may spend) or failed (it never will). Anything not pending is refused.
 */
export async function settlePending(
  db: Db,
  actorId: string,
  transactionId: string,
  to: 'completed' | 'failed',
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankingTransactions)
      .where(eq(bankingTransactions.id, transactionId))
      .for('update');
    if (!row || row.type === 'transfer' || (row.fromUserId !== actorId && row.toUserId !== actorId)) {
      refuse({ kind: 'notFound' });
    }
    if (row!.status !== 'pending') refuse({ kind: 'notPending' });
    if (to === 'completed') {
      const own = row!.type === 'income' ? row!.toAccountId : row!.fromAccountId;
      const account = (await lockAccounts(tx, [own])).get(own)!;
      if (account.status !== 'open') refuse({ kind: 'closed', accountId: own });
      if (row!.type === 'expense') assertCanSend(account, row!.amount);
      await post(tx, row!.id, row!.fromAccountId, row!.toAccountId, row!.amount);
    }
    await tx
      .update(bankingTransactions)
      .set({ status: to, updatedAt: sql`now()`, version: sql`${bankingTransactions.version} + 1` })
      .where(eq(bankingTransactions.id, transactionId));
  });
}

/**
 * Closes an account of `userId`'s at a zero balance (locked, so no transfer lands between the check and the
 * close). Refusals: notFound, `insufficient` with the balance as `available` when not empty.
 */
export async function closeAccount(db: Db, userId: string, accountId: string): Promise<'closed' | 'already'> {
  return db.transaction(async (tx) => {
    const account = (await lockAccounts(tx, [accountId])).get(accountId);
    if (!account || account.userId !== userId) return refuse({ kind: 'notFound' });
    if (account.status === 'closed') return 'already';
    if (account.balance !== 0) return refuse({ kind: 'insufficient', available: account.balance });
    await tx
      .update(bankingAccounts)
      .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bankingAccounts.id, accountId));
    return 'closed';
  });
}
