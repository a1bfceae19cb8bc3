import { z } from 'zod';

import { loginInput, type LoginFormError } from '#shared/contract/account.ts';

export { safeReturnTo } from '#shared/lib/return-to.ts';

/** The sign-in form's fields: the JSON route's, and the page the visitor was going to. */
export const loginFormInput = loginInput.extend({ returnTo: z.string().max(2000).optional() });

/** The sign-in page again, with what went wrong, the email typed (never the password) and returnTo. */
export function loginPageUrl({
  error,
  email,
  returnTo,
}: {
  error: LoginFormError;
  email: unknown;
  returnTo: string | null;
}): string {
  const query = new URLSearchParams({ error });
  if (typeof email === 'string' && email.length <= 254) query.set('email', email);
  if (returnTo) query.set('returnTo', returnTo);
  return `/auth/login?${query.toString()}`;
}
