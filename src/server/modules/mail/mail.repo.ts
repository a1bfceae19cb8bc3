import { and, asc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';

import type { MailAction, MailFolder, SystemLabel } from '#shared/contract/mail.ts';

import type { Db } from '../../db/client.ts';
import {
  files,
  mailAttachments,
  mailEntries,
  mailEntryLabels,
  mailLabels,
  mailMessages,
  users,
  type MailAddressColumn,
} from '../../db/schema/index.ts';
import { keysetList, newestFirst } from '../../lib/list.ts';
import { matches, nameKey, prefixQuery, type Viewer } from '../../lib/search.ts';
import type { FileRow } from '../files/files.service.ts';

export type EntryRow = typeof mailEntries.$inferSelect;
export type MessageRow = typeof mailMessages.$inferSelect;
export type LabelRow = typeof mailLabels.$inferSelect;

/** What a mail list shows of one entry. */
export interface SummaryRow {
  entry: EntryRow;
  message: Pick<MessageRow, 'id' | 'from' | 'to' | 'subject' | 'text' | 'sentAt' | 'updatedAt'>;
  labelIds: string[];
  attachmentCount: number;
  position: string;
  id: string;
}

const order = newestFirst(mailEntries.at, mailEntries.id);
/** Folders whose mail `all`, `important`, `starred` and custom labels leave out. */
const hidden: MailFolder[] = ['trash', 'spam', 'drafts'];

// ── people ──────────────────────────────────────────────────────────────────────────────────────────────

export interface Person {
  id: string;
  email: string;
  name: string;
  avatarUrl: string | null;
}

/** A person as the mail shows them: name from the profile, address lower-cased. */
const personColumns = {
  id: users.id,
  email: sql<string>`lower(${users.email})`,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  avatarUrl: users.avatarUrl,
};

/** Active users with one of these (lower-case) addresses. */
export async function peopleByEmail(db: Db, emails: readonly string[]): Promise<Person[]> {
  if (!emails.length) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), eq(users.status, 'active')));
}

/**
 * Up to `limit` active users whose name or address contains `term`, as `viewer` may find them: an
 * administrator anyone; a member only people who show their address to members (and themself), or the one
 * whose whole address they typed (they know it already). Never by phone or company, which would tell whose
 * they are.
 */
