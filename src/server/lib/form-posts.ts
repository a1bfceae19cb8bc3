/**
 * Forms a browser posts without JavaScript (issue 31 A, ADR 060): the sign-in form and the contact form work
 * before the app's code runs, as plain form posts answered by a redirect.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from './http-error.ts';

/** A form's body is small: two fields and a path. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * Lets the routes of `app` (an encapsulated plugin) read `application/x-www-form-urlencoded` bodies, as a
 * browser posts a form without JavaScript: one value per name (the last one), every value a string.
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/**
 * A form post must come from a page of this site (no login CSRF: another site cannot sign a visitor in to an
 * account of its choosing). Browsers say where a post comes from in `Sec-Fetch-Site`, or at least `Origin`.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin') return;
    throw new HttpError(403, 'This form can only be sent from this site', { code: 'CROSS_SITE_FORM' });
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host !== request.host) {
    throw new HttpError(403, 'This form can only be sent from this site', { code: 'CROSS_SITE_FORM' });
  }
}
