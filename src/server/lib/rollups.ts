/**
 * Reading the rollups the writes keep (schema/rollups.ts, ADR 036 "Rollups, measured"): the sums of a series
 * between viewer's days, from about one row per boundary whatever the size of the summed table.
 *
 * A viewer's day starts at midnight in their zone, which is a quarter hour of UTC (every zone since 1997 is
 * offset by a whole number of quarter hours). The sum over [t₀, t₁) is the UTC days from t₀'s to t₁'s (a
 * month row where a whole UTC month is inside, or the month less a few days), less what came before t₀ in its
 * day, plus what came before t₁ in its: one element each of those days' cumulative quarter-hour sums.
 */
import { sql, type SQL } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../db/client.ts';
import { daysOf, previousPeriod, rowsOf, todayRange, type DateRange } from './date-range.ts';

/** A rollup's sums: a count and up to three amounts (what each means depends on the series). */
export interface RollupSums {
  n: number;
  a: number;
  b: number;
  c: number;
}

/** Sums per key of the series ('' when the series is not split). */
export type KeyedSums = Map<string, RollupSums>;

export const noSums = (): RollupSums => ({ n: 0, a: 0, b: 0, c: 0 });

const DAY = 86_400_000;
const QUARTER = 900_000;
/** Quarter hours in a UTC day: the last element of a day's cumulative sums is the whole day. */
const QUARTERS = 96;

/** A PostgreSQL array literal of `values` (quoted, so any text is safe). */
const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
/** `YYYY-MM-DD` of UTC midnight `ms` (kept: the same days are asked for again and again). */
const dayTexts = new Map<number, string>();
const dayText = (ms: number) => {
  let text = dayTexts.get(ms);
  if (text === undefined) {
    if (dayTexts.size > 20_000) dayTexts.clear();
    text = new Date(ms).toISOString().slice(0, 10);
    dayTexts.set(ms, text);
  }
  return text;
};

/**
 * The values to read for an interval and how each counts (+1 or −1), by number: element `k` of UTC day `d`
 * (days since 1970) is `d × 128 + k` (k = 96: the whole day); element `j` of the month starting on day `d`
 * is `−(d × 64 + j) − 1` (j = 31: the whole month).
 */
interface Terms {
  ids: number[];
  signs: number[];
}
const dayTerm = (dayMs: number, k: number) => (dayMs / DAY) * 128 + k;
/** Element `j` of the day-by-day sums of the month starting at `monthMs` (31: the whole month). */
const monthTerm = (monthMs: number, j: number) => -((monthMs / DAY) * 64 + j) - 1;

/** The values whose sum is what happened from UTC midnight `day` to UTC midnight `end`. */
function daysTerms(day: number, end: number, into: Terms): void {
  const add = (id: number, sign: number) => {
    into.ids.push(id);
    into.signs.push(sign);
  };
  // One day (a day of a trend): its row, read anyway for the elements at its ends.
  if (end - day === DAY) return add(dayTerm(day, QUARTERS), 1);
  // Otherwise two elements of each month's day-by-day sums at most (one for a whole month).
  for (let month = monthStart(day); month < end; month = nextMonth(month)) {
    const from = Math.max(day, month);
    const to = Math.min(end, nextMonth(month));
    add(monthTerm(month, to === nextMonth(month) ? 31 : Math.round((to - month) / DAY)), 1);
    if (from > month) add(monthTerm(month, Math.round((from - month) / DAY)), -1);
  }
}

/** What happened on the UTC day of instant `t` before it, with `sign`. */
function beforeTerms(t: number, sign: number, into: Terms): void {
  const day = Math.floor(t / DAY) * DAY;
  const k = (t - day) / QUARTER;
  if (!Number.isInteger(k)) {
    throw new Error(`A day boundary off the quarter hour: ${new Date(t).toISOString()}`);
  }
  if (k > 0) {
    into.ids.push(dayTerm(day, k));
    into.signs.push(sign);
  }
}