export async function findPeople(db: Db, viewer: Viewer, term: string, limit: number): Promise<Person[]> {
  const email = sql`lower(${users.email})`;
  const found = or(matches(nameKey, term, { status: 'active' }), matches(email, term, { status: 'active' }));
  const where = viewer.isAdmin
    ? found
    : or(
        and(found, or(eq(users.emailVisibility, 'members'), eq(users.id, viewer.id))),
        and(eq(users.status, 'active'), sql`${email} = lower(${term})`),
      );
  return db
    .select(personColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

// ── lists and counts ────────────────────────────────────────────────────────────────────────────────────

export type MailFilter = { kind: 'system'; label: SystemLabel } | { kind: 'custom'; labelId: string };

function filterSql(userId: string, filter: MailFilter): SQL {
  const mine = eq(mailEntries.userId, userId);
  if (filter.kind === 'custom') {
    return and(
      mine,
      notInArray(mailEntries.folder, hidden),
      sql`exists (select 1 from ${mailEntryLabels} el where el.entry_id = ${mailEntries.id} and el.label_id = ${filter.labelId})`,
    )!;
  }
  switch (filter.label) {
    case 'all':
      return and(mine, notInArray(mailEntries.folder, hidden))!;
    case 'important':
      return and(mine, eq(mailEntries.isImportant, true), notInArray(mailEntries.folder, hidden))!;
    case 'starred':
      return and(mine, eq(mailEntries.isStarred, true), notInArray(mailEntries.folder, hidden))!;
    default:
      return and(mine, eq(mailEntries.folder, filter.label))!;
  }
}

/** One page of the caller's mails under a label, newest first, with an optional search. */
export async function listMails(
  db: Db,
  userId: string,
  q: { filter: MailFilter; search: string; cursor: string | undefined; limit: number },
): Promise<{ items: SummaryRow[]; nextCursor: string | null }> {
  const terms = prefixQuery(q.search);
  const where = and(
    filterSql(userId, q.filter),
    order.before(q.cursor),
    terms ? sql`${mailMessages.search} @@ to_tsquery('simple', ${terms})` : undefined,
  );
  return keysetList(q.limit, async (limit) => {
    const rows = await db
      .select({
        entry: mailEntries,
        message: {
          id: mailMessages.id,
          from: mailMessages.from,
          to: mailMessages.to,
          subject: mailMessages.subject,
          text: sql<string>`left(${mailMessages.text}, 200)`,
          sentAt: mailMessages.sentAt,
          updatedAt: mailMessages.updatedAt,
        },
        labelIds: sql<
          string[]
        >`coalesce((select json_agg(el.label_id) from ${mailEntryLabels} el where el.entry_id = ${mailEntries.id}), '[]'::json)`,
        attachmentCount: sql<number>`(select count(*)::int from ${mailAttachments} ma where ma.message_id = ${mailMessages.id})`,
        position: order.position,
        id: mailEntries.id,
      })
      .from(mailEntries)
      .innerJoin(mailMessages, eq(mailMessages.id, mailEntries.messageId))
      .where(where)
      .orderBy(...order.orderBy)
      .limit(limit);
    return rows.map((r) => ({ ...r, attachmentCount: Number(r.attachmentCount) }));
  });
}

/** The caller's unread counts per system label (drafts: how many), in one pass over their unread entries. */
export async function systemCounts(db: Db, userId: string): Promise<Record<SystemLabel, number>> {
  const visible = sql`folder not in ('trash', 'spam', 'drafts')`;
  const unread = sql`not is_read`;
  const [row] = await db
    .select({
      all: sql<number>`count(*) filter (where ${unread} and ${visible})::int`,
      inbox: sql<number>`count(*) filter (where ${unread} and folder = 'inbox')::int`,
      sent: sql<number>`count(*) filter (where ${unread} and folder = 'sent')::int`,
      drafts: sql<number>`count(*) filter (where folder = 'drafts')::int`,
      trash: sql<number>`count(*) filter (where ${unread} and folder = 'trash')::int`,
      spam: sql<number>`count(*) filter (where ${unread} and folder = 'spam')::int`,
      important: sql<number>`count(*) filter (where ${unread} and is_important and ${visible})::int`,
      starred: sql<number>`count(*) filter (where ${unread} and is_starred and ${visible})::int`,
    })
    .from(mailEntries)
    .where(and(eq(mailEntries.userId, userId), sql`(not is_read or folder = 'drafts')`));
  const counts = row ?? {};
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])) as Record<
    SystemLabel,
    number
  >;
}

/** The caller's custom labels with their unread counts, by name. */
export async function labelsWithCounts(
  db: Db,
  userId: string,
): Promise<Array<LabelRow & { unread: number }>> {
  const rows = await db
    .select({
      label: mailLabels,
      unread: sql<number>`(select count(*)::int from ${mailEntryLabels} el join ${mailEntries} e on e.id = el.entry_id
        where el.label_id = mail_labels.id and not e.is_read and e.folder not in ('trash', 'spam', 'drafts'))`,
    })
    .from(mailLabels)
    .where(eq(mailLabels.userId, userId))
    .orderBy(asc(sql`lower(${mailLabels.name})`));
  return rows.map((r) => ({ ...r.label, unread: Number(r.unread) }));
}

export async function findLabel(db: Db, userId: string, labelId: string): Promise<LabelRow | undefined> {
  const [row] = await db
    .select()
    .from(mailLabels)
    .where(and(eq(mailLabels.id, labelId), eq(mailLabels.userId, userId)));
  return row;
}

// ── one mail ────────────────────────────────────────────────────────────────────────────────────────────

export interface FullMail {
  entry: EntryRow;
  message: MessageRow;
  labelIds: string[];
  files: FileRow[];
  /** The caller's entry of the message this one answers. */
  inReplyToEntry: string | null;
}

export async function findEntry(db: Db, userId: string, entryId: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(mailEntries)
    .where(and(eq(mailEntries.id, entryId), eq(mailEntries.userId, userId)));
  return row;
}

