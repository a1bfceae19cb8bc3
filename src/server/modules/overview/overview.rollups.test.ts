/**
 * The administrators' workspace figures read rollups the tables' triggers keep, and active people kept once
 * a period is over (ADR 036, "Rollups, measured"): whatever the accounts, sign-ins, chat messages and mails
 * went through (written now or into the past, edited, deleted, their person re-filed or deleted), the app
 * overview answers what the tables themselves add up to, recomputed here in plain SQL as the figures were
 * first written, in zones whose days start on the half hour, the quarter hour, or change with daylight saving.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AppOverview } from '#shared/contract/overview.ts';

import { sessions } from '../../db/schema/index.ts';
import { daysOf, previousPeriod, rowsOf, type DateRange } from '../../lib/date-range.ts';
import { apiCalls, login } from '../../testing/http.ts';
import { member, quickMembers, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { deviceOf, devices, type DeviceSplit } from '../account/account.stats.ts';

let t: TestApp;
let admin: Member;
const { call, ok } = apiCalls(() => t.app);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1) Mobile Safari/537.36 Edge/15.15063',
  'Mozilla/5.0 (Linux; U; Android 4.0.3; Tablet) AppleWebKit/534.30',
  'Opera/9.80 (Macintosh; Intel Mac OS X; U; en) Presto/2.2.15 Version/10.00',
  'curl/8.5.0',
  'node',
  '',
];

const q = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(statement));
const within = (column: ReturnType<typeof sql>, r: DateRange) =>
  sql`${column} >= (${r.from}::date::timestamp at time zone ${r.timeZone}::text)
    and ${column} < ((${r.to}::date + 1)::timestamp at time zone ${r.timeZone}::text)`;
const start = (day: string, r: DateRange) => sql`(${day}::date::timestamp at time zone ${r.timeZone}::text)`;

/** A count per viewer's day over the range, and over the range and its previous period. */
async function rawCount(range: DateRange, rows: (r: DateRange) => ReturnType<typeof sql>) {
  const total = async (r: DateRange) =>
    Number((await q<{ n: unknown }>(sql`select count(*)::int as n from (${rows(r)}) x`))[0]?.n);
  return {
    value: await total(range),
    previous: await total(previousPeriod(range)),
    series: await Promise.all(
      daysOf(range).map(async (day) => ({ day, value: await total({ ...range, from: day, to: day }) })),
    ),
  };
}

/** People with a session in use in the period (started before its end, last used after its start). */
const activeIn = async (r: DateRange) =>
  Number(
    (
      await q<{ n: unknown }>(sql`select count(distinct user_id)::int as n from sessions
        where created_at < ((${r.to}::date + 1)::timestamp at time zone ${r.timeZone}::text)
          and last_used_at >= ${start(r.from, r)}`)
    )[0]?.n,
  );

const splitOf = (rows: Array<{ user_agent: string | null; n: unknown }>) => {
  const split = Object.fromEntries(devices.map((d) => [d, 0])) as DeviceSplit;
  for (const row of rows) split[deviceOf(row.user_agent)] += Number(row.n);
  return split;
};

/** What the app overview should answer an administrator, from the tables themselves. */
async function rawApp(range: DateRange, year: number) {
  const chat = await rawCount(
    range,
    (r) => sql`select 1 from chat_messages where deleted_at is null and ${within(sql`created_at`, r)}`,
  );
  const mail = await rawCount(
    range,
    (r) => sql`select 1 from mail_messages where ${within(sql`sent_at`, r)}`,
  );
  const devicesIn = async (r: DateRange) =>
    splitOf(
      await q(
        sql`select user_agent, count(*)::int as n from sessions where ${within(sql`created_at`, r)} group by 1`,
      ),
    );
  const cohort = async (r: DateRange, condition: ReturnType<typeof sql>) =>
    (
      await q<{ part: number; total: number }>(sql`select (count(*) filter (where ${condition}))::int as part,
        count(*)::int as total from users where ${within(sql`created_at`, r)}`)
    )[0]!;
  const rate = async (condition: ReturnType<typeof sql>) => {
    const [now, before] = [await cohort(range, condition), await cohort(previousPeriod(range), condition)];
    return { part: now.part, total: now.total, previousPart: before.part, previousTotal: before.total };
  };
  const byMonth = await q<{ country: string; month: number; n: number }>(
    sql`select country, extract(month from (created_at at time zone ${range.timeZone}::text))::int as month,
        count(*)::int as n from users
      where ${within(sql`created_at`, { from: `${year}-01-01`, to: `${year}-12-31`, timeZone: range.timeZone })}
      group by 1, 2`,
  );
  const top = await q<{ country: string; people: number; n: number }>(
    sql`select u.country, count(distinct s.user_id)::int as people, count(*)::int as n
      from sessions s join users u on u.id = s.user_id where ${within(sql`s.created_at`, range)} and u.country <> ''
      group by 1 order by 2 desc, 3 desc, u.country collate "C" limit 5`,
  );
  const countryDevices = async (country: string) =>
    splitOf(
      await q(sql`select s.user_agent, count(*)::int as n from sessions s join users u on u.id = s.user_id
        where ${within(sql`s.created_at`, range)} and u.country = ${country} group by 1`),
    );
  return {
    activePeople: {
      value: await activeIn(range),
      previous: await activeIn(previousPeriod(range)),
      series: await Promise.all(
        daysOf(range).map(async (day) => ({ day, value: await activeIn({ ...range, from: day, to: day }) })),
      ),
    },
    newAccounts: await rawCount(range, (r) => sql`select 1 from users where ${within(sql`created_at`, r)}`),
    messages: {
      value: chat.value + mail.value,
      previous: chat.previous + mail.previous,
      series: chat.series.map((point, i) => ({ day: point.day, value: point.value + mail.series[i]!.value })),
    },
    sessionsByDevice: { current: await devicesIn(range), previous: await devicesIn(previousPeriod(range)) },
    byMonth,
    topCountries: await Promise.all(
      top.map(async (row) => ({
        country: row.country,
        people: row.people,
        devices: await countryDevices(row.country),
      })),
    ),
    verifiedEmails: await rate(sql`email_verified`),
    completeProfiles: await rate(
      sql`avatar_url is not null and phone <> '' and country <> '' and city <> '' and about <> ''`,
    ),
  };
}