/** Day starts already asked for (zone and day → UTC ms): zone rules do not change while the process runs. */
const knownStarts = new Map<string, number>();
const KNOWN_STARTS_MAX = 50_000;

/** The UTC instants (ms) at which the viewer's `days` start in `timeZone`, by PostgreSQL's zone rules. */
export async function dayStarts(db: Db, days: readonly string[], timeZone: string): Promise<number[]> {
  const missing = [...new Set(days.filter((day) => !knownStarts.has(`${timeZone}|${day}`)))];
  if (missing.length) {
    // One row (a row costs more than its work on PGlite).
    const [row] = rowsOf<{ at: string | null }>(
      await db.execute(sql`select string_agg((extract(epoch from (d::timestamp at time zone ${timeZone}::text)) * 1000)::bigint::text,
          ',' order by i) as at
        from unnest(${arrayLiteral(missing)}::date[]) with ordinality as u(d, i)`),
    );
    const starts = row?.at ? row.at.split(',').map(Number) : [];
    if (knownStarts.size + missing.length > KNOWN_STARTS_MAX) knownStarts.clear();
    missing.forEach((day, i) => knownStarts.set(`${timeZone}|${day}`, starts[i]!));
  }
  return days.map((day) => knownStarts.get(`${timeZone}|${day}`)!);
}

/** Reads waiting to be sent together, per database. */
const waiting = new WeakMap<
  Db,
  Array<{ read: SQL; resolve: (text: string) => void; reject: (e: unknown) => void }>
>();
/** At most this many reads in one statement. */
const TOGETHER_MAX = 24;

/**
 * Runs `read` (a statement answering one row of one text column) in one statement with the other reads of
 * the same moment: a dashboard's figures ask for theirs at once, and on PGlite planning and sending a
 * statement costs as much as a small read. Sent when the reads of this turn of the event loop are in.
 */
function readTogether(db: Db, read: SQL): Promise<string> {
  return new Promise((resolve, reject) => {
    let queue = waiting.get(db);
    if (!queue) {
      queue = [];
      waiting.set(db, queue);
      setImmediate(() => {
        waiting.delete(db);
        for (let i = 0; i < queue!.length; i += TOGETHER_MAX)
          void sendTogether(db, queue!.slice(i, i + TOGETHER_MAX));
      });
    }
    queue.push({ read, resolve, reject });
  });
}

async function sendTogether(
  db: Db,
  reads: Array<{ read: SQL; resolve: (text: string) => void; reject: (e: unknown) => void }>,
): Promise<void> {
  try {
    const [row] = rowsOf<Record<string, string | null>>(
      await db.execute(
        sql`select ${sql.join(
          reads.map(({ read }, i) => sql`(${read}) as ${sql.raw(`r${i}`)}`),
          sql`, `,
        )}`,
      ),
    );
    reads.forEach(({ resolve }, i) => resolve(row?.[`r${i}`] ?? ''));
  } catch (error) {
    for (const { reject } of reads) reject(error);
  }
}

export type Measure = keyof RollupSums;
const MEASURES: readonly Measure[] = ['n', 'a', 'b', 'c'];

/** What to read: only these keys (all when absent), only these sums (the others read as 0). */
export interface ReadOptions {
  keys?: readonly string[] | undefined;
  measures?: readonly Measure[];
}

/**
 * The sums of `series` per key over each interval between consecutive `days` (viewer's days, ascending,
 * `YYYY-MM-DD`: interval i runs from the start of days[i] to the start of days[i + 1]), only the `keys`
 * given when given. Two statements: the boundaries' instants, then the values (about one row per boundary,
 * a month row per whole UTC month between two boundaries).
 */
