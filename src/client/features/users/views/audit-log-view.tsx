import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { auditLogQuery, type AuditEntry } from '#shared/contract/users.ts';

import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { LIST_PARAMS } from '../../../lib/list-state.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { auditLogList, useAuditLog } from '../api/users-list.ts';
import { userQueryOptions } from '../api/users-api.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';

/** `?user={id}` shows only the entries about that user. */
export const AUDIT_USER_PARAM = 'user';

const isUserId = (value: string) => auditLogQuery.shape.targetUserId.safeParse(value).success;

/** Page and page size in the address, next to `?user=`. */
/**
 * /dashboard/user/audit (admin): who changed which user, when and from where, newest first, paged on the
 * server. `?user={id}` narrows it to one user (the edit page's History link) with a chip to clear it.
 */
export function AuditLogView() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const userParam = searchParams.get(AUDIT_USER_PARAM);
  const targetUserId = userParam !== null && isUserId(userParam) ? userParam : undefined;
  const badFilter = userParam !== null && targetUserId === undefined;

  const list = useListState(auditLogList.config);

  const { data, error, isFetching, refetch } = useAuditLog(
    { ...auditLogList.paramsOf(list), targetUserId },
    { enabled: !badFilter },
  );
  // The chip names the user as they are now; a deleted user by the label of their entries.
  const target = useQuery({ ...userQueryOptions(targetUserId ?? ''), enabled: targetUserId !== undefined });
  const targetName =
    target.data?.user.displayName ??
    data?.entries.find((entry) => entry.targetUserId === targetUserId)?.targetLabel ??
    targetUserId;

  // Another user (or none): back to the first page.
  const clearFilter = () =>
    setSearchParams((params) => {
      params.delete(AUDIT_USER_PARAM);
      params.delete(LIST_PARAMS.page);
      return params;
    });
  const filterUser = useCallback(
    (entry: AuditEntry) => {
      if (!entry.targetUserId) return;
      const { targetUserId } = entry;
      setSearchParams((params) => {
        params.set(AUDIT_USER_PARAM, targetUserId);
        params.delete(LIST_PARAMS.page);
        return params;
      });
    },
    [setSearchParams],
  );

  return (
    <>
      <PageHeading
        title={t('users.audit.title')}
        crumbs={[
          { label: t('users.common.dashboard'), to: paths.dashboard.root },
          { label: t('users.common.users'), to: paths.dashboard.user.list },
          { label: t('users.audit.crumb') },
        ]}
      />
      <Card>
        {userParam !== null && (
          <Box sx={{ px: 2.5, pt: 2.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            {targetName && (
              <Chip
                color="primary"
                variant="outlined"
                label={t('users.audit.filteredBy', { name: targetName })}
              />
            )}
            <Button size="small" color="inherit" startIcon={<CloseOutlined />} onClick={clearFilter}>
              {t('users.audit.clearFilter')}
            </Button>
          </Box>
        )}
        {badFilter && (
          <Alert severity="warning" sx={{ mx: 2.5, mt: 2 }}>
            {t('users.audit.badFilter')}
          </Alert>
        )}
        <AuditLogTable
          rows={badFilter ? [] : (data?.entries ?? [])}
          rowCount={badFilter ? 0 : (data?.total ?? 0)}
          {...listTableProps(
            list,
            auditLogList.config,
            { isFetching, refetch },
            error && errorMessage(error, t),
          )}
          emptyText={targetUserId ? t('users.audit.emptyForUser') : t('users.audit.empty')}
          onFilterUser={targetUserId ? undefined : filterUser}
        />
      </Card>
    </>
  );
}
