import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDb } from '../testing/test-db.ts';
import { isUniqueViolation } from './errors.ts';

let database: Database;
let app: FastifyInstance;

/** Raises a real PostgreSQL error with the given SQLSTATE and constraint name. */
const raise = (state: string, constraint = 'some_constraint') =>
  database.db.execute(
    sql.raw(
      `DO $$ BEGIN RAISE EXCEPTION 'boom' USING ERRCODE = '${state}', CONSTRAINT = '${constraint}'; END $$`,
    ),
  );

beforeAll(async () => {
  database = await createTestDb();
  app = await buildApp({ database, logger: false });
  app.get('/raise/:state', async (request) => {
    await raise((request.params as { state: string }).state);
    return { ok: true };
  });
  app.get('/named', async () => {
    try {
      await raise('23505', 'users_email_unique');
    } catch (error) {
      return { unique: isUniqueViolation(error, 'users_email_unique'), other: isUniqueViolation(error, 'x') };
    }
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('database errors', () => {
  it.each([
    ['23505', 409, 'ALREADY_EXISTS'],
    ['23503', 409, 'REFERENCE_MISSING'],
    ['23502', 400, 'INVALID_VALUE'],
    ['23514', 400, 'INVALID_VALUE'],
    ['22P02', 400, 'INVALID_VALUE'],
    ['40001', 503, 'RETRY'],
    ['40P01', 503, 'RETRY'],
  ])('SQLSTATE %s answers %i %s, with a message and no SQL', async (state, status, code) => {
    const res = await app.inject({ method: 'GET', url: `/raise/${state}` });
    expect(res.statusCode).toBe(status);
    const body = res.json<{ message: string; code: string }>();
    expect(body.code).toBe(code);
    expect(body.message).toBeTruthy();
    expect(res.body).not.toMatch(/boom|RAISE|constraint/i);
    if (status === 503) expect(res.headers['retry-after']).toBe('1');
  });

  it('any other database error stays a 500 without details', async () => {
    const res = await app.inject({ method: 'GET', url: '/raise/XX000' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong' });
  });

  it('lets a route recognise its own constraint by name', async () => {
    const res = await app.inject({ method: 'GET', url: '/named' });
    expect(res.json()).toEqual({ unique: true, other: false });
  });
});
