import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { forgotPasswordInput } from '#shared/contract/account.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useForgotPassword } from '../api/account-codes.ts';
import { verifyPath } from '../utils/auth-links.ts';

/** Step 1 of the password reset: ask for the email, then go and enter the mailed code. */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await forgotPassword.mutateAsync({ email });
      await navigate(verifyPath({ mode: 'reset', email }));
    } catch (error) {
      if (!applyServerIssues(error, setError, ['email'])) setServerError(errorMessage(error, t));
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
        <Button fullWidth size="large" type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('auth.resetPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
