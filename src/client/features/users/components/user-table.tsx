import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { User } from '#shared/contract/account.ts';
import type { UserSortKey } from '#shared/contract/user-enums.ts';

import {
  DataTable,
  type DataTableColumn,
  type DataTableListProps,
} from '../../../components/data-table/data-table.tsx';
import type { ListSort } from '../../../lib/list-state.ts';
import { paths } from '../../../config/paths.ts';
import { fDate } from '../../../lib/format.ts';
import { UserAvatar } from './user-avatar.tsx';
import { UserRowActions } from './user-row-actions.tsx';
import { UserStatusLabel } from './user-status-label.tsx';

type UserTableProps = DataTableListProps & {
  rows: User[];
  sort: ListSort<UserSortKey> | null;
  onSortChange: (sort: ListSort<UserSortKey> | null) => void;
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  /** The signed-in admin: their own row can be neither selected nor deleted. */
  meId: string | undefined;
  onDelete: (user: User) => void;
};

/**
 * The users in the server-mode data table: it only reports page, page size and sort; the API pages, sorts
 * and filters (the list can hold 100,000 users).
 */
export function UserTable({ rows, selected, onSelectionChange, meId, onDelete, ...list }: UserTableProps) {
  const { t } = useTranslation();

  const columns = useMemo<DataTableColumn<User, UserSortKey>[]>(
    () => [
      {
        field: 'name',
        header: t('users.list.columns.name'),
        sortable: true,
        minWidth: 240,
        render: (row) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
            <UserAvatar name={row.displayName} src={row.avatarUrl} />
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.user.edit(row.slug)}
                color="inherit"
                variant="subtitle2"
                noWrap
                sx={{ display: 'block' }}
              >
                {row.displayName}
              </Link>
              <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                {row.email}
              </Typography>
            </Box>
          </Box>
        ),
      },
      {
        field: 'phone',
        header: t('users.list.columns.phone'),
        width: 150,
        // Phone numbers read left to right in every language (no "+" thrown to the end in Arabic).
        render: (row) => <span dir="ltr">{row.phone}</span>,
      },
      {
        field: 'company',
        header: t('users.list.columns.company'),
        sortable: true,
        minWidth: 140,
        render: (row) => row.company,
      },
      {
        field: 'role',
        header: t('users.list.columns.role'),
        sortable: true,
        width: 110,
        render: (row) => t(`roles.${row.role}`),
      },
      {
        field: 'status',
        header: t('users.list.columns.status'),
        sortable: true,
        width: 120,
        render: (row) => <UserStatusLabel status={row.status} />,
      },
      {
        field: 'createdAt',
        header: t('users.list.columns.createdAt'),
        sortable: true,
        width: 130,
        render: (row) => fDate(row.createdAt),
      },
      {
        field: 'actions',
        header: t('users.list.columns.actions'),
        width: 96,
        align: 'right',
        render: (row) => <UserRowActions user={row} canDelete={row.id !== meId} onDelete={onDelete} />,
      },
    ],
    // The column titles follow the language; `t` changes with it.
    [t, meId, onDelete],
  );

  return (
    <DataTable
      label={t('users.list.gridLabel')}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      rowHeight={72}
      selection={{
        selected,
        onChange: onSelectionChange,
        isSelectable: (row) => row.id !== meId,
        rowLabel: (row) => row.displayName,
      }}
      {...list}
    />
  );
}