export async function fullMail(db: Db, userId: string, entryId: string): Promise<FullMail | undefined> {
  const [row] = await db
    .select({ entry: mailEntries, message: mailMessages })
    .from(mailEntries)
    .innerJoin(mailMessages, eq(mailMessages.id, mailEntries.messageId))
    .where(and(eq(mailEntries.id, entryId), eq(mailEntries.userId, userId)));
  if (!row) return undefined;
  const [labels, attached, replied] = await Promise.all([
    db
      .select({ id: mailEntryLabels.labelId })
      .from(mailEntryLabels)
      .where(eq(mailEntryLabels.entryId, entryId)),
    db
      .select({ file: files })
      .from(mailAttachments)
      .innerJoin(files, eq(files.id, mailAttachments.fileId))
      .where(eq(mailAttachments.messageId, row.message.id))
      .orderBy(asc(mailAttachments.position)),
    row.message.inReplyTo
      ? db
          .select({ id: mailEntries.id })
          .from(mailEntries)
          .where(and(eq(mailEntries.messageId, row.message.inReplyTo), eq(mailEntries.userId, userId)))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    ...row,
    labelIds: labels.map((l) => l.id),
    files: attached.map((a) => a.file),
    inReplyToEntry: replied[0]?.id ?? null,
  };
}

// ── writing ─────────────────────────────────────────────────────────────────────────────────────────────

export interface MessageContent {
  from: MailAddressColumn;
  to: MailAddressColumn[];
  cc: MailAddressColumn[];
  bcc: MailAddressColumn[];
  subject: string;
  html: string;
  text: string;
  inReplyTo: string | null;
  fileIds: string[];
}

/** Files among `fileIds` that are the user's own attachment uploads; all of them or the call fails. */
export async function ownAttachments(db: Db, userId: string, fileIds: readonly string[]): Promise<boolean> {
  if (!fileIds.length) return true;
  const own = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...fileIds]), eq(files.ownerId, userId), eq(files.use, 'attachment')));
  return own.length === new Set(fileIds).size;
}

/** The message id behind one of the caller's entries (replies and forwards). */
export async function messageOfEntry(db: Db, userId: string, entryId: string): Promise<string | undefined> {
  return (await findEntry(db, userId, entryId))?.messageId;
}

async function setAttachments(tx: Db, messageId: string, fileIds: readonly string[]): Promise<void> {
  await tx.delete(mailAttachments).where(eq(mailAttachments.messageId, messageId));
  const unique = [...new Set(fileIds)];
  if (unique.length) {
    await tx
      .insert(mailAttachments)
      .values(unique.map((fileId, position) => ({ messageId, fileId, position })));
  }
}

const contentColumns = (content: MessageContent) => ({
  from: content.from,
  to: content.to,
  cc: content.cc,
  bcc: content.bcc,
  subject: content.subject,
  html: content.html,
  text: content.text,
  inReplyTo: content.inReplyTo,
});

/** A new draft of the user's; returns its entry id. */
export async function createDraft(db: Db, userId: string, content: MessageContent): Promise<string> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(mailMessages)
      .values({ senderId: userId, ...contentColumns(content) })
      .returning({ id: mailMessages.id });
    await setAttachments(tx, message!.id, content.fileIds);
    const [entry] = await tx
      .insert(mailEntries)
      .values({ userId, messageId: message!.id, folder: 'drafts', isRead: true })
      .returning({ id: mailEntries.id });
    return entry!.id;
  });
}

/** Replaces a draft's content; false when `entryId` is not one of the user's drafts. */
export async function updateDraft(
  db: Db,
  userId: string,
  entryId: string,
  content: MessageContent,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .update(mailEntries)
      .set({ at: sql`now()` })
      .where(
        and(eq(mailEntries.id, entryId), eq(mailEntries.userId, userId), eq(mailEntries.folder, 'drafts')),
      )
      .returning({ messageId: mailEntries.messageId });
    if (!entry) return false;
    await tx
      .update(mailMessages)
      .set({ ...contentColumns(content), updatedAt: sql`now()` })
      .where(and(eq(mailMessages.id, entry.messageId), isNull(mailMessages.sentAt)));
    await setAttachments(tx, entry.messageId, content.fileIds);
    return true;
  });
}

