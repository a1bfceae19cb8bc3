/**
 * The country of a visitor (issue 30 A, ADR 056), offline: an IP-to-country database from npm
 * (`@ip-location-db/geo-whois-asn-country`, CC0, built from the registries' whois and ASN data), loaded once
 * per process into sorted typed arrays and searched by bisection; IPv4 and IPv6 (by its first 64 bits, the
 * routing prefix). Where it has no entry, the browser's time zone names the country (analytics.timezones.ts);
 * `ZZ` when neither does. An administrator can install a newer CSV of the same format (`start,end,country`,
 * addresses as text or numbers): it is kept in the database (analytics_settings.geo_data, gzip), so every
 * instance picks it up on its next fold round.
 *
 * Loading parses ~550,000 lines in slices that yield to the event loop, so requests are not held up; until it
 * is done the time zone answers.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

import { UNKNOWN_COUNTRY } from '#shared/contract/analytics-limits.ts';

import { countryOfTimeZone } from './analytics.timezones.ts';

export interface GeoTable {
  v4Start: Uint32Array;
  v4End: Uint32Array;
  v4Country: Uint16Array;
  v6Start: BigUint64Array;
  v6End: BigUint64Array;
  v6Country: Uint16Array;
}

const code = (cc: string) => (cc.charCodeAt(0) << 8) | cc.charCodeAt(1);
const uncode = (n: number) => String.fromCharCode(n >> 8, n & 0xff);

/** An IPv4 address as an unsigned 32-bit number, or null. */
export function ipv4Number(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

/** An IPv6 address's first 64 bits, or null. */
export function ipv6High(ip: string): bigint | null {
  if (!ip.includes(':')) return null;
  const zone = ip.indexOf('%');
  let text = zone >= 0 ? ip.slice(0, zone) : ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4Number(v4[1]!);
    if (n === null) return null;
    text = `${text.slice(0, -v4[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let high = 0n;
  for (const g of groups.slice(0, 4)) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    high = (high << 16n) | BigInt(parseInt(g, 16));
  }
  if (!groups.slice(4).every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return high;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`), or the address itself. */
const unmapped = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses `start,end,country` lines (addresses as text, or as numbers as in the `-num` files; IPv4 and IPv6
 * may be mixed) into a table. Throws on a file with no usable line. Yields to the event loop as it goes.
 */
export async function parseGeoCsv(texts: readonly string[]): Promise<GeoTable> {
  const v4: { s: number[]; e: number[]; c: number[] } = { s: [], e: [], c: [] };
  const v6: { s: bigint[]; e: bigint[]; c: number[] } = { s: [], e: [], c: [] };
  let seen = 0;
  let slice = Date.now();
  for (const text of texts) {
    let at = 0;
    while (at < text.length) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const line = text.slice(at, end).trim();
      at = end + 1;
      // Yield every ~10 ms of work, so requests keep their latency while this loads.
      if (++seen % 2_000 === 0 && Date.now() - slice > 10) {
        await yieldNow();
        slice = Date.now();
      }
      const [a, b, cc] = line.split(',');
      if (!a || !b || !cc || !/^[A-Z]{2}$/.test(cc.trim())) continue;
      const country = code(cc.trim());
      if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
        if (a.length <= 10 && Number(b) <= 0xffffffff) {
          v4.s.push(Number(a));
          v4.e.push(Number(b));
          v4.c.push(country);
        } else {
          v6.s.push(BigInt(a) >> 64n);
          v6.e.push(BigInt(b) >> 64n);
          v6.c.push(country);
        }
        continue;
      }
      const s4 = ipv4Number(a);
      const e4 = ipv4Number(b);
      if (s4 !== null && e4 !== null) {
        v4.s.push(s4);
        v4.e.push(e4);
        v4.c.push(country);
        continue;
      }
      const s6 = ipv6High(a);
      const e6 = ipv6High(b);
      if (s6 !== null && e6 !== null) {
        v6.s.push(s6);
        v6.e.push(e6);
        v6.c.push(country);
      }
    }
  }
  if (!v4.s.length && !v6.s.length) throw new Error('no IP range in the file');
  const order = <T extends number | bigint>(starts: T[]) => {
    const index = starts.map((_, i) => i);
    // The published files are sorted already: only an upload out of order pays for the sort.
    if (starts.every((v, i) => i === 0 || starts[i - 1]! <= v)) return index;
    return index.sort((x, y) => (starts[x]! < starts[y]! ? -1 : starts[x]! > starts[y]! ? 1 : 0));
  };
  const o4 = order(v4.s);
  const o6 = order(v6.s);
  return {
    v4Start: Uint32Array.from(o4, (i) => v4.s[i]!),
    v4End: Uint32Array.from(o4, (i) => v4.e[i]!),
    v4Country: Uint16Array.from(o4, (i) => v4.c[i]!),
    v6Start: BigUint64Array.from(o6, (i) => v6.s[i]!),
    v6End: BigUint64Array.from(o6, (i) => v6.e[i]!),
    v6Country: Uint16Array.from(o6, (i) => v6.c[i]!),
  };
}

