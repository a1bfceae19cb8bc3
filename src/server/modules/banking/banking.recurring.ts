/**
 * The recurring-transactions job (issue 28 A, ADR 049). Each run takes the due recurring transactions with
 * `FOR UPDATE SKIP LOCKED` (two instances running at once take different rows, never the same one twice),
 * writes each due occurrence and moves `next_date` on in the same database transaction, so an occurrence is
 * written once however many instances run; the unique index on `(recurring_id, occurrence)` is the last
 * guard. An expense the account cannot cover is written as failed.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { bankingRecurring, type BankingRecurringRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { LedgerError, recordEntry } from './banking.ledger.ts';

const BATCH = 50;
/** Occurrences one row catches up on per run (an instance that was down for years does not flood). */
const CATCH_UP_MAX = 60;

const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The occurrence after `day` (`YYYY-MM-DD`): a week later, or the next month on the start's day of month. */
export function nextOccurrence(day: string, frequency: 'weekly' | 'monthly', startDate: string): string {
  if (frequency === 'weekly') {
    return new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  }
  const [y, m] = day.split('-').map(Number) as [number, number];
  const wanted = Number(startDate.slice(8, 10));
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  const d = Math.min(wanted, lastDayOf(ny, nm));
  return `${ny}-${String(nm).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today in UTC as `YYYY-MM-DD`. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Writes one row's due occurrences (inside the caller's transaction); the people it concerned. */
async function writeDue(tx: Db, row: BankingRecurringRow, today: string): Promise<number> {
  let next = row.nextDate;
  let written = 0;
  for (let i = 0; i < CATCH_UP_MAX && next <= today; i++) {
    try {
      await recordEntry(tx, {
        actorId: row.userId,
        type: row.type,
        accountId: row.accountId,
        amount: row.amount,
        date: next,
        counterparty: row.counterparty,
        categoryId: row.categoryId,
        note: row.note,
        status: 'completed',
        source: 'recurring',
        idempotencyKey: null,
        requestHash: null,
        recurringId: row.id,
        occurrence: next,
        failWhenShort: true,
      });
      written++;
    } catch (error) {
      // Written already (the unique occurrence), or the account is gone or closed: skip this occurrence.
      if (!isUniqueViolation(error, 'banking_tx_occurrence_unique') && !(error instanceof LedgerError)) {
        throw error;
      }
    }
    next = nextOccurrence(next, row.frequency, row.startDate);
  }
  await tx
    .update(bankingRecurring)
    .set({ nextDate: next, updatedAt: sql`now()` })
    .where(eq(bankingRecurring.id, row.id));
  return written;
}

/**
 * Writes every occurrence due by `today`; returns how many were written and whose they were (to tell their
 * tabs). Safe to run on every instance at once.
 */
export async function runRecurring(
  db: Db,
  today = todayUtc(),
): Promise<{ written: number; userIds: string[] }> {
  let written = 0;
  const userIds = new Set<string>();
  for (let round = 0; round < 100; round++) {
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(bankingRecurring)
        .where(and(eq(bankingRecurring.active, true), lte(bankingRecurring.nextDate, today)))
        .orderBy(asc(bankingRecurring.nextDate), asc(bankingRecurring.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        const n = await writeDue(tx, row, today);
        written += n;
        if (n) userIds.add(row.userId);
      }
      return due.length;
    });
    if (taken < BATCH) break;
  }
  return { written, userIds: [...userIds] };
}
