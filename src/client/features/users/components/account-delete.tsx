import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { deleteMyAccountInput, type DeleteMyAccountInput } from '#shared/contract/users.ts';

import { PasswordField } from '../../../components/form/password-field.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useDeleteMyAccount } from '../api/users-api.ts';

/** The dialog: what goes and what stays, then my password again; the last administrator is told why not. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteMyAccount();
  const [refused, setRefused] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<DeleteMyAccountInput>({
    resolver: zodResolver(deleteMyAccountInput),
    defaultValues: { currentPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setRefused(null);
    try {
      await remove.mutateAsync(values);
      enqueueSnackbar(t('users.toast.accountDeleted'), { variant: 'success' });
      await navigate(paths.auth.login, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        setError(
          'currentPassword',
          { type: 'server', message: 'users.account.security.wrongPassword' },
          { shouldFocus: true },
        );
      } else if (error instanceof ApiError && error.code === 'LAST_ADMIN') {
        setRefused(t('users.account.delete.lastAdmin'));
      } else if (!applyServerIssues(error, setError, ['currentPassword'])) {
        setRefused(errorMessage(error, t));
      }
    }
  });

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('users.account.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('users.account.delete.confirmText')}</DialogContentText>
            {refused && <Alert severity="error">{refused}</Alert>}
            <PasswordField
              control={control}
              name="currentPassword"
              label={t('users.account.security.currentPassword')}
              autoComplete="current-password"
              autoFocus
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
            {t('users.account.delete.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * "Delete account" on the Privacy tab (issue 32 C, ADR 058): what is mine alone goes, what others depend on
 * (messages in their conversations, orders and invoices in the books) stays without my name or address.
 */
export function AccountDelete() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card component="section" aria-labelledby="account-delete">
      <CardHeader
        id="account-delete"
        title={t('users.account.delete.title')}
        subheader={t('users.account.delete.text')}
        slotProps={{ title: { component: 'h2' } }}
      />
      <Stack direction="row" sx={{ p: 3, pt: 2, justifyContent: 'flex-end' }}>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('users.account.delete.open')}
        </Button>
      </Stack>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}
