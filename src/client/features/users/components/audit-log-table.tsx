import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { arSD, enUS, frFR, viVN, zhCN } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { AuditEntry } from '#shared/contract/users.ts';

import { paths } from '../../../config/paths.ts';
import { fDateTime } from '../../../lib/format.ts';
import { isLanguageValue, type LanguageValue } from '../../../locales/locales-config.ts';
import { AuditActionLabel } from './audit-action-label.tsx';
import { EMPTY_VALUE } from './audit-change-lines.ts';
import { AuditChanges } from './audit-changes.tsx';

/** The data grid's own texts (pagination, column menu) in the UI language. */
const gridLocales = { en: enUS, fr: frFR, vi: viVN, cn: zhCN, ar: arSD } satisfies Record<
  LanguageValue,
  typeof enUS
>;

export const AUDIT_PAGE_SIZE_OPTIONS = [10, 20, 50];

/** After these the target no longer exists: no link to an edit page. */
const deletingActions = new Set(['user.delete', 'user.bulk_delete']);

type AuditLogTableProps = {
  rows: AuditEntry[];
  rowCount: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  /** What the grid says when there is no entry. */
  emptyText: string;
  /** Shows only the entries about this user; absent while a filter is on. */
  onFilterUser?: ((entry: AuditEntry) => void) | undefined;
};

/**
 * The audit entries as a MUI X Data Grid in server mode: newest first as the API orders them; the grid only
 * reports page and page size. Rows grow with their list of changes.
 */
export function AuditLogTable({
  rows,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  emptyText,
  onFilterUser,
}: AuditLogTableProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguageValue(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const localeText = gridLocales[language].components.MuiDataGrid.defaultProps.localeText;

  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('users.audit.columns.date'),
        width: 180,
        // Intl in the UI language: dates and times the local way.
        valueFormatter: (value: string) => fDateTime(value),
      },
      {
        field: 'actorName',
        headerName: t('users.audit.columns.actor'),
        flex: 0.6,
        minWidth: 150,
        renderCell: ({ row }) =>
          row.actorName === null ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
              {t('users.audit.deletedUser')}
            </Typography>
          ) : (
            <Typography variant="body2">{row.actorName}</Typography>
          ),
      },
      {
        field: 'action',
        headerName: t('users.audit.columns.action'),
        width: 150,
        renderCell: ({ row }) => <AuditActionLabel action={row.action} />,
      },
      {
        field: 'targetLabel',
        headerName: t('users.audit.columns.target'),
        flex: 1,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, py: 1 }}>
            <Box sx={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {row.targetUserId !== null && !deletingActions.has(row.action) ? (
                <Link
                  component={RouterLink}
                  to={paths.dashboard.user.edit(row.targetUserId)}
                  color="inherit"
                  variant="body2"
                >
                  <bdi>{row.targetLabel}</bdi>
                </Link>
              ) : (
                <Typography variant="body2">
                  <bdi>{row.targetLabel || EMPTY_VALUE}</bdi>
                </Typography>
              )}
            </Box>
            {onFilterUser && row.targetUserId !== null && (
              <Tooltip title={t('users.audit.filterTo', { name: row.targetLabel })}>
                <IconButton
                  size="small"
                  aria-label={t('users.audit.filterTo', { name: row.targetLabel })}
                  onClick={() => onFilterUser(row)}
                >
                  <FilterListOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
      {
        field: 'changes',
        headerName: t('users.audit.columns.changes'),
        flex: 1.4,
        minWidth: 260,
        renderCell: ({ row }) => <AuditChanges changes={row.changes} />,
      },
      {
        field: 'ip',
        headerName: t('users.audit.columns.ip'),
        width: 140,
        // Addresses read left to right in every language.
        renderCell: ({ row }) => <span dir="ltr">{row.ip ?? EMPTY_VALUE}</span>,
      },
    ],
    // The column titles follow the language; `t` changes with it.
    [t, onFilterUser],
  );

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      label={t('users.audit.gridLabel')}
      localeText={{ ...localeText, noRowsLabel: emptyText }}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={AUDIT_PAGE_SIZE_OPTIONS}
      disableColumnSorting
      disableColumnFilter
      disableRowSelectionOnClick
      getRowHeight={() => 'auto'}
      sx={{
        border: 0,
        '--DataGrid-overlayHeight': '240px',
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', minHeight: 56 },
      }}
    />
  );
}
