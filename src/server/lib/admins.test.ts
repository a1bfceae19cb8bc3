import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createTestDb } from '../testing/test-db.ts';
import { activeAdminIds, otherActiveAdminExists } from './admins.ts';
import { UNUSABLE_PASSWORD_HASH } from './passwords.ts';

describe('the active administrators', () => {
  let database: Database;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDb();
    const people = [
      ['admin', 'admin', 'active'],
      ['pendingAdmin', 'admin', 'pending'],
      ['bannedAdmin', 'admin', 'banned'],
      ['member', 'user', 'active'],
    ] as const;
    for (const [name, role, status] of people) {
      const [row] = await database.db
        .insert(users)
        .values({
          email: `${name}@example.com`,
          firstName: name,
          lastName: 'X',
          role,
          status,
          passwordHash: UNUSABLE_PASSWORD_HASH,
        })
        .returning({ id: users.id });
      ids[name] = row!.id;
    }
  });
  afterAll(() => database.close());

  it('are the administrators whose account is active', async () => {
    expect(await activeAdminIds(database.db)).toEqual([ids.admin]);
  });

  it('tell whether another one than those named remains', async () => {
    expect(await otherActiveAdminExists(database.db, [])).toBe(true);
    expect(await otherActiveAdminExists(database.db, [ids.member!])).toBe(true);
    expect(await otherActiveAdminExists(database.db, [ids.admin!])).toBe(false);
  });
});
