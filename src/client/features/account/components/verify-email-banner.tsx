import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useResendVerification } from '../api/account-codes.ts';
import { verifyPath } from '../utils/auth-links.ts';

/** Shown on the dashboard while the signed-in user's email address is not confirmed. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuth((state) => state.user);
  const resend = useResendVerification();

  if (!user || user.emailVerified) return null;

  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(t('account.verify.resent', { email: user.email })),
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });
  };

  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 3, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
          <Button
            component={RouterLink}
            to={verifyPath({ email: user.email })}
            size="small"
            variant="contained"
            color="warning"
          >
            {t('verifyBanner.enterCode')}
          </Button>
          <Button size="small" color="inherit" onClick={onResend} loading={resend.isPending}>
            {t('verifyBanner.resend')}
          </Button>
        </Stack>
      }
    >
      {t('verifyBanner.message', { email: user.email })}
    </Alert>
  );
}
