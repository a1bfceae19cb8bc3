import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { HttpError } from '../lib/http-error.ts';

/** Errors that mean the database cannot be reached right now: answer 503, do not crash. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin shutdown
  '57P02',
  '57P03', // cannot connect now
  '53300', // too many connections
]);

/**
 * What a database error means for the client (issue #9 C): the one mapping from SQLSTATE to an answer, so
 * no route turns a constraint or a lost race into a 500. A route that can say more (which email is taken)
 * catches its constraint by name first (`isUniqueViolation`).
 */
const DATABASE_ANSWERS: Record<
  string,
  { status: number; message: string; code: string; retryAfter?: number }
> = {
  // Class 22 (data exception) codes only bad input can cause: a value PostgreSQL cannot read as its
  // column's type, an untranslatable character, a number or date out of range.
  ...Object.fromEntries(
    ['22P02', '22021', '22P05', '22001', '22003', '22007', '22008', '22012'].map((state) => [
      state,
      { status: 400, message: 'A value in the request is not valid', code: 'INVALID_VALUE' },
    ]),
  ),
  '23502': { status: 400, message: 'A required value is missing', code: 'INVALID_VALUE' },
  '23514': { status: 400, message: 'A value in the request is not valid', code: 'INVALID_VALUE' },
  '23505': { status: 409, message: 'This already exists', code: 'ALREADY_EXISTS' },
  '23503': {
    status: 409,
    message: 'Something this refers to does not exist any more',
    code: 'REFERENCE_MISSING',
  },
  // Two writes raced and PostgreSQL rolled one back: nothing was written, trying again will work.
  '40001': {
    status: 503,
    message: 'Too many changes at once. Please try again.',
    code: 'RETRY',
    retryAfter: 1,
  },
  '40P01': {
    status: 503,
    message: 'Too many changes at once. Please try again.',
    code: 'RETRY',
    retryAfter: 1,
  },
};

/** True when `error` (or its cause) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return causes(error).some((e) => {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    return code === '23505' && name === constraint;
  });
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    chain.push(e);
  }
  return chain;
}

/** The SQLSTATE of a database error anywhere in the cause chain (5 characters), or undefined. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** `insert users`, `select sessions`: what a failed query did, without its text or parameters. */
export function queryName(sqlText: string): string {
  const verb = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(sqlText)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * What the log may say of an error (issue 8 §4.8; SECURITY.md §1.8): its type, message, code, SQLSTATE,
 * the name of a failed query and the stack; never a query's parameters (emails, password hashes) or a
 * PostgreSQL `detail` that quotes row values.
 */
export function safeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const failedQuery = causes(error).find(
    (e): e is { query: string } => typeof (e as { query?: unknown }).query === 'string',
  );
  const sqlState = sqlStateOf(error);
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    // PostgreSQL's own messages quote the offending value ('invalid input syntax … "ada@example.com"').
    message: failedQuery
      ? `Query failed: ${queryName(failedQuery.query)}`
      : sqlState
        ? `Database error ${sqlState}`
        : error.message,
    // A failed query's stack is the driver's; its message (with the parameters) is part of it.
    stack: failedQuery || sqlState ? '' : (error.stack?.split('\n').slice(0, 8).join('\n') ?? ''),
    ...(typeof code === 'string' && code !== sqlState ? { code } : {}),
    ...(sqlState ? { sqlState } : {}),
    ...(failedQuery ? { query: queryName(failedQuery.query) } : {}),
  };
}

/** The request ended from the client's side (closed tab, cancelled upload): not a server fault. */
export function isClientAbort(error: unknown, raw: { aborted?: boolean; destroyed?: boolean }): boolean {
  if (raw.aborted) return true;
  const e = error as { code?: unknown; message?: unknown };
  return (
    (e.code === 'ECONNRESET' || e.code === 'ECONNABORTED') &&
    (e.message === 'aborted' || raw.destroyed === true)
  );
}

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * One error shape for the whole API: `{ message, code?, issues? }` with the right status, no stack traces
 * or SQL text (ARCHITECTURE.md §4; SECURITY.md §1.8).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: validationMessageEn(v.message ?? 'Invalid value'),
      }));
      const first = issues[0];
      const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
      return reply.code(400).send({
        message: first ? `${where}${first.message}` : 'Invalid request',
        code: 'VALIDATION_FAILED',
        issues,
      });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: safeError(error) }, error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.issues ? { issues: error.issues } : {}),
          ...error.extra,
        });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: safeError(error) }, 'Response did not match its schema');
      return reply.code(500).send({ message: 'Something went wrong' });
    }
    if (isClientAbort(error, request.raw)) {
      // Nobody reads this answer; the log says what happened instead of "Database unavailable".
      request.log.info({ err: safeError(error) }, 'Client closed the request');
      return reply
        .code(400)
        .send({ message: 'The request was closed by the client', code: 'CLIENT_ABORTED' });
    }
    const sqlState = sqlStateOf(error);
    const answer = sqlState ? DATABASE_ANSWERS[sqlState] : undefined;
    if (answer) {
      request.log.info({ err: safeError(error) }, 'Refused by the database');
      if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
      return reply.code(answer.status).send({ message: answer.message, code: answer.code });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: safeError(error) }, 'Database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        code: 'UNAVAILABLE',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, rate limit…
      const messages: Record<string, string> = {
        FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
        FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
      };
      const message =
        messages[error.code] ??
        (error.name === 'SyntaxError' ? 'Request body is not valid JSON' : error.message);
      return reply.code(status).send({ message, code: error.code });
    }
    request.log.error({ err: safeError(error) }, 'Unhandled error');
    return reply.code(500).send({ message: 'Something went wrong' });
  });
}
