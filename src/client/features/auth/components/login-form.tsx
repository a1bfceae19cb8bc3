import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { loginInput } from '#shared/contract/account.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useReturnTo } from '../utils/use-return-to.ts';
import { AuthLink } from './auth-link.tsx';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { login } = useAuthActions();
  const { data: config } = usePublicConfig();
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      await login(email, password);
      await navigate(returnTo ?? paths.dashboard.root, { replace: true });
    } catch (error) {
      if (!applyServerIssues(error, setError, ['email', 'password'])) setServerError(errorMessage(error, t));
    }
  });

  const demo = config?.demo ?? null;

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={3}>
        {demo && (
          <Alert
            severity="info"
            role="status"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => reset({ email: demo.email, password: demo.password })}
              >
                {t('auth.login.useDemo')}
              </Button>
            }
          >
            {t('auth.login.demoAccount', { email: demo.email, password: demo.password })}
          </Alert>
        )}
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('common.emailLabel')}
          autoComplete="email"
        />
        <Stack spacing={1.5}>
          <PasswordField
            control={control}
            name="password"
            label={t('common.passwordLabel')}
            autoComplete="current-password"
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <AuthLink to={paths.auth.resetPassword} color="inherit">
              {t('auth.login.forgotPassword')}
            </AuthLink>
          </Box>
        </Stack>
        <Button fullWidth size="large" type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
