/**
 * The mailer (issue 8, ADR 035): `app.mailer` queues mail in the outbox, and `app.mailWorker` delivers it
 * when SMTP is configured (null otherwise, or when a test injects a mailer of its own).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { createMailer, createMailWorker, type Mailer, type MailWorker } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Delivers the outbox when SMTP is configured; null otherwise (or when a test injects a mailer). */
    mailWorker: MailWorker | null;
  }
}

export interface MailerOptions {
  /** A mailer of the caller's (tests): no outbox delivery then. */
  mailer?: Mailer | undefined;
}

export const mailerPlugin = fp<MailerOptions>(
  async (app: FastifyInstance, options) => {
    const { smtpUrl, mailFrom } = app.config;
    const mailWorker =
      !options.mailer && smtpUrl
        ? createMailWorker({ db: app.db, log: app.log, smtpUrl, from: mailFrom })
        : null;
    app.decorate('mailWorker', mailWorker);
    app.decorate('mailer', options.mailer ?? createMailer({ db: app.db, log: app.log, worker: mailWorker }));
    app.addHook('onClose', async () => {
      await mailWorker?.stop();
    });
  },
  { name: 'mailer' },
);
