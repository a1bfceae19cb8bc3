import type { User } from '#shared/contract/account.ts';
import { PAGE_SIZE_MAX, type UserSortKey } from '#shared/contract/user-enums.ts';

import { usersList, type UsersFilter } from '../api/users-list.ts';
import { buildCsv, type CsvValue } from '../../../lib/csv.ts';

/**
 * A filter without the overview's narrowing (a country, a creation period, sign-ins from a device) exports
 * every country, date and device.
 */
const noNarrowing = {
  country: undefined,
  createdFrom: undefined,
  createdTo: undefined,
  device: undefined,
  signedInFrom: undefined,
  signedInTo: undefined,
};

/**
 * Every user of a filter, page by page at the largest page size, in a stable order (oldest first, so a
 * user created meanwhile cannot shift the pages). Stops at `limit` pages as a guard.
 */
export async function fetchAllUsers(
  filter: UsersFilter,
  {
    signal,
    sort = 'createdAt',
    order = 'asc',
    limit = 1000,
  }: {
    signal?: AbortSignal;
    sort?: UserSortKey;
    order?: 'asc' | 'desc';
    limit?: number;
  } = {},
): Promise<User[]> {
  const users: User[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= limit; page++) {
    const result = await usersList.get(
      { ...noNarrowing, ...filter, page, pageSize: PAGE_SIZE_MAX, sort, order },
      signal,
    );
    for (const user of result.users) {
      if (!seen.has(user.id)) {
        seen.add(user.id);
        users.push(user);
      }
    }
    if (!result.hasNextPage) break;
  }
  return users;
}

export type UsersCsvLabels = {
  header: readonly string[];
  role: (user: User) => string;
  status: (user: User) => string;
  yes: string;
  no: string;
};

/** The CSV of the users list: one row per user, the columns an admin needs to work offline. */
export function usersCsv(users: readonly User[], labels: UsersCsvLabels): string {
  const rows: CsvValue[][] = users.map((user) => [
    user.firstName,
    user.lastName,
    user.email,
    user.phone,
    user.company,
    labels.role(user),
    labels.status(user),
    user.emailVerified ? labels.yes : labels.no,
    user.country,
    user.state,
    user.city,
    user.address,
    user.zipCode,
    user.createdAt,
  ]);
  return buildCsv(labels.header, rows);
}
