import { useSearchParams } from 'react-router';

import { safeReturnTo } from '../../../lib/auth/return-to.ts';

/** The validated `returnTo` of the current URL, or null. */
export function useReturnTo(): string | null {
  const [searchParams] = useSearchParams();
  return safeReturnTo(searchParams.get('returnTo'));
}

/** Appends the current `returnTo` to a link between the sign-in and registration pages. */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?${new URLSearchParams({ returnTo }).toString()}` : path;
}