/** The viewer's day `days` before today. */
const dayBefore = (timeZone: string, days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);
};

async function expectOverviewToMatchTables(ranges: Array<[string, number, number]>) {
  for (const [timeZone, back, length] of ranges) {
    const range = { from: dayBefore(timeZone, back + length - 1), to: dayBefore(timeZone, back), timeZone };
    const year = Number(range.to.slice(0, 4));
    const where = `${timeZone}, ${range.from} to ${range.to}`;
    // Twice: the second answer reads the active people kept by the first.
    for (const pass of [1, 2]) {
      const answer = await ok<AppOverview>(
        admin,
        'GET',
        `/overview/app?from=${range.from}&to=${range.to}&tz=${encodeURIComponent(timeZone)}`,
      );
      const raw = await rawApp(range, year);
      expect(answer.activePeople, `${where} (${pass})`).toEqual(raw.activePeople);
      expect(answer.newAccounts, where).toEqual(raw.newAccounts);
      expect(answer.messages, where).toEqual(raw.messages);
      expect(answer.sessionsByDevice, where).toEqual(raw.sessionsByDevice);
      expect(answer.verifiedEmails, where).toEqual(raw.verifiedEmails);
      expect(answer.completeProfiles, where).toEqual(raw.completeProfiles);
      expect(answer.topCountries, where).toEqual(raw.topCountries);
      const months = new Map<string, number[]>();
      for (const row of raw.byMonth) {
        const list = months.get(row.country) ?? Array.from({ length: 12 }, () => 0);
        list[row.month - 1]! += row.n;
        months.set(row.country, list);
      }
      for (const line of answer.accountsByRegion!.series.filter((s) => s.kind === 'country')) {
        expect(line.months, `${where}: ${line.country}`).toEqual(months.get(line.country));
      }
    }
    // Not an empty workspace.
    if (length > 300) expect(hasData(await rawApp(range, year)), where).toBe(true);
  }
  expect((await q<{ n: number }>(sql`select count(*)::int as n from rollup_deltas`))[0]?.n).toBe(0);
}

const hasData = (raw: Awaited<ReturnType<typeof rawApp>>) =>
  raw.activePeople.value > 0 &&
  raw.newAccounts.value > 0 &&
  raw.messages.value > 0 &&
  raw.topCountries.length > 1;

