import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  CONTACT_RATE_LIMIT,
  type ContactFormError,
  contactInput,
  contactMessagesEn,
  contactSentResponse,
} from '#shared/contract/contact.ts';
import { validationMessageEn } from '#shared/lib/validation-messages.ts';

import { acceptFormPosts, assertSameOrigin } from '../../lib/form-posts.ts';
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

  // The contact form without JavaScript (issue 31 A, ADR 060): a plain form post, answered by the contact
  // page again with what happened (`?sent=1`, or `?error=` and the short fields to fill the form again).
  const form: FastifyPluginAsyncZod = async (formApp) => {
    acceptFormPosts(formApp);
    formApp.post(
      '/form',
      { attachValidation: true, schema: { hide: true, body: contactInput } },
      async (request, reply) => {
        assertSameOrigin(request);
        if (request.validationError) {
          return reply.redirect(contactPageUrl('invalid', request.body), 303);
        }
        try {
          await enforce(db, [[`contact:ip:${request.ip}`, CONTACT_RATE_LIMIT]]);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429) {
            return reply.redirect(contactPageUrl('tooMany', request.body), 303);
          }
          throw error;
        }
        await createContactMessage(db, { ...request.body, ip: request.ip, userId: null });
        return reply.redirect(`${CONTACT_PAGE}?sent=1`, 303);
      },
    );
  };
  await app.register(form);
};

const CONTACT_PAGE = '/contact-us';

/** The contact page again with what went wrong and the short fields (the message is too long for a URL). */
function contactPageUrl(error: ContactFormError, body: unknown): string {
  const query = new URLSearchParams({ error });
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  for (const name of ['name', 'email', 'subject'] as const) {
    const value = fields[name];
    if (typeof value === 'string' && value.length <= 300) query.set(name, value);
  }
  return `${CONTACT_PAGE}?${query.toString()}`;
}