export async function rollupSums(
  db: Db,
  series: string,
  days: readonly string[],
  timeZone: string,
  { keys, measures = MEASURES }: ReadOptions = {},
): Promise<KeyedSums[]> {
  const starts = await dayStarts(db, days, timeZone);
  const intervals: Terms[] = [];
  const wanted = new Set<number>();
  for (let i = 0; i + 1 < starts.length; i++) {
    const from = starts[i]!;
    const to = starts[i + 1]!;
    const terms: Terms = { ids: [], signs: [] };
    daysTerms(Math.floor(from / DAY) * DAY, Math.floor(to / DAY) * DAY, terms);
    beforeTerms(from, -1, terms);
    beforeTerms(to, 1, terms);
    intervals.push(terms);
    for (const id of terms.ids) wanted.add(id);
  }
  if (!wanted.size) return intervals.map(() => new Map());
  // Per month, the elements wanted (pairs of month and element); per UTC day, the elements wanted (the
  // whole day, what came before a boundary): one row read per day.
  const monthElements: Array<[number, number]> = [];
  const dayElements = new Map<number, number[]>();
  for (const id of wanted) {
    if (id < 0) monthElements.push([Math.floor((-id - 1) / 64), (-id - 1) % 64]);
    else {
      const day = Math.floor(id / 128);
      const ks = dayElements.get(day);
      if (!ks) dayElements.set(day, [id % 128]);
      else if (ks.length === 1) ks.push(id % 128);
      else throw new Error('More than two elements of one day');
    }
  }
  const dayList = [...dayElements.keys()];
  const keyFilter = keys ? sql`and r.key = any(${arrayLiteral(keys)}::text[])` : sql``;
  // One row (a row costs more than its work on PGlite, and JSON more than text): the keys as a JSON array,
  // then the months as `month,element,key index,…sums;…` and the days as `day,k₁,k₂,key index,…each sum's
  // two elements;…` (months and days counted in days since 1970). A sum the series does not use is an
  // empty array: its elements read as 0.
  const monthSums = sql.raw(measures.map((m) => `coalesce(r.${m}_days[w.j], 0) as ${m}`).join(', '));
  const monthOut = sql.raw(measures.map((m) => `m.${m}`).join(', '));
  const daySums = sql.raw(
    measures.map((m) => `coalesce(r.${m}[w.k1], 0) as ${m}1, coalesce(r.${m}[w.k2], 0) as ${m}2`).join(', '),
  );
  const dayOut = sql.raw(measures.map((m) => `d.${m}1, d.${m}2`).join(', '));
  const answer = await readTogether(
    db,
    sql`with m as (
        select w.i, w.j, r.key, ${monthSums}
        from unnest(${arrayLiteral(monthElements.map(([month]) => new Date(month * DAY).toISOString()))}::timestamptz[],
            ${`{${monthElements.map(([month]) => month).join(',')}}`}::int[],
            ${`{${monthElements.map(([, j]) => j).join(',')}}`}::int[]) as w(bucket, i, j)
        join rollups r on r.series = ${series} and r.grain = 'month' and r.bucket = w.bucket ${keyFilter}
      ), d as (
        select w.i, w.k1, w.k2, r.key, ${daySums}
        from unnest(${arrayLiteral(dayList.map((day) => dayText(day * DAY)))}::date[],
            ${`{${dayList.join(',')}}`}::int[],
            ${`{${dayList.map((day) => dayElements.get(day)![0]).join(',')}}`}::int[],
            ${`{${dayList.map((day) => dayElements.get(day)![1] ?? dayElements.get(day)![0]).join(',')}}`}::int[])
            as w(day, i, k1, k2)
        join rollup_days r on r.series = ${series} and r.day = w.day ${keyFilter}
      ), k as (
        select key, (row_number() over (order by key) - 1)::int as ki from (select key from m union select key from d) u
      )
      select concat_ws(chr(30), (select coalesce(json_agg(key order by ki), '[]') from k)::text,
        coalesce((select string_agg(concat_ws(',', m.i, m.j, k.ki, ${monthOut}), ';') from m join k using (key)), ''),
        coalesce((select string_agg(concat_ws(',', d.i, d.k1, d.k2, k.ki, ${dayOut}), ';') from d join k using (key)), ''))`,
  ).then((text) => {
    const [keys = '[]', months = '', days = ''] = text.split('\u001e');
    return { keys, months, days };
  });
  const keyNames = JSON.parse(answer.keys) as string[];
  // Per value read: [key index, n, a, b, c] for each key that has it.
  const values = new Map<number, number[][]>();
  const put = (id: number, entry: string[], ki: number, at: (i: number) => number) => {
    const row = [ki, 0, 0, 0, 0];
    for (let i = 0; i < measures.length; i++) row[1 + MEASURES.indexOf(measures[i]!)] = Number(entry[at(i)]);
    const list = values.get(id);
    if (list) list.push(row);
    else values.set(id, [row]);
  };
  for (const text of answer.months ? answer.months.split(';') : []) {
    const entry = text.split(',');
    put(-(Number(entry[0]) * 64 + Number(entry[1])) - 1, entry, Number(entry[2]), (i) => 3 + i);
  }
  for (const text of answer.days ? answer.days.split(';') : []) {
    const entry = text.split(',');
    const day = Number(entry[0]);
    const k1 = Number(entry[1]);
    const k2 = Number(entry[2]);
    const ki = Number(entry[3]);
    put(day * 128 + k1, entry, ki, (i) => 4 + 2 * i);
    if (k2 !== k1) put(day * 128 + k2, entry, ki, (i) => 5 + 2 * i);
  }
  return intervals.map(({ ids, signs }) => {
    const byKey: number[][] = [];
    for (let t = 0; t < ids.length; t++) {
      const sign = signs[t]!;
      for (const row of values.get(ids[t]!) ?? []) {
        const total = (byKey[row[0]!] ??= [0, 0, 0, 0]);
        total[0]! += sign * row[1]!;
        total[1]! += sign * row[2]!;
        total[2]! += sign * row[3]!;
        total[3]! += sign * row[4]!;
      }
    }
    const sums: KeyedSums = new Map();
    byKey.forEach((total, ki) =>
      sums.set(keyNames[ki]!, { n: total[0]!, a: total[1]!, b: total[2]!, c: total[3]! }),
    );
    return sums;
  });
}

