import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when `smtpUrl` is set; otherwise keeps the mail in the outbox table and writes one log
 * line with its text, so codes reach a developer on a laptop. Every mail is recorded in the outbox either way.
 */
export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await options.db.insert(outbox).values(mail).returning({ id: outbox.id });
      if (!transport) {
        options.log.info(
          { mailTo: mail.to, outboxId: row?.id },
          `Mail kept in the outbox (no SMTP_URL): to ${mail.to}, "${mail.subject}": ${mail.text}`,
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        if (row) await options.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (error) {
        // The caller's answer must not depend on delivery (SECURITY.md A11); the outbox keeps the mail.
        options.log.error({ err: error, outboxId: row?.id }, 'Sending mail failed; kept in the outbox');
      }
    },
  };
}
