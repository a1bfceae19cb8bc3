import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { arSD, enUS, frFR, viVN, zhCN } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { User } from '#shared/contract/account.ts';

import { paths } from '../../../config/paths.ts';
import { fDate } from '../../../lib/format.ts';
import { isLanguageValue, type LanguageValue } from '../../../locales/locales-config.ts';
import { UserAvatar } from './user-avatar.tsx';
import { UserRowActions } from './user-row-actions.tsx';
import { UserStatusLabel } from './user-status-label.tsx';

/** The data grid's own texts (pagination, selection, column menu) in the UI language. */
const gridLocales = { en: enUS, fr: frFR, vi: viVN, cn: zhCN, ar: arSD } satisfies Record<
  LanguageValue,
  typeof enUS
>;

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50];

type UserTableProps = {
  rows: User[];
  /** The number of rows of the filter, or -1 when only a lower bound is known (a broad search). */
  rowCount: number;
  /** Whether another page follows; what the grid goes by when `rowCount` is -1. */
  hasNextPage: boolean;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (model: GridRowSelectionModel) => void;
  /** The signed-in admin: their own row can be neither selected nor deleted. */
  meId: string | undefined;
  onDelete: (user: User) => void;
};

/**
 * The users as a MUI X Data Grid in server mode: the grid only reports page, page size and sort; the API
 * pages, sorts and filters (the list can hold 100,000 users).
 */
export function UserTable({
  rows,
  rowCount,
  hasNextPage,
  loading,
  paginationModel,
  onPaginationModelChange,
  sortModel,
  onSortModelChange,
  selection,
  onSelectionChange,
  meId,
  onDelete,
}: UserTableProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguageValue(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const localeText = gridLocales[language].components.MuiDataGrid.defaultProps.localeText;

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.list.columns.name'),
        flex: 1,
        minWidth: 240,
        valueGetter: (_value, row) => row.displayName,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, height: 1, minWidth: 0 }}>
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
        headerName: t('users.list.columns.phone'),
        width: 150,
        sortable: false,
        // Phone numbers read left to right in every language (no "+" thrown to the end in Arabic).
        renderCell: ({ row }) => <span dir="ltr">{row.phone}</span>,
      },
      { field: 'company', headerName: t('users.list.columns.company'), flex: 0.6, minWidth: 140 },
      {
        field: 'role',
        headerName: t('users.list.columns.role'),
        width: 110,
        valueFormatter: (value: User['role']) => t(`roles.${value}`),
      },
      {
        field: 'status',
        headerName: t('users.list.columns.status'),
        width: 120,
        renderCell: ({ row }) => <UserStatusLabel status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: t('users.list.columns.createdAt'),
        width: 130,
        valueFormatter: (value: string) => fDate(value),
      },
      {
        field: 'actions',
        headerName: t('users.list.columns.actions'),
        type: 'actions',
        width: 96,
        sortable: false,
        renderCell: ({ row }) => (
          <UserRowActions user={row} canDelete={row.id !== meId} onDelete={onDelete} />
        ),
      },
    ],
    // The column titles follow the language; `t` changes with it.
    [t, meId, onDelete],
  );

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      paginationMeta={{ hasNextPage }}
      loading={loading}
      label={t('users.list.gridLabel')}
      localeText={localeText}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      sortModel={sortModel}
      onSortModelChange={onSortModelChange}
      sortingOrder={['asc', 'desc', null]}
      checkboxSelection
      disableRowSelectionOnClick
      disableRowSelectionExcludeModel
      keepNonExistentRowsSelected
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelectionChange}
      isRowSelectable={({ row }) => row.id !== meId}
      disableColumnFilter
      rowHeight={72}
      sx={{
        border: 0,
        '--DataGrid-overlayHeight': '240px',
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
      }}
    />
  );
}
