/** Account figures for the overview dashboards (ADR 036): read-only, over a date range. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { fillMonths, type DateRange, type StatsScope } from '../../lib/date-range.ts';
import { rollupPeriods, rollupSums, rollupTrends } from '../../lib/rollups.ts';

// The accounts are summed ahead by their triggers (drizzle/0028_overview-rollups.sql, ADR 036 "Rollups,
// measured"): `users` (n accounts, a of them with a verified address, b with a complete profile, by their
// creation) and `users.country` (key: the profile's country now; n accounts).

/**
 * New accounts, administrators only (undefined for anyone else): accounts created in the period, whatever
 * their status now, by the viewer's day.
 */
export async function newAccounts(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<TrendFigure | undefined> {
  return scope.isAdmin
    ? (await rollupTrends(db, 'users', range, { created: (s) => s.n }, { measures: ['n'] })).created
    : undefined;
}

/** How many of `total` accounts have something (`part`), in the period and in the previous one. */
export interface RateFigure {
  part: number;
  total: number;
  previousPart: number;
  previousTotal: number;
}

/** Of the accounts created in the period (and in the previous one), how many have verified (a) or completed (b). */
async function shareOfNewAccounts(db: Db, range: DateRange, part: 'a' | 'b'): Promise<RateFigure> {
  const { current, previous } = await rollupPeriods(db, 'users', range, { measures: ['n', part] });
  const now = current.get('');
  const before = previous.get('');
  return {
    part: now?.[part] ?? 0,
    total: now?.n ?? 0,
    previousPart: before?.[part] ?? 0,
    previousTotal: before?.n ?? 0,
  };
}

/**
 * New accounts and the verified-email and profile-completion rates (as `newAccounts`, `verifiedEmails` and
 * `completeProfiles` give them) from one read, administrators only (all undefined for anyone else).
 */
export async function accountFigures(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<{
  newAccounts: TrendFigure | undefined;
  verifiedEmails: RateFigure | undefined;
  completeProfiles: RateFigure | undefined;
}> {
  if (!scope.isAdmin)
    return { newAccounts: undefined, verifiedEmails: undefined, completeProfiles: undefined };
  const { created, verified, complete } = await rollupTrends(
    db,
    'users',
    range,
    { created: (s) => s.n, verified: (s) => s.a, complete: (s) => s.b },
    { measures: ['n', 'a', 'b'] },
  );
  const rate = (part: TrendFigure): RateFigure => ({
    part: part.value,
    total: created.value,
    previousPart: part.previous,
    previousTotal: created.previous,
  });
  return { newAccounts: created, verifiedEmails: rate(verified), completeProfiles: rate(complete) };
}

/**
 * The verified-email rate, administrators only (undefined for anyone else): of the accounts created in the
 * period (the new accounts figure), how many have verified their address by now. A cohort of new accounts
 * rather than every account, because verification has no date of its own and the range must mean
 * something.
 */
export async function verifiedEmails(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<RateFigure | undefined> {
  return scope.isAdmin ? shareOfNewAccounts(db, range, 'a') : undefined;
}

/**
 * What makes a profile complete (the profile-completion rate, and the widget's tooltip): a picture, a phone
 * number, a country, a city and a few words about oneself, besides the name every account has. The other
 * fields (state, address, postal code, company, cover, social links) are optional for everyone.
 */
export const COMPLETE_PROFILE = sql`(${users.avatarUrl} is not null and ${users.phone} <> ''
  and ${users.country} <> '' and ${users.city} <> '' and ${users.about} <> '')`;

/**
 * The profile-completion rate, administrators only (undefined for anyone else): of the accounts created in
 * the period, how many have a complete profile now (`COMPLETE_PROFILE`).
 */
export async function completeProfiles(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<RateFigure | undefined> {
  return scope.isAdmin ? shareOfNewAccounts(db, range, 'b') : undefined;
}

/** One line of the accounts-by-country chart: a country, the other countries together, or no country. */
export interface CountrySeries {
  kind: 'country' | 'other' | 'unknown';
  /** The country as people wrote it on their profile ('' for `other` and `unknown`). */
  country: string;
  /** New accounts in each month of the year, January first. */
  months: number[];
}

/**
 * New accounts per month of `year` (the viewer's months) by profile country, administrators only
 * (undefined for anyone else): the `limit` countries with the most new accounts that year, each on its
 * own line (most first, ties by name), then the other countries together and the accounts without a
 * country, each only when it has any. The country is the one on the profile now.
 */
export async function accountsByCountry(
  db: Db,
  scope: StatsScope,
  year: number,
  timeZone: string,
  limit = 5,
): Promise<{ year: number; series: CountrySeries[] } | undefined> {
  if (!scope.isAdmin) return undefined;
  // The viewer's months of the year: 13 boundaries, twelve intervals.
  const months = Array.from({ length: 13 }, (_, i) =>
    i === 12 ? `${year + 1}-01-01` : `${year}-${String(i + 1).padStart(2, '0')}-01`,
  );
  const sums = await rollupSums(db, 'users.country', months, timeZone, { measures: ['n'] });
  const rows = sums.flatMap((byCountry, i) =>
    [...byCountry].flatMap(([country, s]) => (s.n ? [{ country, month: i + 1, value: s.n }] : [])),
  );
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.country) totals.set(row.country, (totals.get(row.country) ?? 0) + Number(row.value));
  }
  const top = [...totals]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([country]) => country);
  const topSet = new Set(top);
  const series: CountrySeries[] = top.map((country) => ({
    kind: 'country',
    country,
    months: fillMonths(rows.filter((row) => row.country === country)),
  }));
  const other = rows.filter((row) => row.country && !topSet.has(row.country));
  const unknown = rows.filter((row) => !row.country);
  if (other.length) series.push({ kind: 'other', country: '', months: fillMonths(other) });
  if (unknown.length) series.push({ kind: 'unknown', country: '', months: fillMonths(unknown) });
  return { year, series };
}