/** Deletes one of the user's drafts; false when it is not one. */
export async function discardDraft(db: Db, userId: string, entryId: string): Promise<boolean> {
  const entry = await findEntry(db, userId, entryId);
  if (!entry || entry.folder !== 'drafts') return false;
  await db.delete(mailMessages).where(and(eq(mailMessages.id, entry.messageId), isNull(mailMessages.sentAt)));
  return true;
}

export interface Delivery {
  /** The sender's entry (in `sent`). */
  senderEntryId: string;
  /** Each recipient on the instance and their new inbox entry. */
  recipients: Array<{ userId: string; entryId: string }>;
}

/**
 * Sends a mail in one transaction: stores it (or turns the draft `draftEntryId` into it), files the
 * sender's copy in `sent` and gives every recipient on the instance (`recipientIds`, each once) an unread
 * copy in their inbox. Undefined when the draft is not the sender's.
 */
export async function sendMail(
  db: Db,
  input: {
    senderId: string;
    content: MessageContent;
    recipientIds: readonly string[];
    undelivered: readonly string[];
    draftEntryId: string | undefined;
  },
): Promise<Delivery | undefined> {
  return db.transaction(async (tx) => {
    let messageId: string;
    let senderEntryId: string;
    const columns = { ...contentColumns(input.content), undelivered: [...input.undelivered] };
    if (input.draftEntryId) {
      const [entry] = await tx
        .update(mailEntries)
        .set({ folder: 'sent', isRead: true, at: sql`now()` })
        .where(
          and(
            eq(mailEntries.id, input.draftEntryId),
            eq(mailEntries.userId, input.senderId),
            eq(mailEntries.folder, 'drafts'),
          ),
        )
        .returning({ id: mailEntries.id, messageId: mailEntries.messageId });
      if (!entry) return undefined;
      messageId = entry.messageId;
      senderEntryId = entry.id;
      await tx
        .update(mailMessages)
        .set({ ...columns, sentAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(mailMessages.id, messageId));
    } else {
      const [message] = await tx
        .insert(mailMessages)
        .values({ senderId: input.senderId, ...columns, sentAt: sql`now()` })
        .returning({ id: mailMessages.id });
      messageId = message!.id;
      const [entry] = await tx
        .insert(mailEntries)
        .values({ userId: input.senderId, messageId, folder: 'sent', isRead: true })
        .returning({ id: mailEntries.id });
      senderEntryId = entry!.id;
    }
    await setAttachments(tx, messageId, input.content.fileIds);
    const recipientIds = [...new Set(input.recipientIds)];
    const recipients = recipientIds.length
      ? await tx
          .insert(mailEntries)
          .values(recipientIds.map((userId) => ({ userId, messageId, folder: 'inbox' as const })))
          .returning({ userId: mailEntries.userId, entryId: mailEntries.id })
      : [];
    return { senderEntryId, recipients };
  });
}

/** Mail from the instance itself (the welcome mail): no sender account, one recipient. */
export async function deliverSystemMail(
  db: Db,
  userId: string,
  content: Omit<MessageContent, 'fileIds' | 'cc' | 'bcc' | 'inReplyTo'>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(mailMessages)
      .values({ senderId: null, ...content, sentAt: sql`now()` })
      .returning({ id: mailMessages.id });
    const [entry] = await tx
      .insert(mailEntries)
      .values({ userId, messageId: message!.id, folder: 'inbox' })
      .returning({ id: mailEntries.id });
    return entry!.id;
  });
}