describe('workspace figures from the rollups', () => {
  let people: Member[];

  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 1_000_000 });
    admin = await member(t.app, 'Grace', 'Hopper');
    people = await quickMembers(t.app, t.database.db, 12, 'Roll');
  });
  afterAll(() => t?.close());

  it('reads a User-Agent as the sessions list does', async () => {
    const rows = await q<{ agent: string; device: string }>(
      sql`select a as agent, atrium_user_agent_device(a) as device from unnest(${`{${AGENTS.map((a) => `"${a}"`).join(',')}}`}::text[]) a`,
    );
    for (const row of rows) expect(row.device, row.agent).toBe(deviceOf(row.agent));
    expect(new Set(rows.map((row) => row.device))).toEqual(new Set(devices));
  });

  it('adds up accounts, sign-ins, messages and mail, in the past and today', async () => {
    const db = t.database.db;
    const countries = ['France', 'Japan', 'India', '', 'Brazil', 'France'];
    for (const [i, person] of people.entries()) {
      // Created over the last two years, many on a day's edge in a zone: 18:30 and 18:15 UTC (Kolkata,
      // Kathmandu), 04:00 and 05:00 (New York); a minute either side.
      const at =
        Math.floor((NOW - (i + 1) * 53 * DAY) / DAY) * DAY +
        [18.5, 18.25, 4, 5][i % 4]! * HOUR +
        [0, -60_000, 60_000][i % 3]!;
      await db.execute(sql`update users set created_at = ${iso(at)}::timestamptz, country = ${countries[i % 6]!},
          email_verified = ${i % 3 === 0}, city = ${i % 2 ? 'Lyon' : ''}, phone = '+33 1', about = 'Hi',
          avatar_url = ${i % 4 === 1 ? null : '/a.png'}
        where id = ${person.id}`);
    }
    // Sign-ins through the API today, from several devices.
    for (const [i, agent] of AGENTS.entries()) {
      const res = await login(t.app, admin.email, undefined, { userAgent: agent || undefined });
      expect(res.statusCode, res.body).toBe(200);
      if (i > 5) break;
    }
    // Sign-ins in the past: visits of minutes to hours, some across a day's edge.
    await db.insert(sessions).values(
      Array.from({ length: 80 }, (_, i) => {
        const person = people[i % people.length]!;
        const startAt = NOW - (i * 9 + 2) * DAY - (i % 7) * 3 * HOUR - 30 * 60_000 * (i % 2);
        return {
          userId: person.id,
          refreshHash: 'x',
          userAgent: AGENTS[i % AGENTS.length] || null,
          createdAt: new Date(startAt),
          lastUsedAt: new Date(startAt + ((i % 5) + 1) * 47 * 60_000),
          expiresAt: new Date(startAt + 12 * HOUR),
        };
      }),
    );
    // A session used again, as the auth check does (its last use moves on).
    await db.execute(sql`update sessions set last_used_at = now() where user_id = ${admin.id}`);
    // Chat: a conversation of two, messages over two years, some deleted; mail sent and drafts.
    const [conversation] = await q<{ id: string }>(
      sql`insert into chat_conversations (type) values ('ONE_TO_ONE') returning id`,
    );
    await db.execute(sql`insert into chat_participants (conversation_id, user_id) values
      (${conversation!.id}, ${people[0]!.id}), (${conversation!.id}, ${people[1]!.id})`);
    await db.execute(sql`insert into chat_messages (conversation_id, sender_id, client_id, body, created_at)
      select ${conversation!.id}, ${people[0]!.id}, 'roll-' || n, 'hi',
        ${iso(NOW)}::timestamptz - make_interval(mins => n * 1441 + (n % 4) * 15) from generate_series(0, 700) n`);
    await db.execute(sql`update chat_messages set deleted_at = now() where client_id like 'roll-%3'`);
    await db.execute(sql`insert into mail_messages (sender_id, "from", subject, sent_at)
      select ${people[2]!.id}, '{"name":"R","email":"r@example.com"}'::jsonb, 'm' || n,
        case when n % 5 = 0 then null else ${iso(NOW)}::timestamptz - make_interval(mins => n * 997) end
      from generate_series(0, 300) n`);
    await db.execute(sql`delete from mail_messages where subject = 'm7'`);
    await expectOverviewToMatchTables([
      ['UTC', 0, 30],
      ['Asia/Kolkata', 0, 30],
      ['Asia/Kathmandu', 0, 365],
      ['America/New_York', 0, 365],
      ['Asia/Kolkata', 40, 20],
    ]);
  });

  it('follows people who change country, verify or leave, and sessions written into the past', async () => {
    const db = t.database.db;
    await db.execute(
      sql`update users set country = 'Japan', email_verified = true where id = ${people[0]!.id}`,
    );
    await db.execute(sql`update users set about = '' where id = ${people[4]!.id}`);
    expect((await call(admin, 'DELETE', `/users/${people[5]!.id}`)).statusCode).toBe(204);
    // A visit written today into a day that is over (kept counts of that day must not stay).
    await db.insert(sessions).values({
      userId: people[6]!.id,
      refreshHash: 'x',
      userAgent: AGENTS[2],
      createdAt: new Date(NOW - 3 * DAY),
      lastUsedAt: new Date(NOW - 3 * DAY + HOUR),
      expiresAt: new Date(NOW - 2 * DAY),
    });
    await expectOverviewToMatchTables([
      ['Asia/Kolkata', 0, 30],
      ['America/New_York', 0, 365],
      ['Asia/Kolkata', 40, 20],
    ]);
  });
});
