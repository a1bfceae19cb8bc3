import type { FastifyInstance } from 'fastify';

import type { Mail, MailAddress, MailSummary } from '#shared/contract/mail.ts';

import type { Db } from '../../db/client.ts';
import type { MailAddressColumn } from '../../db/schema/index.ts';
import { peopleByEmail, type FullMail, type Person, type SummaryRow } from './mail.repo.ts';

// The mail module's surface (ADR 035): the welcome mail other modules send.
export { languageOf, sendWelcomeMail } from './welcome.ts';

type People = Map<string, Person>;

/** The people of the instance behind the addresses of these mails (avatars, names, links). */
export async function peopleOf(db: Db, lists: Array<MailAddressColumn[]>): Promise<People> {
  const emails = [...new Set(lists.flat().map((a) => a.email.toLowerCase()))];
  return new Map((await peopleByEmail(db, emails)).map((p) => [p.email, p]));
}

function toAddress(address: MailAddressColumn, people: People): MailAddress {
  const person = people.get(address.email.toLowerCase());
  return {
    name: person?.name || address.name || address.email,
    email: address.email,
    userId: person?.id ?? null,
    avatarUrl: person?.avatarUrl ?? null,
  };
}

export function toSummary(row: SummaryRow, people: People): MailSummary {
  const { entry, message } = row;
  return {
    id: entry.id,
    folder: entry.folder,
    subject: message.subject,
    excerpt: message.text.slice(0, 160),
    from: toAddress(message.from, people),
    to: message.to.map((a) => toAddress(a, people)),
    createdAt: (message.sentAt ?? message.updatedAt).toISOString(),
    isUnread: !entry.isRead,
    isStarred: entry.isStarred,
    isImportant: entry.isImportant,
    labelIds: row.labelIds,
    attachmentCount: row.attachmentCount,
  };
}

export async function toSummaries(db: Db, rows: SummaryRow[]): Promise<MailSummary[]> {
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [[r.message.from], r.message.to]),
  );
  return rows.map((row) => toSummary(row, people));
}

/** The full mail as the caller may see it: bcc and undelivered addresses only on the sender's own copy. */
export async function toMail(app: FastifyInstance, userId: string, mail: FullMail): Promise<Mail> {
  const { entry, message } = mail;
  const own =
    message.senderId === userId &&
    (entry.folder === 'sent' ||
      entry.folder === 'drafts' ||
      entry.previousFolder === 'sent' ||
      entry.previousFolder === 'drafts');
  const bcc = own ? message.bcc : [];
  const people = await peopleOf(app.db, [[message.from], message.to, message.cc, bcc]);
  return {
    ...toSummary(
      {
        entry,
        message: { ...message, text: message.text },
        labelIds: mail.labelIds,
        attachmentCount: mail.files.length,
        position: '',
        id: entry.id,
      },
      people,
    ),
    cc: message.cc.map((a) => toAddress(a, people)),
    bcc: bcc.map((a) => toAddress(a, people)),
    message: message.html,
    attachments: mail.files.map((file) => app.files.toFile(file)),
    inReplyTo: mail.inReplyToEntry,
    undelivered: own ? message.undelivered : [],
  };
}
