/**
 * A 500-request slice of the fuzz suite (issue 32 A; the 10,000-request run is `npm run bench:fuzz`): requests
 * drawn from every registered route's zod schemas, signed out, as a member and as an administrator, with the
 * suite's fixed seed, then malformed frames to the real-time socket. No 5xx, a JSON `message` on every 4xx,
 * and the server answers its health check after each frame. Runs on PGlite and, in `server-pg`, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from './db/client.ts';
import { DEFAULT_FUZZ_SEED, fuzzTarget, runFuzz, statusTable, tokenFor } from './testing/fuzz.ts';
import { createTestDb } from './testing/test-db.ts';

describe('fuzzing every route from its contract', () => {
  let database: Database;
  let target: Awaited<ReturnType<typeof fuzzTarget>>;

  beforeAll(async () => {
    database = await createTestDb();
    target = await fuzzTarget(database);
  });
  afterAll(async () => {
    await target?.app.close();
    await database?.close();
  });

  it('answers 500 generated requests and 10 malformed socket frames without a 5xx', async () => {
    const result = await runFuzz(target, { seed: DEFAULT_FUZZ_SEED, runs: 500, socketRuns: 10 });
    expect(result.failures).toEqual([]);
    const [total] = statusTable(result).slice(-1);
    expect(total).toMatchObject({ requests: 510, 'up after': 10 });
    // Valid requests get through validation to the handlers, not only refusals.
    expect(Number(total!['2xx'])).toBeGreaterThan(50);
  }, 120_000);

  // What the fuzz found, each kept as a plain request.
  it('keeps a banking rule as it was on an empty PATCH (was a 500: drizzle refuses an empty update)', async () => {
    const headers = await tokenFor(target.app, target.memberId);
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      target.app.inject({ method, url: `/api/banking${url}`, headers, ...(payload && { payload }) });
    const { categories } = (await inject('GET', '/categories')).json<{ categories: Array<{ id: string }> }>();
    const created = await inject('POST', '/rules', { contains: 'Coffee', categoryId: categories[0]!.id });
    expect(created.statusCode).toBe(201);
    const { rule } = created.json<{ rule: { id: string } }>();
    const patched = await inject('PATCH', `/rules/${rule.id}`, {});
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ rule: created.json<{ rule: object }>().rule });
  });

  it('keeps a banking category as it was on an empty PATCH (was a 500, FUZZ_SEED=2)', async () => {
    const headers = await tokenFor(target.app, target.memberId);
    const list = await target.app.inject({ method: 'GET', url: '/api/banking/categories', headers });
    const category = list.json<{ categories: Array<{ id: string }> }>().categories[0]!;
    const patched = await target.app.inject({
      method: 'PATCH',
      url: `/api/banking/categories/${category.id}`,
      headers,
      payload: {},
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ category: { id: string } }>().category).toMatchObject(category);
  });

  it('keeps a mail label as it was on an empty PATCH (was a 500, FUZZ_SEED=5)', async () => {
    const headers = await tokenFor(target.app, target.memberId);
    const created = await target.app.inject({
      method: 'POST',
      url: '/api/mail/labels',
      headers,
      payload: { name: 'Fuzz' },
    });
    expect(created.statusCode).toBe(200);
    const { label } = created.json<{ label: { id: string; name: string } }>();
    const patched = await target.app.inject({
      method: 'PATCH',
      url: `/api/mail/labels/${label.id}`,
      headers,
      payload: {},
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ label: object }>().label).toMatchObject({ id: label.id, name: 'Fuzz' });
  });
  it('refuses an event ending after the year 9999 with a 400 (was a 500 from the database, FUZZ_SEED=5)', async () => {
    const headers = await tokenFor(target.app, target.memberId);
    const event = { title: 'YN', color: '#3f506d', allDay: false, start: '2024-01-01' };
    for (const end of [8_639_999_999_999_970, '999999999999999', 1e15]) {
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/calendar/events/new',
        headers,
        payload: { ...event, end },
      });
      expect(response.statusCode, String(end)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/date/i);
    }
    const lastDay = await target.app.inject({
      method: 'POST',
      url: '/api/calendar/events/new',
      headers,
      payload: { ...event, end: Date.UTC(9999, 11, 31) },
    });
    expect(lastDay.statusCode).toBe(200);
  });
});
