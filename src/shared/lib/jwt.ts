/**
 * Reads the `exp` claim of a JWT without verifying it. The client uses it to decide whether a stored token
 * is still worth sending (spec §5); the server always verifies the signature.
 */
export function readTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as unknown;
    if (typeof json !== 'object' || json === null) return null;
    const exp = (json as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** A stored access token is valid only if its exp claim is later than now (spec §5, seconds). */
export function isTokenValid(token: string | null | undefined, nowMs = Date.now()): boolean {
  if (!token) return false;
  const exp = readTokenExpiry(token);
  return exp !== null && exp > nowMs / 1000;
}
