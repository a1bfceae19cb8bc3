import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { AuditEntry } from '#shared/contract/users.ts';

import {
  DataTable,
  type DataTableColumn,
  type DataTableListProps,
} from '../../../components/data-table/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { fDateTime } from '../../../lib/format.ts';
import { AuditActionLabel } from './audit-action-label.tsx';
import { EMPTY_VALUE } from './audit-change-lines.ts';
import { AuditChanges } from './audit-changes.tsx';

/** After these the target no longer exists: no link to an edit page. */
const deletingActions = new Set(['user.delete', 'user.bulk_delete']);

type AuditLogTableProps = DataTableListProps & {
  rows: AuditEntry[];
  /** What the table says when there is no entry. */
  emptyText: string;
  /** Shows only the entries about this user; absent while a filter is on. */
  onFilterUser?: ((entry: AuditEntry) => void) | undefined;
};

/**
 * The audit entries in the server-mode data table: newest first as the API orders them; the table only
 * reports page and page size. Rows grow with their list of changes.
 */
export function AuditLogTable({ rows, onFilterUser, ...list }: AuditLogTableProps) {
  const { t } = useTranslation();

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        field: 'createdAt',
        header: t('users.audit.columns.date'),
        width: 180,
        // Intl in the UI language: dates and times the local way.
        render: (row) => fDateTime(row.createdAt),
      },
      {
        field: 'actorName',
        header: t('users.audit.columns.actor'),
        minWidth: 150,
        render: (row) =>
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
        header: t('users.audit.columns.action'),
        width: 150,
        render: (row) => <AuditActionLabel action={row.action} />,
      },
      {
        field: 'targetLabel',
        header: t('users.audit.columns.target'),
        minWidth: 220,
        render: (row) => (
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
        header: t('users.audit.columns.changes'),
        minWidth: 260,
        render: (row) => <AuditChanges changes={row.changes} />,
      },
      {
        field: 'ip',
        header: t('users.audit.columns.ip'),
        width: 140,
        // Addresses read left to right in every language.
        render: (row) => <span dir="ltr">{row.ip ?? EMPTY_VALUE}</span>,
      },
    ],
    // The column titles follow the language; `t` changes with it.
    [t, onFilterUser],
  );

  return (
    <DataTable
      label={t('users.audit.gridLabel')}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      {...list}
    />
  );
}
