import { and, asc, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createTestDb } from '../testing/test-db.ts';
import { UNUSABLE_PASSWORD_HASH } from './passwords.ts';
import { escapeLike, matches, nameKey, prefixQuery } from './search.ts';

describe('prefixQuery', () => {
  it('makes each word a prefix, all of them required', () => {
    expect(prefixQuery('inv rep')).toBe('inv:* & rep:*');
    expect(prefixQuery('Leather  JACK')).toBe('leather:* & jack:*');
  });

  it('keeps letters and digits of any script and drops everything else, tsquery syntax included', () => {
    expect(prefixQuery("Café-2024 ; d'or")).toBe('café:* & 2024:* & d:* & or:*');
    expect(prefixQuery('a|b & !c:*')).toBe('a:* & b:* & c:*');
    expect(prefixQuery('Đà Nẵng 北京')).toBe('đà:* & nẵng:* & 北京:*');
  });

  it('takes at most eight words, and is null without any', () => {
    expect(prefixQuery('1 2 3 4 5 6 7 8 9 10')).toBe('1:* & 2:* & 3:* & 4:* & 5:* & 6:* & 7:* & 8:*');
    expect(prefixQuery('')).toBeNull();
    expect(prefixQuery(' -- !! ')).toBeNull();
  });
});

describe('escapeLike', () => {
  it('makes %, _ and \\ match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain words')).toBe('plain words');
  });
});

describe('matches and nameKey (people search)', () => {
  let database: Database;
  const person = (firstName: string, lastName: string, status: 'active' | 'pending' = 'active') =>
    database.db.insert(users).values({
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      firstName,
      lastName,
      status,
      passwordHash: UNUSABLE_PASSWORD_HASH,
    });

  beforeAll(async () => {
    database = await createTestDb();
    await person('Ada', 'Lovelace');
    await person('Grace', 'Hopper');
    await person('Adalbert', 'Stifter', 'pending');
    await person('Percent', '100%_sure');
  });
  afterAll(() => database.close());

  const namesWhere = async (where: SQL | undefined) =>
    (await database.db.select({ name: nameKey }).from(users).where(where).orderBy(asc(nameKey))).map(
      (r) => r.name,
    );

  it('finds a part of a name or address, case-insensitively', async () => {
    expect(await namesWhere(matches(nameKey, 'LOVEL'))).toEqual(['ada lovelace']);
    expect(await namesWhere(matches(users.searchText, 'hopper@'))).toEqual(['grace hopper']);
  });

  it('narrows to a status and a role', async () => {
    expect(await namesWhere(matches(nameKey, 'ada'))).toEqual(['ada lovelace', 'adalbert stifter']);
    expect(await namesWhere(matches(nameKey, 'ada', { status: 'active' }))).toEqual(['ada lovelace']);
    expect(await namesWhere(matches(nameKey, 'ada', { role: 'admin' }))).toEqual([]);
  });

  it('takes % and _ in the term literally', async () => {
    expect(await namesWhere(matches(nameKey, '0%_s'))).toEqual(['percent 100%_sure']);
    expect(await namesWhere(and(matches(nameKey, '%'), eq(users.firstName, 'Ada')))).toEqual([]);
  });
});