/** What each action changes, and on which of the caller's entries (others are left alone). */
function actionUpdate(action: MailAction): { set: Partial<Record<string, unknown>>; where?: SQL } {
  switch (action) {
    case 'read':
      return { set: { isRead: true } };
    case 'unread':
      return { set: { isRead: false } };
    case 'star':
      return { set: { isStarred: true } };
    case 'unstar':
      return { set: { isStarred: false } };
    case 'important':
      return { set: { isImportant: true } };
    case 'unimportant':
      return { set: { isImportant: false } };
    case 'archive':
      return { set: { folder: 'archive' }, where: inArray(mailEntries.folder, ['inbox', 'spam']) };
    case 'trash':
      return {
        set: { previousFolder: sql`${mailEntries.folder}`, folder: 'trash' },
        where: sql`${mailEntries.folder} <> 'trash'`,
      };
    case 'restore':
      return {
        set: { folder: sql`coalesce(${mailEntries.previousFolder}, 'inbox')`, previousFolder: null },
        where: eq(mailEntries.folder, 'trash'),
      };
    case 'spam':
      return {
        set: { previousFolder: sql`${mailEntries.folder}`, folder: 'spam' },
        where: inArray(mailEntries.folder, ['inbox', 'archive']),
      };
    case 'notSpam':
      return { set: { folder: 'inbox', previousFolder: null }, where: eq(mailEntries.folder, 'spam') };
  }
}

/** Applies `action` to those of `entryIds` that are the user's; returns how many changed. */
export async function updateEntries(
  db: Db,
  userId: string,
  entryIds: readonly string[],
  action: MailAction,
): Promise<number> {
  const { set, where } = actionUpdate(action);
  const rows = await db
    .update(mailEntries)
    .set(set)
    .where(and(inArray(mailEntries.id, [...entryIds]), eq(mailEntries.userId, userId), where))
    .returning({ id: mailEntries.id });
  return rows.length;
}

/**
 * Deletes forever those of `entryIds` that are the user's and in trash or spam; a message nobody holds any
 * more goes with its last copy. Returns how many went.
 */
export async function deleteEntries(db: Db, userId: string, entryIds: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(mailEntries)
      .where(
        and(
          inArray(mailEntries.id, [...entryIds]),
          eq(mailEntries.userId, userId),
          inArray(mailEntries.folder, ['trash', 'spam']),
        ),
      )
      .returning({ messageId: mailEntries.messageId });
    const messageIds = [...new Set(gone.map((g) => g.messageId))];
    if (messageIds.length) {
      await tx
        .delete(mailMessages)
        .where(
          and(
            inArray(mailMessages.id, messageIds),
            sql`not exists (select 1 from ${mailEntries} e where e.message_id = ${mailMessages.id})`,
          ),
        );
    }
    return gone.length;
  });
}

/** Adds and removes the user's labels on the user's entries; false when a label is not theirs. */
export async function applyLabels(
  db: Db,
  userId: string,
  entryIds: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): Promise<boolean> {
  const labelIds = [...new Set([...add, ...remove])];
  if (labelIds.length) {
    const own = await db
      .select({ id: mailLabels.id })
      .from(mailLabels)
      .where(and(inArray(mailLabels.id, labelIds), eq(mailLabels.userId, userId)));
    if (own.length !== labelIds.length) return false;
  }
  await db.transaction(async (tx) => {
    const entries = await tx
      .select({ id: mailEntries.id })
      .from(mailEntries)
      .where(and(inArray(mailEntries.id, [...entryIds]), eq(mailEntries.userId, userId)));
    const ids = entries.map((e) => e.id);
    if (!ids.length) return;
    if (remove.length) {
      await tx
        .delete(mailEntryLabels)
        .where(and(inArray(mailEntryLabels.entryId, ids), inArray(mailEntryLabels.labelId, [...remove])));
    }
    const adding = [...new Set(add)].filter((id) => !remove.includes(id));
    if (adding.length) {
      await tx
        .insert(mailEntryLabels)
        .values(ids.flatMap((entryId) => adding.map((labelId) => ({ entryId, labelId }))))
        .onConflictDoNothing();
    }
  });
  return true;
}

/** Attachment files that some mail holds (the files block's sweep keeps them). */
export async function mailedFileIds(db: Db, fileIds: readonly string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await db
    .selectDistinct({ id: mailAttachments.fileId })
    .from(mailAttachments)
    .where(inArray(mailAttachments.fileId, [...fileIds]));
  return rows.map((r) => r.id);
}

/** Whether the user holds a copy of a mail with this file attached. */
export async function canReadMailFile(db: Db, userId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(mailAttachments)
    .innerJoin(mailEntries, eq(mailEntries.messageId, mailAttachments.messageId))
    .where(and(eq(mailAttachments.fileId, fileId), eq(mailEntries.userId, userId)))
    .limit(1);
  return Boolean(row);
}
