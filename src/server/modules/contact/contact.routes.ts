import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  CONTACT_RATE_LIMIT,
  contactInput,
  contactMessagesEn,
  contactSentResponse,
} from '#shared/contract/contact.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { HttpError } from '../../lib/http-error.ts';
import { enforce } from '../../lib/rate-limiter.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { createContactMessage } from './contact.repo.ts';

export const CONTACT_SENT_MESSAGE = 'Thanks — we’ll get back to you.';

/** An i18n key of the contract as English text (the web app shows the key translated). */
const messageEn = (key: string) =>
  (contactMessagesEn as Record<string, string>)[key] ?? validationMessageEn(key);

/** The route's schema error as the API's 400 answer, with English texts for the contact keys too. */
function validationFailed(error: Error): HttpError {
  const issues = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: messageEn(v.message ?? 'Invalid value'),
      }))
    : [];
  const first = issues[0];
  const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
  return new HttpError(400, first ? `${where}${first.message}` : 'Invalid request', {
    code: 'VALIDATION_FAILED',
    issues,
  });
}

/** `POST /api/contact`: anyone may write, signed in or not. The messages are read in contact.admin.routes.ts. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** The signed-in sender, if the request carries a valid token; anyone may write without one. */
  async function optionalUserId(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    if (!bearerToken(request)) return null;
    try {
      await app.authenticate(request, reply);
      return request.auth?.user.id ?? null;
    } catch {
      return null;
    }
  }

  app.post(
    '/',
    {
      attachValidation: true,
      schema: { body: contactInput, response: { 201: contactSentResponse, ...errorResponses } },
    },
    async (request, reply) => {
      if (request.validationError) throw validationFailed(request.validationError);
      // Only valid messages count, so a visitor fixing a typo is not locked out (SECURITY.md V11).
      await enforce(db, [[`contact:ip:${request.ip}`, CONTACT_RATE_LIMIT]]);
      const userId = await optionalUserId(request, reply);
      await createContactMessage(db, { ...request.body, ip: request.ip, userId });
      return reply.code(201).send({ message: CONTACT_SENT_MESSAGE });
    },
  );
};