/** The sums of every key together (or of `keys`). */
export function allKeys(sums: KeyedSums, keys?: readonly string[]): RollupSums {
  const total = noSums();
  for (const [key, row] of sums) {
    if (keys && !keys.includes(key)) continue;
    total.n += row.n;
    total.a += row.a;
    total.b += row.b;
    total.c += row.c;
  }
  return total;
}

/** The day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether the range reaches the viewer's today (or later): nothing of it has happened after its end. */
export const reachesToday = (range: DateRange, now = new Date()) =>
  range.to >= todayRange(range.timeZone, now).from;

/**
 * Trend figures from one read of `series` (all keys together, or `keys`): for each of `picks`, its value
 * over the range, over the previous period (one interval) and on each day of the range.
 */
export async function rollupTrends<K extends string>(
  db: Db,
  series: string,
  range: DateRange,
  picks: Record<K, (sums: RollupSums) => number>,
  options: ReadOptions = {},
): Promise<Record<K, TrendFigure>> {
  const days = daysOf(range);
  const sums = (
    await rollupSums(
      db,
      series,
      [previousPeriod(range).from, ...days, nextDay(range.to)],
      range.timeZone,
      options,
    )
  ).map((keyed) => allKeys(keyed));
  const [previous = noSums(), ...perDay] = sums;
  const figures = {} as Record<K, TrendFigure>;
  for (const name of Object.keys(picks) as K[]) {
    const pick = picks[name];
    const series = days.map((day, i) => ({ day, value: pick(perDay[i] ?? noSums()) }));
    figures[name] = {
      value: series.reduce((total, point) => total + point.value, 0),
      previous: pick(previous),
      series,
    };
  }
  return figures;
}

/** The sums of `series` per key over the range and over its previous period. */
export async function rollupPeriods(
  db: Db,
  series: string,
  range: DateRange,
  options: ReadOptions = {},
): Promise<{ current: KeyedSums; previous: KeyedSums }> {
  const [previous = new Map(), current = new Map()] = await rollupSums(
    db,
    series,
    [previousPeriod(range).from, range.from, nextDay(range.to)],
    range.timeZone,
    options,
  );
  return { current, previous };
}
