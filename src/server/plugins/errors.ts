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

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
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
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.issues ? { issues: error.issues } : {}),
        });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'Response did not match its schema');
      return reply.code(500).send({ message: 'Something went wrong' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'Database unavailable');
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
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ message: 'Something went wrong' });
  });
}
