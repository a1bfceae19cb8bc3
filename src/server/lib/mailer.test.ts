/**
 * The outbox queue and its SMTP worker (issue 8 §4.3–4.4): requests never wait for SMTP, mail is sent with
 * timeouts and retried with backoff, and no sent code stays readable in the outbox.
 */
import net from 'node:net';

import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp, logRedactPaths, logSerializers, type AppConfig } from '../app.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { freshIp } from '../testing/http.ts';
import { createTestDb } from '../testing/test-db.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../testing/test-app.ts';
import { MASK, createMailWorker, createMailer, type MailWorkerOptions } from './mailer.ts';

interface FakeSmtp {
  url: string;
  messages: string[];
  close(): Promise<void>;
}

/** A minimal SMTP server: answers every command, or (stalled) accepts connections and never says a word. */
async function fakeSmtp(mode: 'working' | 'stalled'): Promise<FakeSmtp> {
  const messages: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (mode === 'stalled') return;
    socket.write('220 fake ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let body = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(body);
            body = '';
            socket.write('250 queued\r\n');
          } else body += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const log = pino({ level: 'silent' });

/** A worker on the test database that only sends when a test drains it. */
const workerFor = (smtpUrl: string, options: Partial<MailWorkerOptions> = {}) =>
  createMailWorker({
    db: database.db,
    log,
    smtpUrl,
    from: 'Atrium <no-reply@atrium.local>',
    pollMs: 3_600_000,
    ...options,
  });

let database: Database;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  await database?.close();
});

async function outboxRow(id: string) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

/** The newest mail to `to` (rows are read newest first: an update may move a row on PostgreSQL). */
async function newestTo(to: string) {
  const [row] = await database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row!;
}

describe('mail with a stalled SMTP server', () => {
  it('does not hold up forgot-password, and a known email answers as an unknown one does', async () => {
    const smtp = await fakeSmtp('stalled');
    const app = await buildApp({ database, logger: false, config: { smtpUrl: smtp.url } });
    try {
      await app.ready();
      const email = uniqueEmail('stalled');
      const registered = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        remoteAddress: freshIp(),
        payload: { email, password: GOOD_PASSWORD, firstName: 'Stal', lastName: 'Led' },
      });
      expect(registered.statusCode).toBe(200);

      const forgot = (address: string) =>
        app.inject({
          method: 'POST',
          url: '/api/account/forgot-password',
          remoteAddress: freshIp(),
          payload: { email: address },
        });
      const known = await forgot(email);
      const unknown = await forgot(uniqueEmail('nobody'));
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      // The SMTP server never answers: the request was answered from the queue, with the mail still in it
      // (how long that takes is `npm run bench`'s business, not a test's).
      const row = await newestTo(email);
      expect(row.subject).toMatch(/reset/i);
      expect(['pending', 'sending']).toContain(row.status);
    } finally {
      await app.close();
      await smtp.close();
    }
  }, 60_000);

  it('retries after a timeout with a growing delay, then gives up and masks the code', async () => {
    const smtp = await fakeSmtp('stalled');
    const worker = workerFor(smtp.url, { timeoutMs: 300, maxAttempts: 2, baseDelayMs: 60_000 });
    try {
      const to = uniqueEmail('retry');
      await createMailer({ db: database.db, log, worker }).send({
        to,
        subject: 'Your code',
        text: 'Your code is 424242.',
        secret: '424242',
      });
      await worker.drain();
      const first = await newestTo(to);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.lastError).toBeTruthy();
      // The first retry waits the base delay (60 s), not the doubled one of the second retry. Both times are
      // the database's clock, so this holds however slow the machine is.
      const delay = first.nextAttemptAt.getTime() - first.createdAt.getTime();
      expect(delay).toBeGreaterThanOrEqual(60_000);
      expect(delay).toBeLessThan(120_000);

      await database.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, first.id));
      await worker.drain();
      const last = await outboxRow(first.id);
      expect(last).toMatchObject({ status: 'failed', attempts: 2, secret: null });
      expect(last.text).not.toContain('424242');
    } finally {
      await worker.stop();
      await smtp.close();
    }
  }, 60_000);
});

