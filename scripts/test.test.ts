import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

import { formatSeconds, postgresSpecs, steps } from './test.ts';

describe('npm test steps', () => {
  it('runs the browser specs on PostgreSQL only when a server is named, against the same build', () => {
    const withoutPg = steps(undefined).map((step) => step.name);
    const withPg = steps('postgres://postgres@127.0.0.1:5432/test');
    expect(withoutPg).not.toContain('browser specs on PostgreSQL');
    expect(withPg.filter((step) => step.command[1] === 'build')).toHaveLength(1);
    const pgStep = withPg.find((step) => step.env?.E2E_DATABASE_URL);
    expect(pgStep?.command.slice(2)).toEqual(postgresSpecs);
  });

  it('names browser specs that exist', () => {
    for (const spec of postgresSpecs) expect(fs.existsSync(spec), spec).toBe(true);
  });

  it('prints minutes and seconds', () => {
    expect(formatSeconds(0)).toBe('0m00s');
    expect(formatSeconds(2542)).toBe('42m22s');
  });
});
