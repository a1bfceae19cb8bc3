import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { verifyEmailInput } from '#shared/contract/account.ts';

import { useServerError } from '../../../components/form/use-server-error.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth, useAuthActions } from '../../../lib/auth/use-auth.ts';
import { useForgotPassword, useResendVerification, useVerifyEmail } from '../api/account-codes.ts';
import { newPasswordPath, type VerifyMode } from '../utils/auth-links.ts';
import { AuthCodeField, AuthEmailField, AuthForm, AuthSubmitButton } from './auth-form.tsx';

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

  const { control, handleSubmit, setError, trigger, getValues, formState } = useForm({
    resolver: zodResolver(verifyEmailInput),
    defaultValues: { email: defaultEmail, code: '' },
  });
  const { serverError, attempt } = useServerError(setError);

  const onSubmit = handleSubmit(({ email, code }) =>
    attempt(['email', 'code'], async () => {
      if (mode === 'reset') {
        await navigate(newPasswordPath(email), { state: { code } });
        return;
      }
      const { user: verified } = await verifyEmail.mutateAsync({ email, code });
      if (user && verified.id === user.id) setUser(verified);
      enqueueSnackbar(t('account.verify.verified'));
      await navigate(isAuthenticated ? paths.dashboard.root : paths.auth.login, { replace: true });
    }),
  );

  const canResend = mode === 'reset' || isAuthenticated;
  const resending = resendVerification.isPending || forgotPassword.isPending;

  // A failed resend shows in the alert, not on the fields.
  const onResend = () =>
    attempt([], async () => {
      if (mode === 'reset') {
        if (!(await trigger('email'))) return;
        const email = verifyEmailInput.shape.email.parse(getValues('email'));
        await forgotPassword.mutateAsync({ email });
        enqueueSnackbar(t('account.verify.resentReset', { email }));
      } else {
        await resendVerification.mutateAsync();
        enqueueSnackbar(t('account.verify.resent', { email: user?.email ?? '' }));
      }
    });

  return (
    <AuthForm onSubmit={onSubmit} serverError={serverError}>
      <AuthEmailField control={control} name="email" />
      <AuthCodeField control={control} name="code" label={t('account.verify.codeLabel')} />
      <AuthSubmitButton loading={formState.isSubmitting}>
        {mode === 'reset' ? t('account.verify.submitReset') : t('account.verify.submitVerify')}
      </AuthSubmitButton>
      {canResend && (
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('account.verify.noCode')}{' '}
          <Button size="small" variant="text" onClick={onResend} loading={resending}>
            {t('account.verify.resend')}
          </Button>
        </Typography>
      )}
    </AuthForm>
  );
}
