/** An error with an HTTP status and a message safe to show the client. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly headers: Record<string, string>;
  readonly issues: Array<{ path: Array<string | number>; message: string }> | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: {
      code?: string | undefined;
      headers?: Record<string, string>;
      issues?: Array<{ path: Array<string | number>; message: string }>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = options.code;
    this.headers = options.headers ?? {};
    this.issues = options.issues;
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, { code });
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, { code: 'UNAUTHORIZED' });
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, message, { code: 'FORBIDDEN' });
export const notFound = (message = 'Not found') => new HttpError(404, message, { code: 'NOT_FOUND' });
export const conflict = (message: string, code?: string) => new HttpError(409, message, { code });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many attempts. Please wait and try again.', {
    code: 'RATE_LIMITED',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
