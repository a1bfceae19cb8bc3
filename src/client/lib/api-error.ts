import type { ApiErrorBody } from '#shared/contract/common.ts';

/**
 * What a failed request is (ADR 037): the error class, its issues, and the stale-edit check. Its own module
 * so views and forms can tell failures apart without importing `apiClient`, which only `features/<area>/api/`
 * may use (the layer check).
 */

/** Spec §8: the text of a failure that carries no server body (network error, non-JSON answer). */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

/** A failed request: `message` is the server's message, or FALLBACK_ERROR_MESSAGE when it sent none. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[];
  /** True when the server sent a `{ message }` body (its text can be shown as is). */
  readonly hasServerMessage: boolean;
  /** The whole error body (a stale edit's 409 carries the record as it is now in `current`). */
  readonly body: Record<string, unknown>;

  constructor(
    message: string,
    options: {
      status: number;
      code?: string;
      issues?: ApiIssue[];
      hasServerMessage?: boolean;
      body?: Record<string, unknown>;
    },
  ) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues ?? [];
    this.hasServerMessage = options.hasServerMessage ?? false;
    this.body = options.body ?? {};
  }
}

/**
 * The record as it is now when `error` is the 409 of a stale edit (ADR 017: someone else saved first), else
 * null. The view shows it and says so.
 */
export function staleRecord<T>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'STALE') return null;
  return (error.body.current as T | undefined) ?? null;
}

/**
 * A new idempotency key for one attempt at something that must not be done twice (an order, a transfer, a
 * booking, an invoice); `prefix` tells the areas' keys apart in the server's rows.
 */
export const newIdempotencyKey = (prefix = '') => `${prefix}${crypto.randomUUID()}`;

/**
 * Whether the request that failed with `error` may still have done what it asked: no answer came (a dropped
 * connection) or the server failed (5xx). Such a request is sent again with the same idempotency key, and
 * the server answers the first attempt if it got through; a refusal (4xx) changed nothing, so what is sent
 * next is a new attempt with a new key.
 */
export function mayHaveTakenEffect(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
