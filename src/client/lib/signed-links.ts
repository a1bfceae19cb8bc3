import type { Query } from '@tanstack/react-query';

/**
 * Signed content links (`/api/files/<id>/content?exp=…&sig=…`, ADR 018/033) work for 2½ to 5 minutes, so
 * that someone whose permission ended (removed from a board) loses the files soon after. A query whose answer
 * holds such links is therefore asked again shortly before the first of them expires, while its page is
 * shown and in focus, and at once when the window is focused again with links about to expire: pictures
 * keep loading and downloads keep working however long a page stays open. Queries without links are not
 * affected.
 */

/** Ask again this long before the first link expires. */
export const LINK_REFRESH_MARGIN_MS = 30_000;
/** Never more often than this, whatever the links say. */
const MIN_INTERVAL_MS = 10_000;
/** A walk over an answer stops after this many values (a large list is still far below it). */
const MAX_NODES = 100_000;

/**
 * `/api/files/<id>/content?exp=…&sig=…`, and the file manager's per-person item links
 * `/api/files/items/<id>/content?u=…&exp=…&sig=…` (issue 27).
 */
const LINK = /\/api\/files\/(?:items\/)?[^/?#]+\/content\?(?:u=[\w-]+&)?exp=(\d+)&sig=/g;

function linkExpiryOf(text: string): number | null {
  if (!text.includes('/content?')) return null;
  let earliest: number | null = null;
  for (const match of text.matchAll(LINK)) {
    const exp = Number(match[1]) * 1000;
    if (earliest === null || exp < earliest) earliest = exp;
  }
  return earliest;
}

/** Query answers are immutable: one walk per answer. */
const cache = new WeakMap<object, number | null>();

/** When the first signed content link in `data` expires (ms since the epoch), or null without any. */
export function earliestLinkExpiry(data: unknown): number | null {
  if (typeof data === 'string') return linkExpiryOf(data);
  if (typeof data !== 'object' || data === null) return null;
  const cached = cache.get(data);
  if (cached !== undefined) return cached;

  let earliest: number | null = null;
  let nodes = 0;
  const stack: unknown[] = [data];
  const seen = new Set<object>();
  while (stack.length && nodes < MAX_NODES) {
    const value = stack.pop();
    nodes++;
    if (typeof value === 'string') {
      const exp = linkExpiryOf(value);
      if (exp !== null && (earliest === null || exp < earliest)) earliest = exp;
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      const known = cache.get(value);
      if (known !== undefined) {
        if (known !== null && (earliest === null || known < earliest)) earliest = known;
      } else {
        stack.push(...(Array.isArray(value) ? value : Object.values(value)));
      }
    }
  }
  cache.set(data, earliest);
  return earliest;
}

type AnyQuery = Query<unknown, Error, unknown, readonly unknown[]>;

/** `refetchInterval`: shortly before the answer's first link expires; no polling without links. */
export function refetchBeforeLinksExpire(query: AnyQuery, now = Date.now()): number | false {
  const expiry = earliestLinkExpiry(query.state.data);
  if (expiry === null) return false;
  return Math.max(MIN_INTERVAL_MS, expiry - now - LINK_REFRESH_MARGIN_MS);
}

/** `refetchOnWindowFocus`: back in a window whose links expired meanwhile (or are about to), ask again. */
export function refetchIfLinksExpiring(query: AnyQuery, now = Date.now()): boolean | 'always' {
  const expiry = earliestLinkExpiry(query.state.data);
  return expiry !== null && expiry - now <= LINK_REFRESH_MARGIN_MS ? 'always' : false;
}
