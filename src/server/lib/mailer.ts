import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A one-time code in `text`: masked in the outbox once the mail is sent (issue 8 §4.3). */
  secret?: string;
  /** Files sent with it (an invoice's PDF); the outbox keeps them until the mail is sent or given up. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Queues the mail and returns at once: no request waits for an SMTP server (ADR 006). */
  send(mail: Mail): Promise<void>;
}

export const MASK = '••••••';

/** `text` with every occurrence of `secret` masked. */
export function maskSecret(text: string, secret: string | null | undefined): string {
  return secret ? text.split(secret).join(MASK) : text;
}

export interface MailWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string;
  from: string;
  /** Connection, greeting and socket timeout of one delivery, ms. */
  timeoutMs?: number;
  /** Tries before a mail is given up (`failed`). */
  maxAttempts?: number;
  /** Wait before the n-th retry: baseDelayMs × 2^(n−1), at most an hour. */
  baseDelayMs?: number;
  /** How often the worker looks for due mail besides being kicked by send(), ms. */
  pollMs?: number;
}

export interface MailWorker {
  /** Sends what is due now; resolves when done (tests call it directly). */
  drain(): Promise<void>;
  /** Looks for due mail soon, without waiting. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox through SMTP: claims due rows with FOR UPDATE SKIP LOCKED (several instances share one
 * queue), sends each with timeouts, and on failure retries with exponential backoff. A sent or abandoned
 * mail keeps no readable code and no attachment. A row left `sending` by a crashed instance is due again after a minute.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const { db, log } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function claim(): Promise<Array<typeof outbox.$inferSelect>> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            or(eq(outbox.status, 'pending'), eq(outbox.status, 'sending')),
            lte(outbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(outbox.nextAttemptAt)
        .limit(10)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(outbox)
        .set({ status: 'sending', nextAttemptAt: sql`now() + interval '1 minute'` })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(row: typeof outbox.$inferSelect): Promise<void> {
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        attachments: (row.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content, 'base64'),
        })),
      });
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          attempts: row.attempts + 1,
          text: maskSecret(row.text, row.secret),
          secret: null,
          attachments: null,
          lastError: null,
        })
        .where(eq(outbox.id, row.id));
      log.info({ outboxId: row.id }, 'Mail sent');
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = error instanceof Error ? error.message.slice(0, 300) : String(error);
      const giveUp = attempts >= maxAttempts;
      const delayMs = Math.min(baseDelayMs * 2 ** (attempts - 1), 3_600_000);
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lastError: reason,
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          ...(giveUp ? { text: maskSecret(row.text, row.secret), secret: null, attachments: null } : {}),
        })
        .where(eq(outbox.id, row.id));
      log.warn(
        { outboxId: row.id, attempts, err: { message: reason } },
        giveUp ? 'Sending mail failed; given up' : 'Sending mail failed; will retry',
      );
    }
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      let batch = await claim();
      while (batch.length && !stopped) {
        await Promise.all(batch.map(deliver));
        batch = await claim();
      }
    } while (again && !stopped);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => log.error({ err: { message: (error as Error).message } }, 'Mail worker'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void drain(), options.pollMs ?? 5_000);
  timer.unref();

  return {
    drain,
    kick: () => {
      setImmediate(() => void drain());
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

/** Whether `log` writes debug lines (pino's levels: trace and debug are below info). */
const writesDebug = (log: FastifyBaseLogger) => log.level === 'debug' || log.level === 'trace';

/**
 * The app's mailer. With SMTP, mail is queued in the outbox and sent by the worker (`kick` after each);
 * without SMTP it is kept in the outbox and logged (the documented fallback, ADR 006). A mail's subject,
 * text and codes are written at debug level only, so codes reach a developer on a laptop running with
 * `LOG_LEVEL=debug` (`npm run dev`), and an info-level log never holds a mail body or a one-time code.
 */
export function createMailer(options: { db: Db; log: FastifyBaseLogger; worker: MailWorker | null }): Mailer {
  return {
    async send(mail) {
      const { worker } = options;
      const [row] = await options.db
        .insert(outbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          secret: worker ? (mail.secret ?? null) : null,
          attachments: mail.attachments?.length
            ? mail.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content.toString('base64'),
              }))
            : null,
          status: worker ? 'pending' : 'kept',
        })
        .returning({ id: outbox.id });
      if (worker) {
        worker.kick();
        return;
      }
      const { log } = options;
      const fields = { mailTo: mail.to, outboxId: row?.id };
      const kept = `Mail kept in the outbox (no SMTP_URL): to ${mail.to},`;
      if (writesDebug(log)) {
        log.debug(
          fields,
          `${kept} "${mail.subject}": ${mail.text}${
            mail.attachments?.length ? ` [${mail.attachments.map((file) => file.filename).join(', ')}]` : ''
          }`,
        );
      } else {
        log.info(fields, `${kept} its text is logged at LOG_LEVEL=debug only`);
      }
    },
  };
}
