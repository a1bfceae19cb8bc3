import net from 'node:net';

import { z } from 'zod';

import { signupModes } from '#shared/contract/workspace.ts';

import type { StorageSettings } from './modules/files/files.service.ts';

/**
 * The only reader of process.env (STYLE.md §5). Parsed once; a bad value prints the field errors and exits.
 */
const durationSeconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: `false` (default), the number of proxies in front of Atrium (`1`), or their addresses and
 * networks (`10.0.0.1,192.168.0.0/16`). Never `true`: that would trust every hop, so any client could pick
 * its own address in X-Forwarded-For and get past every per-IP limit (issue 8 §4.5).
 */
export type TrustProxy = false | number | string[];

function isAddressOrNetwork(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const version = net.isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (['false', '0', 'no', ''].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (['true', 'yes'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every proxy hop, so clients could fake their address. Give the number of proxies in front of Atrium (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    const list = value.split(',').map((item) => item.trim());
    const bad = list.filter((item) => !isAddressOrNetwork(item));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR network: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: durationSeconds(15 * 60),
  SESSION_IDLE_TTL: durationSeconds(30 * 60),
  SESSION_ABSOLUTE_TTL: durationSeconds(12 * 60 * 60),
  SEED_DEMO: bool(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FILE: z.string().optional(),
  REDIS_URL: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(3000),
  TRUST_PROXY: trustProxySchema,
  /** The shop's currency, an ISO 4217 code; prices are stored and sent as integer cents of it. */
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'CURRENCY must be an ISO 4217 code of three letters, like USD or EUR')
    .default('USD'),
  /**
   * Where customers paying by bank transfer send the money (account holder, IBAN, BIC…), shown at checkout
   * and with their order; without it bank transfer is still offered, with the order number as reference.
   */
  BANK_TRANSFER_DETAILS: z
    .string()
    .trim()
    .max(1000, 'BANK_TRANSFER_DETAILS must be at most 1,000 characters')
    .optional(),
  /**
   * Hours a bank-transfer or cash order may stay unpaid (pending) before the sweeper cancels it and puts
   * its stock back (ADR 032).
   */
  ORDER_PAYMENT_TIMEOUT_HOURS: z.coerce
    .number()
    .int('ORDER_PAYMENT_TIMEOUT_HOURS must be a whole number of hours')
    .min(1, 'ORDER_PAYMENT_TIMEOUT_HOURS must be at least 1')
    .max(8760, 'ORDER_PAYMENT_TIMEOUT_HOURS must be at most 8760 (a year)')
    .default(72),
  /** Sign-up policy of a new instance, until an administrator changes it (ADR 034). */
  SIGNUP: z.enum(signupModes).default('verify'),
  /** Where stored files live (ADR 047): `disk` (DATA_DIR/uploads) or an S3-compatible bucket (`s3`). */
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL, like https://s3.example.com').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  /** Seconds a download's presigned URL of the bucket works; 0 = downloads stream through Atrium. */
  S3_PRESIGNED_DOWNLOADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600, 'S3_PRESIGNED_DOWNLOADS must be at most 3600 seconds')
    .default(0),
});
export type Env = z.infer<typeof envSchema>;

/** STORAGE_DRIVER=s3 needs a bucket. */
const checkedEnvSchema = envSchema.refine((env) => env.STORAGE_DRIVER !== 's3' || env.S3_BUCKET, {
  message: 'STORAGE_DRIVER=s3 needs S3_BUCKET (and usually S3_ENDPOINT and the S3_* keys)',
  path: ['S3_BUCKET'],
});

/** The storage driver the environment asks for (ADR 047). */
export function storageSettingsOf(env: Env): StorageSettings {
  if (env.STORAGE_DRIVER === 'disk' || !env.S3_BUCKET) return { driver: 'disk' };
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    presignSeconds: env.S3_PRESIGNED_DOWNLOADS,
  };
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = checkedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
    }
    process.exit(1);
  }
  return parsed.data;
}
