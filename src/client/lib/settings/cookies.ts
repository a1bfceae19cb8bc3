/** Small document.cookie helpers (the settings cookies are read synchronously before the first render). */

export type CookieOptions = { days?: number; path?: string };

/** `name=value; path=/; expires=…; max-age=…; SameSite=Lax` */
export function serializeCookie(
  name: string,
  value: string,
  { days, path = '/' }: CookieOptions = {},
  now: Date = new Date(),
): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${path}`];
  if (days !== undefined) {
    const seconds = Math.round(days * 24 * 60 * 60);
    parts.push(`expires=${new Date(now.getTime() + seconds * 1000).toUTCString()}`, `max-age=${seconds}`);
  }
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const entry of document.cookie.split(';')) {
    const cookie = entry.trim();
    if (cookie.startsWith(prefix)) {
      try {
        return decodeURIComponent(cookie.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, options);
}

export function removeCookie(name: string, path = '/'): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; SameSite=Lax`;
}
