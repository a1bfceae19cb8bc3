import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildApp, logRedactPaths, logSerializers } from './app.ts';
import { openDatabase } from './db/client.ts';
import {
  createDemoPassword,
  DEMO_PASSWORD_FILE,
  readDemoPassword,
  writeDemoPassword,
} from './db/seed/demo-password.ts';
import { DEMO_ADMIN, isEmpty, seedDemo } from './db/seed/seed.ts';
import { findUserByEmail } from './modules/account/account.repo.ts';
import { serveBackupRequests } from './modules/backup/backup.requests.ts';
import { sweepTrash } from './modules/files/files.tree.ts';
import { runRecurringAndAnnounce } from './modules/banking/banking.service.ts';
import { sendBookingReminders } from './modules/booking/booking.reminders.ts';
import { sweepUnpaidOrders } from './modules/orders/orders.sweeper.ts';
import { readEnv, storageSettingsOf } from './env.ts';
import { DirLockedError } from './lib/dir-lock.ts';
import { closeGracefully, trackConnections } from './lib/graceful-close.ts';
import { sweep } from './lib/rate-limiter.ts';
import { loadSecret } from './lib/secret.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Read env, migrate, seed if empty, listen, and close gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const env = readEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const uploadsDir = path.join(dataDir, 'uploads');

  let database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir,
      onPoolError: (error) => console.error(`PostgreSQL connection error: ${error.message}`),
    });
  } catch (error) {
    if (error instanceof DirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();

  if (env.SEED_DEMO && (await isEmpty(database.db))) {
    const demoPassword = createDemoPassword();
    await seedDemo(database.db, { uploadsDir, demoPassword, currency: env.CURRENCY });
    writeDemoPassword(dataDir, demoPassword);
    console.log('Seeded demo data.');
  }
  const demoUser = env.SEED_DEMO ? await findUserByEmail(database.db, DEMO_ADMIN.email) : undefined;

  const app = await buildApp({
    database,
    secret: loadSecret({ jwtSecret: env.JWT_SECRET, dataDir }),
    logger: {
      level: env.LOG_LEVEL,
      redact: { paths: logRedactPaths, censor: '[redacted]' },
      serializers: logSerializers,
      ...(env.LOG_FILE ? { file: env.LOG_FILE } : {}),
    },
    config: {
      accessTokenTtl: env.ACCESS_TOKEN_TTL,
      sessionIdleTtl: env.SESSION_IDLE_TTL,
      sessionAbsoluteTtl: env.SESSION_ABSOLUTE_TTL,
      publicUrl: env.PUBLIC_URL,
      webRoot: path.join(root, 'dist'),
      pageRenderer: path.join(root, 'dist-ssr', 'entry-server.js'),
      trustProxy: env.TRUST_PROXY,
      redisUrl: env.REDIS_URL,
      rateLimitMax: env.RATE_LIMIT_MAX,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      demoAccount: demoUser ? { email: DEMO_ADMIN.email } : null,
      uploadsDir,
      storage: storageSettingsOf(env),
      currency: env.CURRENCY,
      bankTransferDetails: env.BANK_TRANSFER_DETAILS ?? null,
      signupDefault: env.SIGNUP,
    },
  });

  if (!env.SMTP_URL && env.NODE_ENV === 'production') {
    app.log.warn(
      'Mail is not configured (SMTP_URL): mail, with its password-reset and verification codes, stays in the outbox table (and is written to this log at LOG_LEVEL=debug). Set SMTP_URL to send it.',
    );
  }

  // Expired rate-limit windows, uploads nothing links to after a day (files block, ADR 018), and unpaid
  // bank-transfer and cash orders past ORDER_PAYMENT_TIMEOUT_HOURS (ADR 032).
  const sweeper = setInterval(() => {
    void sweep(database.db).catch(() => {});
    void sweepUnpaidOrders(app, env.ORDER_PAYMENT_TIMEOUT_HOURS)
      .then((cancelled) => cancelled && app.log.info({ cancelled }, 'Cancelled unpaid orders'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping unpaid orders failed'));
    // Trashed files past the workspace's retention (30 days by default) go for good (ADR 046).
    void sweepTrash(app)
      .then((purged) => purged && app.log.info({ purged }, 'Emptied old trash'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Emptying old trash failed'));
    // Banking's recurring transactions due today (each occurrence once across instances, ADR 049).
    void runRecurringAndAnnounce(app)
      .then((written) => written && app.log.info({ written }, 'Wrote recurring transactions'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Writing recurring transactions failed'));
    // Booking reminders for the next day (each booking mailed once across instances, ADR 053).
    void sendBookingReminders(app)
      .then((sent) => sent && app.log.info({ sent }, 'Queued booking reminders'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Queueing booking reminders failed'));
    void app.files
      .sweepUnlinked()
      .then((removed) => removed && app.log.info({ removed }, 'Removed unlinked uploads'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping unlinked uploads failed'));
  }, 10 * 60_000);
  sweeper.unref();

  // `npm run backup` cannot open the embedded database beside this process: it asks this one (ADR 057).
  const stopBackups =
    database.kind === 'pglite'
      ? serveBackupRequests({
          dataDir,
          database,
          storage: app.files.storage,
          appVersion: (
            JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
          ).version,
          log: { info: (line) => app.log.info(line), warn: (line) => app.log.warn(line) },
        })
      : async () => {};

  // Connections that have not sent their request yet, so a shutdown waits for them (graceful-close.ts).
  const connections = trackConnections(app.server);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    clearInterval(sweeper);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 15_000);
    force.unref();
    // Requests on connections accepted before the signal are answered; then 503 for newer ones, websockets
    // closed, requests in flight answered, and only then the database closed.
    closeGracefully(app, connections)
      .then(stopBackups)
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
  console.log(
    `\nAtrium is running at ${url}  (database: ${database.kind === 'pglite' ? `embedded, ${dataDir}` : 'PostgreSQL'})`,
  );
  if (demoUser) {
    const demoPassword = readDemoPassword(dataDir);
    console.log(
      demoPassword
        ? `Demo sign-in: ${DEMO_ADMIN.email} / ${demoPassword}  (kept in ${path.join(dataDir, DEMO_PASSWORD_FILE)})\n`
        : `Demo account: ${DEMO_ADMIN.email} (its password is in the demo-password file of the DATA_DIR it was seeded with)\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