describe('mail with a working SMTP server', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await fakeSmtp('working');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers the code, then keeps no readable code in the outbox', async () => {
    const worker = workerFor(smtp.url);
    try {
      const to = uniqueEmail('sent');
      await createMailer({ db: database.db, log, worker }).send({
        to,
        subject: 'Your Atrium password reset code',
        text: 'Your password reset code is 135790. It expires in 10 minutes.',
        secret: '135790',
      });
      await worker.drain();
      expect(smtp.messages.some((m) => m.includes('135790') && m.includes(to))).toBe(true);
      const row = await newestTo(to);
      expect(row).toMatchObject({ status: 'sent', secret: null, attempts: 1 });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.text).toBe(`Your password reset code is ${MASK}. It expires in 10 minutes.`);
    } finally {
      await worker.stop();
    }
  });

  it('sends attachments with the mail (base64 parts), then keeps no copy of them in the outbox', async () => {
    const worker = workerFor(smtp.url);
    try {
      const to = uniqueEmail('attached');
      const pdf = Buffer.from('%PDF-1.7 an invoice', 'latin1');
      await createMailer({ db: database.db, log, worker }).send({
        to,
        subject: 'Invoice INV-1001',
        text: 'Please find the invoice attached.',
        attachments: [{ filename: 'INV-1001.pdf', contentType: 'application/pdf', content: pdf }],
      });
      const queued = await newestTo(to);
      expect(queued.attachments).toEqual([
        { filename: 'INV-1001.pdf', contentType: 'application/pdf', content: pdf.toString('base64') },
      ]);
      await worker.drain();
      const message = smtp.messages.find((m) => m.includes(to))!;
      expect(message).toContain('Content-Type: application/pdf; name=INV-1001.pdf');
      expect(message).toContain('filename=INV-1001.pdf');
      expect(message).toContain(pdf.toString('base64'));
      const sent = await newestTo(to);
      expect(sent).toMatchObject({ status: 'sent', attachments: null });
    } finally {
      await worker.stop();
    }
  });

  it('keeps the mail in the outbox without SMTP, its text in the log at debug level only', async () => {
    const logged = async (level: 'info' | 'debug') => {
      const lines: string[] = [];
      const memory = pino({ level }, { write: (line: string) => void lines.push(line) });
      const to = uniqueEmail(`kept-${level}`);
      await createMailer({ db: database.db, log: memory, worker: null }).send({
        to,
        subject: 'Confirm',
        text: 'Your email verification code is 246810.',
        secret: '246810',
      });
      expect(await newestTo(to)).toMatchObject({ status: 'kept', secret: null });
      const text = lines.join('\n');
      expect(text).toContain(`Mail kept in the outbox (no SMTP_URL): to ${to},`);
      return text;
    };
    const info = await logged('info');
    expect(info).not.toContain('246810');
    expect(info).not.toContain('verification code');
    // The laptop fallback: with LOG_LEVEL=debug (npm run dev) the code is in the log.
    expect(await logged('debug')).toContain('Your email verification code is 246810.');
  });
});

describe('the app log at info level', () => {
  /** An app writing its log (as production does, with redaction) into `lines`. */
  async function appLogging(lines: string[], config: Partial<AppConfig> = {}) {
    const logger = pino(
      { level: 'info', redact: { paths: logRedactPaths, censor: '[redacted]' }, serializers: logSerializers },
      { write: (line: string) => void lines.push(line) },
    );
    const app = await buildApp({ database, logger, config });
    await app.ready();
    return app;
  }

  /** Registers, asks for a verification code and a reset code, and uses both; returns the codes mailed. */
  async function codeFlows(app: Awaited<ReturnType<typeof buildApp>>, email: string) {
    const ip = freshIp();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/account/register',
      remoteAddress: ip,
      payload: { email, password: GOOD_PASSWORD, firstName: 'Log', lastName: 'Watch' },
    });
    expect(registered.statusCode).toBe(200);
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      remoteAddress: ip,
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
    const rows = await database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    return rows;
  }

  it('holds no mail body and no one-time code without SMTP', async () => {
    const lines: string[] = [];
    const app = await appLogging(lines);
    try {
      const email = uniqueEmail('log-kept');
      const rows = await codeFlows(app, email);
      const log = lines.join('\n');
      expect(log).toContain('Mail kept in the outbox');
      for (const row of rows) {
        const code = row.text.match(/\b\d{6}\b/)?.[0];
        expect(code, row.subject).toBeDefined();
        expect(log).not.toContain(code);
        expect(log).not.toContain(row.text.slice(0, 40));
      }
    } finally {
      await app.close();
    }
  });

  it('holds no mail body and no one-time code when the mail is sent by SMTP', async () => {
    const smtp = await fakeSmtp('working');
    const lines: string[] = [];
    const app = await appLogging(lines, { smtpUrl: smtp.url });
    try {
      const email = uniqueEmail('log-sent');
      await codeFlows(app, email);
      await app.mailWorker!.drain();
      const delivered = smtp.messages.filter((m) => m.includes(email));
      expect(delivered.length).toBeGreaterThanOrEqual(1);
      const log = lines.join('\n');
      expect(log).toContain('Mail sent');
      for (const message of delivered) {
        const code = message.match(/\b\d{6}\b/)?.[0];
        expect(code).toBeDefined();
        expect(log).not.toContain(code);
      }
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
