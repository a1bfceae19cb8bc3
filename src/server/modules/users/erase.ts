import { inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import type { Db } from '../../db/client.ts';
import { orders, outbox, rateLimits, users, type UserRow } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/date-range.ts';
import { otherActiveAdminExists } from '../../lib/admins.ts';
import { announceAccountsChanged } from '../account/account.service.ts';
import { writeAudit } from './audit.repo.ts';
import { exportKeysOf } from './export.ts';
import { deleteUsers, lockAdminSet, usersByIds } from './users.repo.ts';
import { isActiveAdmin, lastAdminConflict } from './users.service.ts';

export interface EraseRequest {
  /** Who deletes: the person themself, or an administrator. */
  actorId: string;
  ids: string[];
  ip: string;
  /** The audit entry of each deleted account. */
  action: 'user.delete' | 'user.bulk_delete';
  /** Inside the admin-set lock, before anything is removed: throws when the actor may no longer do it. */
  assertActor?: (tx: Db) => Promise<void>;
}

/** What a deleted person's name and address become where others' data mentions them. */
export const DELETED_NAME = 'Deleted user';
export const DELETED_EMAIL = 'deleted-user';

/**
 * Deletes accounts (ADR 058), the one way there is: by the person themself (account page) or by an
 * administrator (users list). In one transaction under the admin-set lock:
 *  - the last active administrator is refused (409);
 *  - the account and what is theirs alone go (the foreign keys cascade: sessions, codes, follows, their
 *    mailbox, chats' memberships, events, boards' memberships, posts, files, banking, bookings, addresses…);
 *  - what others depend on stays, without them (the keys set null): messages in others' conversations,
 *    orders in the shop's books (the delivery address blanked but country and state, for the taxes),
 *    invoices;
 *  - then every text column of every table is swept for their name and email address, which others'
 *    records copied (mail headers, a name in a message, a label in the audit trail), and those are
 *    replaced with "Deleted user";
 *  - rate-limit counters and queued mail naming them go.
 * After it commits: every session of theirs ends at once, dashboards recount, their stored files go.
 * Returns the ids that were deleted (unknown ids are skipped).
 */
export async function eraseAccounts(app: FastifyInstance, request: EraseRequest): Promise<string[]> {
  const ids = [...new Set(request.ids)];
  const { deleted, files } = await app.db.transaction(async (tx) => {
    await lockAdminSet(tx);
    await request.assertActor?.(tx);
    const rows = await usersByIds(tx, ids);
    if (rows.some(isActiveAdmin) && !(await otherActiveAdminExists(tx, ids))) throw lastAdminConflict();
    const present = rows.map((row) => row.id);
    await anonymiseOrders(tx, present);
    // Their data exports' zips go with them (the rows cascade).
    const exportKeys = await exportKeysOf(tx, present);
    const result = await deleteUsers(tx, present);
    const gone = rows.filter((row) => result.deleted.includes(row.id));
    await forgetCounters(tx, gone);
    const namesakes = await namesStillInUse(tx, gone);
    await sweepMentions(
      tx,
      gone.flatMap((row) =>
        mentionsOf(row).filter((m) => m.kind === 'email' || !namesakes.has(m.text.toLowerCase())),
      ),
    );
    // The audit trail keeps that an account went (its id), not whose it was.
    await writeAudit(
      tx,
      gone.map((row) => ({
        actorId: request.actorId,
        action: request.action,
        targetUserId: row.id,
        targetLabel: DELETED_NAME,
        changes: {},
        ip: request.ip,
      })),
    );
    return { deleted: result.deleted, files: [...result.files, ...exportKeys] };
  });
  for (const userId of deleted) await app.realtime.sessionsEnded({ userId });
  await announceAccountsChanged(app, deleted);
  await app.files.storage.remove(files);
  return deleted;
}

/**
 * The person's orders stay in the books (numbers, lines, totals: revenue and stock figures must not
 * change), with the delivery address blanked but its country and state (taxes are due by them).
 */
async function anonymiseOrders(tx: Db, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  await tx
    .update(orders)
    .set({
      address: sql`jsonb_build_object(
        'name', '', 'phoneNumber', '', 'fullAddress', '', 'street', '', 'city', '', 'zipCode', '',
        'state', coalesce(${orders.address}->>'state', ''), 'country', coalesce(${orders.address}->>'country', ''),
        'addressType', coalesce(${orders.address}->>'addressType', 'home'))`,
    })
    .where(inArray(orders.userId, userIds));
}

/** Rate-limit counters keyed by their address or id, and mail still queued to them. */
async function forgetCounters(tx: Db, rows: UserRow[]): Promise<void> {
  for (const row of rows) {
    const needles = [row.email.toLowerCase(), row.id];
    await tx.delete(rateLimits).where(or(...needles.map((n) => like(rateLimits.key, `%${escapeLike(n)}%`))));
    await tx.delete(outbox).where(sql`lower(${outbox.to}) = ${row.email.toLowerCase()}`);
  }
}

/**
 * The full names of `rows` that another account still bears (lower case). A namesake's records hold the
 * same name, and a mention of it cannot tell the two apart: for those only the email address is swept.
 */
async function namesStillInUse(tx: Db, rows: UserRow[]): Promise<Set<string>> {
  const names = [...new Set(rows.map((row) => `${row.firstName} ${row.lastName}`.trim().toLowerCase()))];
  if (!names.length) return new Set();
  const found = await tx
    .selectDistinct({ name: sql<string>`lower(trim(${users.firstName} || ' ' || ${users.lastName}))` })
    .from(users)
    .where(inArray(sql`lower(trim(${users.firstName} || ' ' || ${users.lastName}))`, names));
  return new Set(found.map((row) => row.name));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A text to replace wherever it is written, as a whole word, in any letter case. */
export interface Mention {
  text: string;
  replacement: string;
  /** Characters that may not touch it on either side for it to count (it is part of a longer word). */
  kind: 'name' | 'email';
}

/** What others' records copy of a person: their full name and their email address. */
export function mentionsOf(row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): Mention[] {
  const name = `${row.firstName} ${row.lastName}`.trim();
  const mentions: Mention[] = [{ text: row.email, replacement: DELETED_EMAIL, kind: 'email' }];
  // A one-letter name would match too much; names shorter than 3 letters are only swept in full names.
  if (name.length >= 3) mentions.push({ text: name, replacement: DELETED_NAME, kind: 'name' });
  return mentions;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The PostgreSQL regular expression of a mention, as it is written in a column of `type`: in JSON and
 * array literals quotes and backslashes are escaped. A name counts between non-word characters; an email
 * address also not inside a longer address ("x.ida@example.com", "ida@example.com.au").
 */
export function mentionPattern(mention: Mention, type: 'text' | 'json'): string {
  const written = type === 'json' ? JSON.stringify(mention.text).slice(1, -1) : mention.text;
  const body = escapeRegex(written);
  return mention.kind === 'email'
    ? `(?<![[:alnum:]_.%+-])${body}(?![[:alnum:]_-]|\\.[[:alnum:]])`
    : `(?<![[:alnum:]_])${body}(?![[:alnum:]_])`;
}

type Column = { table: string; column: string; type: string };

/** Every stored (not generated) text, JSON and text-array column of the application's tables. */
async function textColumns(tx: Db): Promise<Column[]> {
  return rowsOf<Column>(
    await tx.execute(sql`
      select table_name as "table", column_name as "column", data_type as "type"
      from information_schema.columns c
      where table_schema = current_schema()
        and is_generated = 'NEVER'
        and (data_type in ('text', 'character varying', 'json', 'jsonb')
             or (data_type = 'ARRAY' and udt_name in ('_text', '_varchar')))
        and exists (select 1 from information_schema.tables t
                    where t.table_schema = c.table_schema and t.table_name = c.table_name
                      and t.table_type = 'BASE TABLE')
      order by table_name, ordinal_position`),
  );
}

/**
 * Replaces the mentions in every text column of every table, one UPDATE per table touching only the rows
 * that hold one. Searching every column keeps a table added later covered without a list to maintain.
 */
export async function sweepMentions(tx: Db, mentions: Mention[]): Promise<void> {
  if (!mentions.length) return;
  const byTable = new Map<string, Column[]>();
  for (const column of await textColumns(tx)) {
    byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  }
  for (const [table, columns] of byTable) {
    const sets: ReturnType<typeof sql>[] = [];
    const found: ReturnType<typeof sql>[] = [];
    for (const { column, type } of columns) {
      const json = type === 'json' || type === 'jsonb';
      const asText = type === 'ARRAY' || json ? sql`${sql.identifier(column)}::text` : sql.identifier(column);
      let value = asText;
      for (const mention of mentions) {
        const pattern = mentionPattern(mention, json || type === 'ARRAY' ? 'json' : 'text');
        found.push(sql`${asText} ~* ${pattern}`);
        value = sql`regexp_replace(${value}, ${pattern}, ${mention.replacement}, 'gi')`;
      }
      const cast = json || type === 'ARRAY' ? sql.raw(`::${type === 'ARRAY' ? 'text[]' : type}`) : sql``;
      sets.push(sql`${sql.identifier(column)} = (${value})${cast}`);
    }
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.join(found, sql` or `)}`,
    );
  }
}
