export { safeReturnTo } from '#shared/lib/return-to.ts';

export function loginPathWithReturnTo(loginPath: string, returnTo: string): string {
  return `${loginPath}?${new URLSearchParams({ returnTo }).toString()}`;
}
