import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { auditLogQuery, type AuditEntry } from '#shared/contract/users.ts';

import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuditLog } from '../api/audit-log.ts';
import { userQueryOptions } from '../api/get-user.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { PageHeading } from '../components/page-heading.tsx';

/** `?user={id}` shows only the entries about that user. */
export const AUDIT_USER_PARAM = 'user';

const isUserId = (value: string) => auditLogQuery.shape.targetUserId.safeParse(value).success;

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

  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: 20 });
  // Another user (or none): back to the first page.
  const [shownFor, setShownFor] = useState(userParam);
  if (shownFor !== userParam) {
    setShownFor(userParam);
    setPaginationModel((model) => ({ ...model, page: 0 }));
  }

  const { data, error, isFetching, refetch } = useAuditLog(
    { page: paginationModel.page + 1, pageSize: paginationModel.pageSize, targetUserId },
    { enabled: !badFilter },
  );
  // The chip names the user as they are now; a deleted user by the label of their entries.
  const target = useQuery({ ...userQueryOptions(targetUserId ?? ''), enabled: targetUserId !== undefined });
  const targetName =
    target.data?.user.displayName ??
    data?.entries.find((entry) => entry.targetUserId === targetUserId)?.targetLabel ??
    targetUserId;

  const clearFilter = () =>
    setSearchParams((params) => {
      params.delete(AUDIT_USER_PARAM);
      return params;
    });
  const filterUser = useCallback(
    (entry: AuditEntry) => {
      if (entry.targetUserId) setSearchParams({ [AUDIT_USER_PARAM]: entry.targetUserId });
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
        {error && (
          <Alert
            severity="error"
            sx={{ mx: 2.5, mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('users.common.retry')}
              </Button>
            }
          >
            {errorMessage(error, t)}
          </Alert>
        )}
        <AuditLogTable
          rows={badFilter ? [] : (data?.entries ?? [])}
          rowCount={badFilter ? 0 : (data?.total ?? 0)}
          loading={isFetching}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => {
            // A new page size starts again at the first page.
            setPaginationModel(model.pageSize === paginationModel.pageSize ? model : { ...model, page: 0 });
          }}
          emptyText={targetUserId ? t('users.audit.emptyForUser') : t('users.audit.empty')}
          onFilterUser={targetUserId ? undefined : filterUser}
        />
      </Card>
    </>
  );
}