/** The last range starting at or before `value`, by bisection. */
function lookup<T extends number | bigint>(
  starts: ArrayLike<T>,
  ends: ArrayLike<T>,
  countries: Uint16Array,
  value: T,
): string | undefined {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && value <= ends[found]! ? uncode(countries[found]!) : undefined;
}

/** The country of an IP address in `table`, or undefined. */
export function countryInTable(table: GeoTable, ip: string): string | undefined {
  const plain = unmapped(ip);
  const v4 = ipv4Number(plain);
  if (v4 !== null) return lookup(table.v4Start, table.v4End, table.v4Country, v4);
  const v6 = ipv6High(plain);
  return v6 === null ? undefined : lookup(table.v6Start, table.v6End, table.v6Country, v6);
}

// ── the database in use (one per process) ────────────────────────────────────────────────────────────────

const BUNDLED_PACKAGE = '@ip-location-db/geo-whois-asn-country';

interface Loaded {
  /** null: the bundled database; otherwise the upload's install time (ISO). */
  version: string | null;
  table: GeoTable;
}

let current: Loaded | undefined;
let loading: Promise<void> | undefined;
let wanted: string | null = null;

async function loadBundled(): Promise<GeoTable> {
  const require = createRequire(import.meta.url);
  const dir = require.resolve(`${BUNDLED_PACKAGE}/package.json`).replace(/package\.json$/, '');
  const [v4, v6] = await Promise.all([
    readFile(`${dir}geo-whois-asn-country-ipv4-num.csv`, 'utf8'),
    readFile(`${dir}geo-whois-asn-country-ipv6-num.csv`, 'utf8'),
  ]);
  return parseGeoCsv([v4, v6]);
}

/**
 * Starts loading the bundled database if nothing is loaded (a no-op afterwards). Resolves once loaded.
 */
export function loadGeo(): Promise<void> {
  loading ??= loadBundled()
    .then((table) => {
      // An upload installed meanwhile wins.
      if (!current) current = { version: null, table };
    })
    .catch(() => {
      loading = undefined;
    });
  return loading;
}

/** Installs a parsed database as the one in use (`version`: the upload's time; null: the bundled one). */
export function useGeoTable(table: GeoTable, version: string | null): void {
  current = { version, table };
  wanted = version;
}

/** The version in use: null for the bundled database (or none loaded yet). */
export const geoVersion = () => current?.version ?? wanted;

/** Goes back to the bundled database. */
export async function useBundledGeo(): Promise<void> {
  wanted = null;
  if (current?.version !== null) {
    current = undefined;
    loading = undefined;
  }
  await loadGeo();
}

/** Reads a stored upload (gzip of the CSV text). */
export const parseStoredGeo = (gz: Buffer) => parseGeoCsv([gunzipSync(gz).toString('utf8')]);

/**
 * The country of a visitor: the IP database's, else the time zone's, else `ZZ`. Starts loading the database
 * on first use (the time zone answers meanwhile).
 */
export function countryOf(ip: string, timeZone: string | undefined): string {
  if (!current) void loadGeo();
  const byIp = current ? countryInTable(current.table, ip) : undefined;
  if (byIp) return byIp;
  return (timeZone && countryOfTimeZone(timeZone)) || UNKNOWN_COUNTRY;
}
