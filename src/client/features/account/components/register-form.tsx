import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
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

type RegisterFormProps = {
  /** An invitation link's token and the address it is for (the email field is then fixed to it). */
  invitation?: { token: string; email: string } | undefined;
  /** Shown above the fields (what the workspace's sign-up policy means for this person). */
  notice?: ReactNode;
};

export function RegisterForm({ invitation, notice }: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { register } = useAuthActions();

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerInput),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: invitation?.email ?? '',
      password: '',
      ...(invitation ? { inviteToken: invitation.token } : {}),
    },
  });
  const { serverError, attempt } = useServerError(setError);

  const onSubmit = handleSubmit((values) =>
    attempt(['firstName', 'lastName', 'email', 'password'], async () => {
      await register(values);
      await navigate(returnTo ?? paths.dashboard.root, { replace: true });
    }),
  );

  return (
    <AuthForm onSubmit={onSubmit} serverError={serverError} notice={notice}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="firstName"
          label={t('account.register.firstName')}
          autoComplete="given-name"
        />
        <FormTextField
          control={control}
          name="lastName"
          label={t('account.register.lastName')}
          autoComplete="family-name"
        />
      </Stack>
      {invitation ? (
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('common.emailLabel')}
          autoComplete="email"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      ) : (
        <AuthEmailField control={control} name="email" />
      )}
      <PasswordField
        control={control}
        name="password"
        label={t('common.passwordLabel')}
        autoComplete="new-password"
        helperText={t('account.register.passwordHint')}
      />
      <AuthSubmitButton loading={formState.isSubmitting}>{t('account.register.submit')}</AuthSubmitButton>
    </AuthForm>
  );
}
