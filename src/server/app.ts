import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { SignupMode } from '#shared/contract/workspace.ts';

import type { Database, Db } from './db/client.ts';
import type { TrustProxy } from './env.ts';
import type { StorageSettings } from './modules/files/files.service.ts';
import type { Mailer } from './lib/mailer.ts';
import { randomToken } from './lib/crypto.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { contactAdminRoutes } from './modules/contact/contact.admin.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { publicConfigOf, systemRoutes } from './modules/system/system.routes.ts';
import { auditAdminRoutes } from './modules/users/audit.admin.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { RESUMABLE_PATH, resumableRoutes } from './modules/files/resumable.routes.ts';
import { uploadsRoutes } from './modules/files/uploads.routes.ts';
import { meRoutes } from './modules/account/me.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { calendarFeedRoutes, calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { kanbanRoutes } from './modules/kanban/kanban.routes.ts';
import { productsAdminRoutes } from './modules/products/products.admin.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { addressesRoutes } from './modules/orders/addresses.routes.ts';
import { discountsAdminRoutes } from './modules/orders/discounts.admin.routes.ts';
import { discountsRoutes } from './modules/orders/discounts.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders.admin.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { partiesAdminRoutes } from './modules/invoices/parties.admin.routes.ts';
import { partiesRoutes } from './modules/invoices/parties.routes.ts';
import { postsAdminRoutes } from './modules/posts/posts.admin.routes.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import type { CardPaymentProvider } from './modules/orders/payments.ts';
import { presenceRoutes } from './modules/presence/presence.routes.ts';
import { directoryRoutes } from './modules/users/directory.routes.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { usersAdminRoutes } from './modules/users/users.admin.routes.ts';
import { workspaceAdminRoutes } from './modules/workspace/workspace.admin.routes.ts';
import { workspaceRoutes } from './modules/workspace/workspace.routes.ts';
import { bankingRoutes } from './modules/banking/banking.routes.ts';
import { analyticsCollectRoutes } from './modules/analytics/analytics.collect.routes.ts';
import { analyticsOverviewRoutes } from './modules/analytics/analytics.overview.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { analyticsSettingsRoutes } from './modules/analytics/analytics.settings.routes.ts';
import { bookingRoutes } from './modules/booking/booking.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling, safeError } from './plugins/errors.ts';
import { filesPlugin } from './plugins/files.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { presencePlugin } from './plugins/presence.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { loadPageRenderer, registerWebApp } from './plugins/web-app.ts';

export interface AppConfig {
  /** Seconds. */
  accessTokenTtl: number;
  sessionIdleTtl: number;
  sessionAbsoluteTtl: number;
  publicUrl: string | undefined;
  /** Folder of the built web app; null serves the API only. */
  webRoot: string | null;
  /**
   * The server's render of the sign-in and public pages, built beside the web app (dist-ssr/entry-server.js,
   * ADR 060); null, or a file that is not there, serves every page as the client app.
   */
  pageRenderer: string | null;
  /** Proxies whose X-Forwarded-For is believed: none, a hop count, or addresses/CIDRs (env.ts). */
  trustProxy: TrustProxy;
  /** API requests per minute per IP (static files are not counted). */
  rateLimitMax: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Named on the sign-in page when demo data is seeded (its password never leaves the server). */
  demoAccount: { email: string } | null;
  /** Folder of uploaded images (DATA_DIR/uploads); null = a temporary folder removed on close (tests). */
  uploadsDir: string | null;
  /** Where stored files live (ADR 047): the disk (in `uploadsDir`, the default) or an S3-compatible bucket. */
  storage: StorageSettings;
  /** The shop's one currency (ISO 4217, `CURRENCY`): prices are integer cents of it. */
  currency: string;
  /** Where customers paying by bank transfer send the money (`BANK_TRANSFER_DETAILS`); null: not shown. */
  bankTransferDetails: string | null;
  /** Sign-up policy of a new instance (`SIGNUP`) until an administrator saves another (ADR 034). */
  signupDefault: SignupMode;
}

export const defaultConfig: AppConfig = {
  accessTokenTtl: 15 * 60,
  sessionIdleTtl: 30 * 60,
  sessionAbsoluteTtl: 12 * 60 * 60,
  publicUrl: undefined,
  webRoot: null,
  pageRenderer: null,
  trustProxy: false,
  rateLimitMax: 3000,
  redisUrl: undefined,
  smtpUrl: undefined,
  mailFrom: 'Atrium <no-reply@atrium.local>',
  demoAccount: null,
  uploadsDir: null,
  storage: { driver: 'disk' },
  currency: 'USD',
  bankTransferDetails: null,
  signupDefault: 'verify',
};

export interface BuildOptions {
  database: Database;
  config?: Partial<AppConfig>;
  /** Token signing secret; tests get a random one. */
  secret?: Uint8Array;
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  mailer?: Mailer;
  /** A card payment provider (none ships, ADR 026): without one, customers pay cash or by bank transfer. */
  cardPayments?: CardPaymentProvider;
  /** Told of every route as it is registered, hidden ones included (the hostile-input test's list). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    config: AppConfig;
    secret: Uint8Array;
    /** The card payment provider, when the instance has one (ADR 026). */
    cardPayments: CardPaymentProvider | null;
  }
}

