import type { FastifyInstance } from 'fastify';

import { HttpError } from '../lib/http-error.ts';

/** Whether any string in a parsed body, query or params object holds a NUL character (U+0000). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses text PostgreSQL cannot store before any route sees it: a NUL character anywhere in the body, the
 * query or the path parameters is a 400 with a message, not a database error (issue 8 §4.7).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      if (containsNul(value)) {
        throw new HttpError(400, `${part}: Text may not contain NUL characters`, {
          code: 'VALIDATION_FAILED',
          issues: [{ path: [part], message: 'Text may not contain NUL characters' }],
        });
      }
    }
  });
}
