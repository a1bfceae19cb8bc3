import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';

import { newPasswordInput } from '#shared/contract/account.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useNewPassword } from '../api/account-codes.ts';

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
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { email: defaultEmail, code: defaultCode, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, code, password }) => {
    setServerError(null);
    try {
      await newPassword.mutateAsync({ email, code, password });
      // The server ended every session of the account: forget this device's one too.
      if (authStore.getState().isAuthenticated) await authStore.getState().logout();
      enqueueSnackbar(t('auth.newPassword.success'));
      await navigate(paths.auth.login, { replace: true });
    } catch (error) {
      if (!applyServerIssues(error, setError, ['email', 'code', 'password'])) {
        setServerError(errorMessage(error, t));
      }
    }
  });

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
          label={t('auth.newPassword.codeLabel')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <PasswordField
          control={control}
          name="password"
          label={t('auth.newPassword.passwordLabel')}
          autoComplete="new-password"
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('auth.newPassword.confirmLabel')}
          autoComplete="new-password"
        />
        <Button fullWidth size="large" type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('auth.newPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
