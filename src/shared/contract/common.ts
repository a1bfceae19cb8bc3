import { z } from 'zod';

/** Every error the API returns has this shape (ARCHITECTURE.md §4). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

/**
 * The error answers of the API, declared once (issue #9 C): every route spreads `errorResponses` into its
 * `response` schema. 409s that carry the current record use `staleErrorSchema` instead.
 */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
} as const;

export const okSchema = z.object({ ok: z.literal(true) });

/** The version an edit was based on (ADR 017): a stale one is refused with 409 `STALE` and the current record. */
export const versionField = z
  .number({ error: 'validation.versionInvalid' })
  .int()
  .min(1, 'validation.versionInvalid');

/**
 * A new key per thing a person makes that must not be made twice (a payment, a transfer, a booking, an
 * invoice): a retry after a lost answer sends the same key and gets the first result, nothing made again.
 */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;
export const idempotencyKeyField = z
  .string({ error: 'validation.idempotencyKeyInvalid' })
  .min(IDEMPOTENCY_KEY_MIN, 'validation.idempotencyKeyInvalid')
  .max(IDEMPOTENCY_KEY_MAX, 'validation.idempotencyKeyInvalid')
  .regex(/^[\w-]+$/, 'validation.idempotencyKeyInvalid');

/**
 * A route's 409 answers: the usual error body, plus the record as it is now when the edit was stale
 * (`code: 'STALE'`); other conflicts (a taken email…) have no `current`.
 */
export const staleErrorSchema = <T extends z.ZodType>(current: T) =>
  errorSchema.extend({ current: current.optional() });
