/** An error with an HTTP status and a message safe to show the client. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly headers: Record<string, string>;
  readonly issues: Array<{ path: Array<string | number>; message: string }> | undefined;
  /** More fields of the error body (a stale edit's `current` record). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: {
      code?: string | undefined;
      headers?: Record<string, string>;
      issues?: Array<{ path: Array<string | number>; message: string }>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = options.code;
    this.headers = options.headers ?? {};
    this.issues = options.issues;
    this.extra = options.extra;
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, { code });
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { code: 'UNAUTHORIZED' });
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, message, { code: 'FORBIDDEN' });
export const notFound = (message = 'Not found') => new HttpError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, code?: string) => new HttpError(409, message, { code });
/** 409 to an edit based on an older version than the stored one, with the record as it is now (ADR 017). */
export const stale = (current: unknown, message = 'Someone else changed this while you were editing it') =>
  new HttpError(409, message, { code: 'STALE', extra: { current } });
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Please wait and try again.',
) =>
  new HttpError(429, message, {
    code: 'RATE_LIMITED',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
