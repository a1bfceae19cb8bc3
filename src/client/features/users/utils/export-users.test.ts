import { describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';
import type { UserPage } from '#shared/contract/users.ts';

import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { fetchAllUsers, usersCsv } from './export-users.ts';

const users = Array.from({ length: 230 }, (_, i) => ({
  ...testUser,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  firstName: `=User${i}`,
  company: 'Acme, Inc.',
})) as User[];

describe('CSV export of the users list', () => {
  it('fetches every page of the current filter at the largest page size, past a capped total', async () => {
    const { calls } = mockFetch([
      {
        path: '/api/users',
        respond: ({ url }) => {
          const params = new URL(url, 'http://localhost').searchParams;
          const page = Number(params.get('page'));
          const pageSize = Number(params.get('pageSize'));
          // A broad search: the server counts only up to a cap, so the total is a lower bound and the
          // export must follow hasNextPage, not the total.
          return jsonResponse({
            users: users.slice((page - 1) * pageSize, page * pageSize),
            total: 100,
            page,
            pageSize,
            counts: { all: 100, active: 0, pending: 0, banned: 100, rejected: 0 },
            capped: ['all', 'banned'],
            hasNextPage: page * pageSize < users.length,
          } satisfies UserPage);
        },
      },
    ]);

    const all = await fetchAllUsers({ status: 'banned', role: 'user', search: 'acme' });

    expect(all).toHaveLength(230);
    const queries = calls('GET', '/api/users').map(([input]) =>
      Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
    );
    expect(queries).toEqual(
      [1, 2, 3].map((page) => ({
        page: String(page),
        pageSize: '100',
        sort: 'createdAt',
        order: 'asc',
        status: 'banned',
        role: 'user',
        search: 'acme',
      })),
    );
  });

  it('writes one escaped row per user under the translated header', () => {
    const csv = usersCsv(users.slice(0, 1), {
      header: ['First name', 'Last name', 'Email', 'Phone', 'Company', 'Role', 'Status', 'Verified'],
      role: () => 'Admin',
      status: () => 'Active',
      yes: 'Yes',
      no: 'No',
    });
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('First name,Last name,Email,Phone,Company,Role,Status,Verified');
    expect(row?.startsWith(`'=User0,Lovelace,ada@example.com,,"Acme, Inc.",Admin,Active,Yes`)).toBe(true);
  });
});
