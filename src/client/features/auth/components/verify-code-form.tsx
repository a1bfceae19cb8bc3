import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { verifyEmailInput } from '#shared/contract/account.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth, useAuthActions } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useForgotPassword, useResendVerification, useVerifyEmail } from '../api/account-codes.ts';
import { newPasswordPath, type VerifyMode } from '../utils/auth-links.ts';

type VerifyCodeFormProps = { mode: VerifyMode; defaultEmail: string };

/**
 * Asks for the 6-digit code. `reset`: goes on to choose a new password. `verify-email`: confirms the
 * address, updates the signed-in user and returns to the dashboard.
 */
export function VerifyCodeForm({ mode, defaultEmail }: VerifyCodeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuth((state) => state.user);
  const isAuthenticated = useAuth((state) => state.isAuthenticated);
  const { setUser } = useAuthActions();
  const verifyEmail = useVerifyEmail();
  const resendVerification = useResendVerification();
  const forgotPassword = useForgotPassword();
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, setError, trigger, getValues, formState } = useForm({
    resolver: zodResolver(verifyEmailInput),
    defaultValues: { email: defaultEmail, code: '' },
  });

  const onSubmit = handleSubmit(async ({ email, code }) => {
    setServerError(null);
    if (mode === 'reset') {
      await navigate(newPasswordPath(email), { state: { code } });
      return;
    }
    try {
      const { user: verified } = await verifyEmail.mutateAsync({ email, code });
      if (user && verified.id === user.id) setUser(verified);
      enqueueSnackbar(t('auth.verify.verified'));
      await navigate(isAuthenticated ? paths.dashboard.root : paths.auth.login, { replace: true });
    } catch (error) {
      if (!applyServerIssues(error, setError, ['email', 'code'])) setServerError(errorMessage(error, t));
    }
  });

  const canResend = mode === 'reset' || isAuthenticated;
  const resending = resendVerification.isPending || forgotPassword.isPending;

  const onResend = async () => {
    setServerError(null);
    try {
      if (mode === 'reset') {
        if (!(await trigger('email'))) return;
        const email = verifyEmailInput.shape.email.parse(getValues('email'));
        await forgotPassword.mutateAsync({ email });
        enqueueSnackbar(t('auth.verify.resentReset', { email }));
      } else {
        await resendVerification.mutateAsync();
        enqueueSnackbar(t('auth.verify.resent', { email: user?.email ?? '' }));
      }
    } catch (error) {
      setServerError(errorMessage(error, t));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('common.emailLabel')}
          autoComplete="email"
        />
        <FormTextField
          control={control}
          name="code"
          label={t('auth.verify.codeLabel')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <Button fullWidth size="large" type="submit" variant="contained" loading={formState.isSubmitting}>
          {mode === 'reset' ? t('auth.verify.submitReset') : t('auth.verify.submitVerify')}
        </Button>
        {canResend && (
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.verify.noCode')}{' '}
            <Button size="small" variant="text" onClick={onResend} loading={resending}>
              {t('auth.verify.resend')}
            </Button>
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
