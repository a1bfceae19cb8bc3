import { paths } from '../../../config/paths.ts';

export type VerifyMode = 'verify-email' | 'reset';

/** `/auth/verify?mode=reset&email=…` (the default mode, verify-email, is left out of the URL). */
export function verifyPath({ mode = 'verify-email', email }: { mode?: VerifyMode; email?: string }): string {
  const params = new URLSearchParams();
  if (mode === 'reset') params.set('mode', 'reset');
  if (email) params.set('email', email);
  const search = params.toString();
  return search ? `${paths.auth.verify}?${search}` : paths.auth.verify;
}

/** `/auth/new-password?email=…`; the code travels in router state, never in the URL. */
export function newPasswordPath(email: string | undefined): string {
  return email
    ? `${paths.auth.newPassword}?${new URLSearchParams({ email }).toString()}`
    : paths.auth.newPassword;
}