const secretLogFields = [
  'password',
  'newPassword',
  'currentPassword',
  'accessToken',
  'refreshToken',
  'token',
];

/**
 * Fields pino never writes (SECURITY.md §1.8). A pino path `*.x` matches `x` one level down only, so each
 * secret field is listed at the top level too (`log.info({ password })`). A one-time code is redacted where
 * a request body carries it (`body.code`), not as `*.code`, which would hide every error's code.
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...secretLogFields,
  ...secretLogFields.map((field) => `*.${field}`),
  'code',
  'body.code',
  'req.body.code',
  '*.body.code',
];

/** pino serializers: errors are logged through safeError (no query parameters or row values). */
export const logSerializers = { err: safeError };

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const config: AppConfig = { ...defaultConfig, ...options.config };
  const loggerOption =
    options.logger && typeof (options.logger as FastifyBaseLogger).child === 'function'
      ? { loggerInstance: options.logger as FastifyBaseLogger }
      : { logger: (options.logger as FastifyServerOptions['logger']) ?? false };

  const app = Fastify({
    ...loggerOption,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    // A hop count trusts that many proxies nearest to the server (what Fastify does with a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
    // On close, idle keep-alive connections end at once; requests in flight are answered (lib/graceful-close.ts).
    forceCloseConnections: 'idle',
    // One line per request, written by registerRequestLog (ADR 011).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Ecosystem plugins, then ours, then decorators, hooks and modules (STYLE.md §2).
  await app.register(cookie);
  await registerSecurity(app, {
    rateLimitMax: config.rateLimitMax,
    redisUrl: config.redisUrl,
    hsts: Boolean(config.publicUrl?.startsWith('https:')),
  });
  // Static files before the compression hook: they are precompressed at build time (ADR 011).
  await registerWebApp(
    app,
    config.webRoot,
    publicConfigOf(config),
    config.webRoot === null ? null : await loadPageRenderer(config.pageRenderer),
  );
  await registerCompression(app);
  registerRequestLog(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atrium API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // No CSP of its own: the docs get the app's strict one from helmet, like every other answer (issue 8 §4.14).
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('config', config);
  app.decorate('secret', options.secret ?? new TextEncoder().encode(randomToken()));
  app.decorate('cardPayments', options.cardPayments ?? null);
  // The services modules use as decorators, each a plugin of plugins/ (ADR 035).
  await app.register(mailerPlugin, { mailer: options.mailer });
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(presencePlugin);
  await app.register(filesPlugin);
  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(meRoutes, { prefix: '/api/account' });
  await app.register(profileRoutes, { prefix: '/api/account' });
  await app.register(usersAdminRoutes, { prefix: '/api/users' });
  await app.register(directoryRoutes, { prefix: '/api/users' });
  await app.register(auditAdminRoutes, { prefix: '/api/audit-log' });
  await app.register(uploadsRoutes, { prefix: '/api/uploads' });
  await app.register(filesRoutes, { prefix: '/api/files' });
  await app.register(resumableRoutes, { prefix: RESUMABLE_PATH });
  await app.register(contactRoutes, { prefix: '/api/contact' });
  await app.register(contactAdminRoutes, { prefix: '/api/contact' });
  await app.register(notificationsRoutes, { prefix: '/api/notifications' });
  await app.register(presenceRoutes, { prefix: '/api/presence' });
  await app.register(chatRoutes, { prefix: '/api/chat' });
  await app.register(mailRoutes, { prefix: '/api/mail' });
  await app.register(calendarRoutes, { prefix: '/api/calendar' });
  await app.register(calendarFeedRoutes, { prefix: '/api/calendar/feeds' });
  await app.register(kanbanRoutes, { prefix: '/api/kanban' });
  await app.register(productsRoutes, { prefix: '/api/products' });
  await app.register(productsAdminRoutes, { prefix: '/api/products' });
  await app.register(addressesRoutes, { prefix: '/api/addresses' });
  await app.register(discountsRoutes, { prefix: '/api/discounts' });
  await app.register(discountsAdminRoutes, { prefix: '/api/discounts' });
  await app.register(ordersRoutes, { prefix: '/api/orders' });
  await app.register(ordersAdminRoutes, { prefix: '/api/orders' });
  await app.register(invoicesRoutes, { prefix: '/api/invoices' });
  await app.register(partiesRoutes, { prefix: '/api/invoices' });
  await app.register(partiesAdminRoutes, { prefix: '/api/invoices' });
  await app.register(postsRoutes, { prefix: '/api/posts' });
  await app.register(postsAdminRoutes, { prefix: '/api/posts' });
  await app.register(workspaceRoutes, { prefix: '/api/workspace' });
  await app.register(workspaceAdminRoutes, { prefix: '/api/workspace' });
  await app.register(overviewRoutes, { prefix: '/api/overview' });
  await app.register(bankingRoutes, { prefix: '/api/banking' });
  await app.register(bookingRoutes, { prefix: '/api/booking' });
  // Analytics (issue 30): the snippet and the ingest (public, own CORS and limits), the sites and their
  // figures (administrators), and /dashboard/analytics' figures.
  await app.register(analyticsCollectRoutes);
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(analyticsSettingsRoutes, { prefix: '/api/analytics' });
  await app.register(analyticsOverviewRoutes, { prefix: '/api/analytics' });
  return app;
}
