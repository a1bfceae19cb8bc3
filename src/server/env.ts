import { z } from 'zod';

/**
 * The only reader of process.env (STYLE.md §5). Parsed once; a bad value prints the field errors and exits.
 */
const durationSeconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  TRUST_PROXY: bool(false),
});
export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
    }
    process.exit(1);
  }
  return parsed.data;
}
