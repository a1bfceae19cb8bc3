import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteMyAccount } from '../api/account-data-api.ts';
import { CurrentPasswordDialog } from './current-password-dialog.tsx';

/**
 * "Delete account" on the Privacy tab (issue 32 C, ADR 058): what is mine alone goes, what others depend on
 * (messages in their conversations, orders and invoices in the books) stays without my name or address.
 * My password again first; the last administrator is told why not.
 */
export function AccountDelete() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteMyAccount();
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const confirm = async (currentPassword: string): Promise<string | null> => {
    setRefused(null);
    try {
      await remove.mutateAsync({ currentPassword });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        return 'users.account.security.wrongPassword';
      }
      setRefused(
        error instanceof ApiError && error.code === 'LAST_ADMIN'
          ? t('users.account.delete.lastAdmin')
          : errorMessage(error, t),
      );
      return null;
    }
    enqueueSnackbar(t('users.toast.accountDeleted'), { variant: 'success' });
    await navigate(paths.auth.login, { replace: true });
    return null;
  };

  return (
    <Card component="section" aria-labelledby="account-delete">
      <CardHeader
        title={t('users.account.delete.title')}
        subheader={t('users.account.delete.text')}
        slotProps={{ title: { component: 'h2', id: 'account-delete' } }}
      />
      <Stack direction="row" sx={{ p: 3, pt: 2, justifyContent: 'flex-end' }}>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('users.account.delete.open')}
        </Button>
      </Stack>
      <CurrentPasswordDialog
        open={open}
        title={t('users.account.delete.confirmTitle')}
        text={t('users.account.delete.confirmText')}
        action={t('users.account.delete.confirm')}
        danger
        notice={refused}
        onCancel={() => {
          setRefused(null);
          setOpen(false);
        }}
        onConfirm={confirm}
      />
    </Card>
  );
}
