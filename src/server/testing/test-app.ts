import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import type { AuthResponse } from '#shared/contract/account.ts';

import { buildApp, type AppConfig } from '../app.ts';
import type { Database } from '../db/client.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { createTestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every mail the app sent, newest last. */
  mails: Mail[];
  close(): Promise<void>;
}

/** buildApp on a fresh database with a mailer that records mails (no port is opened). */
export async function createTestApp(config: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDb();
  const mails: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      mails.push(mail);
    },
  };
  const app = await buildApp({ database, config, mailer, logger: false });
  await app.ready();
  return {
    app,
    database,
    mails,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.com`;
export const GOOD_PASSWORD = 'correct horse battery staple';

export async function register(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
  ip = '127.0.0.1',
): Promise<AuthResponse & { cookie: string; response: LightMyRequestResponse }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    remoteAddress: ip,
    payload: {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
      ...overrides,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...(response.json() as AuthResponse), cookie: refreshCookie(response), response };
}

/** The `name=value` of the refresh cookie a response set. */
export function refreshCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'atrium_refresh');
  if (!cookie) throw new Error('no refresh cookie in response');
  return `${cookie.name}=${cookie.value}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The 6-digit code in the newest mail to `to`. */
export function lastCode(mails: Mail[], to: string): string {
  const mail = mails.filter((m) => m.to === to).at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
