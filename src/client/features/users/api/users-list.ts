import type { Role, UserStatus } from '#shared/contract/account.ts';
import {
  roles,
  SEARCH_MAX,
  signInDevices,
  userSortKeys,
  userStatuses,
  type SignInDevice,
} from '#shared/contract/user-enums.ts';
import type { AuditLogPage, PublicUserPage, UserPage } from '#shared/contract/users.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { usersKeys } from './users-keys.ts';

/**
 * A bound of the creation period: a day (`2026-03-01`, read in UTC by the API), or an instant with its
 * offset (`2026-03-01T00:00:00+09:00`), how the overview links to a period of the viewer's own days
 * (`createdFrom` from that instant, `createdTo` before it).
 */
export const CREATED_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The day a bound of the address names (its own calendar day, in its own offset): a start is that day; an
 * instant end at midnight (the first moment it leaves out) is the day before, the last one it includes.
 */
export function dayOfCreatedBound(bound: 'from' | 'to', value: string): string {
  const day = value.slice(0, 10);
  if (value.length === 10 || bound === 'from') return day;
  if (!/^T00:00:00(\.0{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(value.slice(10))) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /api/users (admin): one page of the list with the status counts of the tabs. Its state in the
 * address: `?status=banned&role=admin&search=ada&sort=name&order=desc&page=2`, and the overview's
 * drill-downs `?country=France&createdFrom=…&createdTo=…` (a profile country as written, a creation
 * period) and `?device=mobile&signedInFrom=…&signedInTo=…` (people who signed in from a kind of device in a
 * period: "Sessions by device"). Only admins may list users: the route loader asks for nobody else.
 */
export const usersList = listResource<UserPage>()({
  key: usersKeys.lists(),
  path: '/users',
  config: {
    pageSizes: [5, 10, 25, 50],
    defaultPageSize: 10,
    sortKeys: userSortKeys,
    filters: {
      status: userStatuses,
      role: roles,
      country: /^.{1,80}$/u,
      createdFrom: CREATED_BOUND,
      createdTo: CREATED_BOUND,
      device: signInDevices,
      signedInFrom: CREATED_BOUND,
      signedInTo: CREATED_BOUND,
    },
    searchMax: SEARCH_MAX,
  },
  filters: (filters) => ({
    status: (filters.status as UserStatus | undefined) ?? ('all' as const),
    role: filters.role as Role | undefined,
    country: filters.country,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    device: filters.device as SignInDevice | undefined,
    signedInFrom: filters.signedInFrom,
    signedInTo: filters.signedInTo,
  }),
  query: ({ status, role, country, createdFrom, createdTo, device, signedInFrom, signedInTo }) => ({
    status: status === 'all' ? undefined : status,
    role,
    country,
    createdFrom,
    createdTo,
    device,
    signedInFrom,
    signedInTo,
  }),
  mayList: (auth) => auth.user?.role === 'admin',
});

/** The list's request: the API's 1-based page, size, sort, search, status (`'all'`) and role. */
export type UsersListParams = ListParamsOf<typeof usersList>;

/** The admin list's filter (what the CSV export repeats). */
export type UsersFilter = Pick<UsersListParams, 'status' | 'role' | 'search'> &
  Partial<
    Pick<UsersListParams, 'country' | 'createdFrom' | 'createdTo' | 'device' | 'signedInFrom' | 'signedInTo'>
  >;

export const useUsers = usersList.useList;
/** Route loader of /dashboard/user/list (`app/router.tsx`). */
export const usersListLoader = usersList.loader;

/**
 * GET /api/audit-log (admin): one page of admin actions on users, newest first; `targetUserId` narrows it
 * to the entries about one user (the view reads it from `?user=`). Under the users domain key: every admin
 * write invalidates `usersKeys.all`, so the log refetches after a create, edit, ban or delete.
 */
export const auditLogList = listResource<AuditLogPage>()({
  key: [...usersKeys.all, 'audit-log'],
  path: '/audit-log',
  config: { pageSizes: [10, 20, 50], defaultPageSize: 20 },
  filters: () => ({ targetUserId: undefined as string | undefined }),
  mayList: (auth) => auth.user?.role === 'admin',
});

export const useAuditLog = auditLogList.useList;

/**
 * GET /api/users/cards: active users as any signed-in user may see them (the cards page keeps its page and
 * search in the page, not in the address: `useUserCards({ page, pageSize, search })`).
 */
export const userCardsList = listResource<PublicUserPage>()({
  key: usersKeys.cards(),
  path: '/users/cards',
  config: { pageSizes: [12], defaultPageSize: 12, searchMax: SEARCH_MAX },
});

export const useUserCards = userCardsList.useList;
