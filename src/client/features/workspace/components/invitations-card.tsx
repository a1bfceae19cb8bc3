import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  INVITATION_DAYS,
  createInvitationInput,
  type CreateInvitationInput,
  type Invitation,
  type InvitationStatus,
} from '#shared/contract/workspace.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fDateTime } from '../../../lib/format.ts';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/manage-workspace.ts';

const statusColor: Record<InvitationStatus, 'warning' | 'success' | 'default' | 'error'> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'default',
  revoked: 'error',
};

const PAGE_SIZES = [5, 10, 25] as const;
const resolver = payloadResolver<CreateInvitationInput>(createInvitationInput, (values) => values);

/**
 * "Invitations": invite someone by email (the server's refusal — an unverified sender, the mail quota, an
 * address that has an account, registration closed — shows above the field) and the invitations sent, with
 * their status and a Revoke action for the pending ones (confirmed). At most 200 come back: paged here.
 */
export function InvitationsCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const invitations = useInvitations();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(10);

  const { control, handleSubmit, setError, reset, formState } = useForm<CreateInvitationInput>({
    defaultValues: { email: '' },
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const submit = handleSubmit((values) =>
    attempt(['email'], async () => {
      const { invitation } = await create.mutateAsync(createInvitationInput.parse(values));
      reset({ email: '' });
      setPage(0);
      enqueueSnackbar(t('workspace.invitations.sent', { email: invitation.email }), { variant: 'success' });
    }),
  );

  const rows = invitations.data?.invitations ?? [];
  const columns: DataTableColumn<Invitation>[] = [
    {
      field: 'email',
      header: t('workspace.invitations.columns.email'),
      minWidth: 200,
      render: (i) => <Box sx={{ wordBreak: 'break-all' }}>{i.email}</Box>,
    },
    {
      field: 'invitedBy',
      header: t('workspace.invitations.columns.invitedBy'),
      minWidth: 140,
      render: (i) => i.invitedBy?.name || t('workspace.invitations.nobody'),
    },
    {
      field: 'createdAt',
      header: t('workspace.invitations.columns.sent'),
      width: 180,
      render: (i) => fDateTime(i.createdAt),
    },
    {
      field: 'expiresAt',
      header: t('workspace.invitations.columns.expires'),
      width: 130,
      render: (i) => fDate(i.expiresAt),
    },
    {
      field: 'status',
      header: t('workspace.invitations.columns.status'),
      width: 110,
      render: (i) => (
        <Label color={statusColor[i.status]}>{t(`workspace.invitations.statuses.${i.status}`)}</Label>
      ),
    },
    {
      field: 'actions',
      header: '',
      width: 110,
      align: 'right',
      render: (i) =>
        i.status === 'pending' && (
          <Button
            size="small"
            color="error"
            aria-label={t('workspace.invitations.revokeNamed', { email: i.email })}
            onClick={() => setRevoking(i)}
          >
            {t('workspace.invitations.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <CardHeader
        title={t('workspace.invitations.title')}
        subheader={t('workspace.invitations.subheader', { days: INVITATION_DAYS })}
        slotProps={{
          title: { variant: 'h6', component: 'h2' },
          subheader: { variant: 'body2', sx: { mt: 0.5, color: 'text.secondary' } },
        }}
      />
      <Divider />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' } }}
      >
        {serverError && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {serverError}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          type="email"
          autoComplete="off"
          label={t('workspace.invitations.email')}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={
            <SendOutlined
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
            />
          }
          loading={formState.isSubmitting}
          sx={{ alignSelf: 'start', height: 54 }}
        >
          {t('workspace.invitations.send')}
        </Button>
      </Box>
      <DataTable
        label={t('workspace.invitations.table')}
        columns={columns}
        rows={rows.slice(page * pageSize, (page + 1) * pageSize)}
        getRowId={(i) => i.id}
        rowCount={rows.length}
        loading={invitations.isFetching}
        error={invitations.error && errorMessage(invitations.error, t)}
        onRetry={() => void invitations.refetch()}
        emptyText={t('workspace.invitations.none')}
        page={page}
        pageSize={pageSize}
        pageSizeOptions={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('workspace.invitations.revokeTitle')}
        content={t('workspace.invitations.revokeText', { email: revoking?.email ?? '' })}
        action={t('workspace.invitations.revoke')}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () =>
              enqueueSnackbar(t('workspace.invitations.revoked', { email: revoking.email }), {
                variant: 'success',
              }),
            onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </Card>
  );
}
