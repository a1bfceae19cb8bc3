import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { registerInput } from '#shared/contract/account.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useReturnTo } from '../utils/use-return-to.ts';

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { register } = useAuthActions();
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await register(values);
      await navigate(returnTo ?? paths.dashboard.root, { replace: true });
    } catch (error) {
      const fields = ['firstName', 'lastName', 'email', 'password'] as const;
      if (!applyServerIssues(error, setError, fields)) setServerError(errorMessage(error, t));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="firstName"
            label={t('auth.register.firstName')}
            autoComplete="given-name"
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t('auth.register.lastName')}
            autoComplete="family-name"
          />
        </Stack>
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('common.emailLabel')}
          autoComplete="email"
        />
        <PasswordField
          control={control}
          name="password"
          label={t('common.passwordLabel')}
          autoComplete="new-password"
          helperText={t('auth.register.passwordHint')}
        />
        <Button fullWidth size="large" type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('auth.register.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
