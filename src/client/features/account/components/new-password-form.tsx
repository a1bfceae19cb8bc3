import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { newPasswordInput } from '#shared/contract/account.ts';

import { PasswordField } from '../../../components/form/password-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { useNewPassword } from '../api/account-codes.ts';
import { AuthCodeField, AuthEmailField, AuthForm, AuthSubmitButton } from './auth-form.tsx';

/** The shared schema plus a confirmation that must match (checked in the browser only). */
export const newPasswordFormSchema = newPasswordInput
  .extend({ confirmPassword: z.string({ error: 'validation.passwordRequired' }) })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });

type NewPasswordFormProps = { defaultEmail: string; defaultCode: string };

/** Step 3 of the password reset: email, code, new password twice. */
export function NewPasswordForm({ defaultEmail, defaultCode }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const newPassword = useNewPassword();

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { email: defaultEmail, code: defaultCode, password: '', confirmPassword: '' },
  });
  const { serverError, attempt } = useServerError(setError);

  const onSubmit = handleSubmit(({ email, code, password }) =>
    attempt(['email', 'code', 'password'], async () => {
      await newPassword.mutateAsync({ email, code, password });
      // The server ended every session of the account: forget this device's one too.
      if (authStore.getState().isAuthenticated) await authStore.getState().logout();
      enqueueSnackbar(t('account.newPassword.success'));
      await navigate(paths.auth.login, { replace: true });
    }),
  );

  return (
    <AuthForm onSubmit={onSubmit} serverError={serverError}>
      <AuthEmailField control={control} name="email" />
      <AuthCodeField control={control} name="code" label={t('account.newPassword.codeLabel')} />
      <PasswordField
        control={control}
        name="password"
        label={t('account.newPassword.passwordLabel')}
        autoComplete="new-password"
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label={t('account.newPassword.confirmLabel')}
        autoComplete="new-password"
      />
      <AuthSubmitButton loading={formState.isSubmitting}>{t('account.newPassword.submit')}</AuthSubmitButton>
    </AuthForm>
  );
}
