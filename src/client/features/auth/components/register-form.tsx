import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { registerInput } from '#shared/contract/account.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { paths } from '../../../config/paths.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { useReturnTo } from '../utils/use-return-to.ts';
import { AuthEmailField, AuthForm, AuthSubmitButton } from './auth-form.tsx';

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { register } = useAuthActions();

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { serverError, attempt } = useServerError(setError);

  const onSubmit = handleSubmit((values) =>
    attempt(['firstName', 'lastName', 'email', 'password'], async () => {
      await register(values);
      await navigate(returnTo ?? paths.dashboard.root, { replace: true });
    }),
  );

  return (
    <AuthForm onSubmit={onSubmit} serverError={serverError}>
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
      <AuthEmailField control={control} name="email" />
      <PasswordField
        control={control}
        name="password"
        label={t('common.passwordLabel')}
        autoComplete="new-password"
        helperText={t('auth.register.passwordHint')}
      />
      <AuthSubmitButton loading={formState.isSubmitting}>{t('auth.register.submit')}</AuthSubmitButton>
    </AuthForm>
  );
}
