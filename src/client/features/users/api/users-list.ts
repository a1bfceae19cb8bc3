import type { Role, UserStatus } from '#shared/contract/account.ts';
import { roles, SEARCH_MAX, userSortKeys, userStatuses } from '#shared/contract/user-enums.ts';
import type { AuditLogPage, PublicUserPage, UserPage } from '#shared/contract/users.ts';

import { listResource, type ListParamsOf } from '../../../lib/resource.ts';
import { usersKeys } from './users-keys.ts';

/**
 * GET /api/users (admin): one page of the list with the status counts of the tabs. Its state in the
 * address: `?status=banned&role=admin&search=ada&sort=name&order=desc&page=2`. Only admins may list users:
 * the route loader asks for nobody else.
 */
export const usersList = listResource<UserPage>()({
  key: usersKeys.lists(),
  path: '/users',
  config: {
    pageSizes: [5, 10, 25, 50],
    defaultPageSize: 10,
    sortKeys: userSortKeys,
    filters: { status: userStatuses, role: roles },
    searchMax: SEARCH_MAX,
  },
  filters: (filters) => ({
    status: (filters.status as UserStatus | undefined) ?? ('all' as const),
    role: filters.role as Role | undefined,
  }),
  query: ({ status, role }) => ({ status: status === 'all' ? undefined : status, role }),
  mayList: (auth) => auth.user?.role === 'admin',
});

/** The list's request: the API's 1-based page, size, sort, search, status (`'all'`) and role. */
export type UsersListParams = ListParamsOf<typeof usersList>;

/** The admin list's filter (what the CSV export repeats). */
export type UsersFilter = Pick<UsersListParams, 'status' | 'role' | 'search'>;

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
