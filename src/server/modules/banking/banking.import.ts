/**
 * CSV import of a bank statement (issue 28 A, ADR 049): the person maps the columns once (remembered), sees
 * a preview, and imports. Each row's import key is a fingerprint of the account, day, signed amount and
 * payee, plus how many identical rows came before it in the file (two coffees at the same price on one day
 * are two rows); a unique index on the key makes importing the same statement again a no-op.
 */
import { createHash } from 'node:crypto';

import { inArray } from 'drizzle-orm';

import type { BankRule, ImportMapping, ImportRow } from '#shared/contract/banking.ts';
import { IMPORT_ROWS_MAX } from '#shared/contract/banking.ts';

import type { Db } from '../../db/client.ts';
import { bankingTransactions } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { categoryByRules } from './banking.repo.ts';
import { recordEntry } from './banking.ledger.ts';

/** RFC 4180 cells: quoted fields may hold the delimiter, quotes (doubled) and line breaks. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

/** A statement's amount as signed cents: `-1,234.56`, `1.234,56` (decimal `,`), `(12.00)`, `€ 5`. */
export function parseAmount(raw: string, decimal: '.' | ','): number | null {
  let text = raw.trim();
  if (!text) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.includes('-')) negative = !negative;
  const thousands = decimal === '.' ? ',' : '.';
  text = text
    .split(thousands)
    .join('')
    .replace(/[^\d.,]/g, '');
  if (decimal === ',') text = text.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [units, fraction = ''] = text.split('.');
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** A statement's date in the mapping's format as `YYYY-MM-DD`; null when it is not a real day. */
export function parseDate(raw: string, format: ImportMapping['dateFormat']): string | null {
  const text = raw.trim();
  let y: string | undefined, m: string | undefined, d: string | undefined;
  let match: RegExpExecArray | null;
  if (format === 'YYYY-MM-DD') {
    match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
    [, y, m, d] = match ?? [];
  } else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(text);
    if (match) [, d, m, y] = format === 'MM/DD/YYYY' ? [match[0], match[2], match[1], match[3]] : match;
  }
  if (!y || !m || !d) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

export interface ParsedRow extends ImportRow {
  importKey: string | null;
}

/** The statement's rows as they would be imported (no database). */
export function readStatement(
  csv: string,
  mapping: ImportMapping,
  accountId: string,
  rules: BankRule[],
): { header: string[]; rows: ParsedRow[] } {
  const all = parseCsv(csv, mapping.delimiter);
  const header = mapping.hasHeader ? (all[0] ?? []) : [];
  const body = (mapping.hasHeader ? all.slice(1) : all).slice(0, IMPORT_ROWS_MAX);
  const seen = new Map<string, number>();
  const rows = body.map((cells, i): ParsedRow => {
    const line = i + 1 + (mapping.hasHeader ? 1 : 0);
    const cell = (index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());
    const needed = [mapping.date, mapping.counterparty, mapping.amount, mapping.debit, mapping.credit].filter(
      (c): c is number => c !== null,
    );
    const counterparty = cell(mapping.counterparty);
    const note = cell(mapping.note);
    const base = { line, counterparty, note, duplicate: false };
    if (needed.some((c) => c >= cells.length)) {
      return {
        ...base,
        date: null,
        type: null,
        amount: null,
        categoryId: null,
        error: 'columns',
        importKey: null,
      };
    }
    const date = parseDate(cell(mapping.date), mapping.dateFormat);
    let signed: number | null;
    if (mapping.amount !== null) signed = parseAmount(cell(mapping.amount), mapping.decimal);
    else {
      const debit = cell(mapping.debit) ? parseAmount(cell(mapping.debit), mapping.decimal) : 0;
      const credit = cell(mapping.credit) ? parseAmount(cell(mapping.credit), mapping.decimal) : 0;
      signed = debit === null || credit === null ? null : Math.abs(credit) - Math.abs(debit);
    }
    if (!date) {
      return {
        ...base,
        date: null,
        type: null,
        amount: null,
        categoryId: null,
        error: 'date',
        importKey: null,
      };
    }
    if (signed === null || signed === 0 || Math.abs(signed) > 100_000_000) {
      return { ...base, date, type: null, amount: null, categoryId: null, error: 'amount', importKey: null };
    }
    const identity = `${accountId}|${date}|${signed}|${counterparty.toLowerCase().replace(/\s+/g, ' ')}`;
    const n = seen.get(identity) ?? 0;
    seen.set(identity, n + 1);
    const importKey = createHash('sha256').update(`${identity}|${n}`).digest('base64url');
    return {
      ...base,
      date,
      type: signed > 0 ? 'income' : 'expense',
      amount: Math.abs(signed),
      categoryId: categoryByRules(rules, counterparty),
      error: null,
      importKey: `${accountId}:${importKey}`,
    };
  });
  return { header, rows };
}

/** Marks the rows already imported into the account. */
export async function markDuplicates(db: Db, rows: ParsedRow[]): Promise<void> {
  const keys = rows.flatMap((r) => (r.importKey ? [r.importKey] : []));
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const found = await db
      .select({ key: bankingTransactions.importKey })
      .from(bankingTransactions)
      .where(inArray(bankingTransactions.importKey, keys.slice(i, i + 1000)));
    for (const f of found) if (f.key) known.add(f.key);
  }
  for (const row of rows) if (row.importKey && known.has(row.importKey)) row.duplicate = true;
}

/**
 * Imports the rows that are neither duplicates nor errors, oldest first (income before expenses on a day),
 * each its own ledger entry; an expense the account cannot cover is written as failed. A row another import
 * wrote meanwhile counts as a duplicate.
 */
export async function importRows(
  db: Db,
  userId: string,
  accountId: string,
  rows: ParsedRow[],
): Promise<{ imported: number; duplicates: number; failed: number }> {
  let imported = 0;
  let duplicates = rows.filter((r) => r.duplicate).length;
  const failed = rows.filter((r) => r.error).length;
  const todo = rows
    .filter((r) => !r.duplicate && !r.error)
    .sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : a.type === 'income' ? -1 : 1));
  for (const row of todo) {
    try {
      await recordEntry(db, {
        actorId: userId,
        type: row.type!,
        accountId,
        amount: row.amount!,
        date: row.date!,
        counterparty: row.counterparty,
        categoryId: row.categoryId,
        note: row.note,
        status: 'completed',
        source: 'import',
        idempotencyKey: null,
        requestHash: null,
        importKey: row.importKey,
        failWhenShort: true,
      });
      imported++;
    } catch (error) {
      if (isUniqueViolation(error, 'banking_tx_import_unique')) duplicates++;
      else throw error;
    }
  }
  return { imported, duplicates, failed };
}
