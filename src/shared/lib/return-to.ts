/** Any base works: a path that starts with a single '/' keeps the base's origin, whatever it is. */
const BASE = 'http://atrium.invalid';

/**
 * A `returnTo` value is followed only if it is a path on this origin: it starts with a single '/', has no
 * backslash or control character (browsers read '/\evil' as '//evil') and resolves to this origin. The same
 * answer in the browser and on the server (the sign-in form without JavaScript, the server's render).
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
