import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import type { LoginInput } from '#shared/contract/account.ts';
import { LOGIN_FORM_ACTION, loginFormErrors, type LoginFormError } from '#shared/lib/no-script-forms.ts';

import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver.ts';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { paths } from '../../../config/paths.ts';
import { useAuthActions } from '../../../lib/auth/use-auth.ts';
import { usePublicConfig } from '../api/get-public-config.ts';
import { useReturnTo } from '../utils/use-return-to.ts';
import { AuthEmailField, AuthForm, AuthSubmitButton } from './auth-form.tsx';
import { AuthLink } from './auth-link.tsx';

// zod loads when the form is first focused or submitted, not with the sign-in page.
const loginResolver = lazyZodResolver<LoginInput>(() =>
  import('#shared/contract/account.ts').then((module) => module.loginInput),
);

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { login } = useAuthActions();
  const { data: config } = usePublicConfig();
  // What the form posted without JavaScript got back (the server sent the visitor here again).
  const [searchParams] = useSearchParams();
  const postedError = searchParams.get('error');
  const formError = (loginFormErrors as readonly string[]).includes(postedError ?? '')
    ? (postedError as LoginFormError)
    : null;

  const { control, handleSubmit, setError, reset, formState } = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: formError ? (searchParams.get('email') ?? '') : '', password: '' },
  });
  const { serverError, attempt } = useServerError(setError);

  const onSubmit = handleSubmit(({ email, password }) =>
    attempt(['email', 'password'], async () => {
      await login(email, password);
      await navigate(returnTo ?? paths.dashboard.root, { replace: true });
    }),
  );

  const demo = config?.demo ?? null;

  return (
    <AuthForm
      onSubmit={onSubmit}
      onFocus={loginResolver.preload}
      action={LOGIN_FORM_ACTION}
      serverError={
        serverError ??
        (formError && formState.submitCount === 0 ? t(`account.login.formErrors.${formError}`) : null)
      }
      notice={
        demo && (
          <Alert
            severity="info"
            role="status"
            action={
              <Button color="inherit" size="small" onClick={() => reset({ email: demo.email, password: '' })}>
                {t('account.login.useDemo')}
              </Button>
            }
          >
            {t('account.login.demoAccount', { email: demo.email })}
          </Alert>
        )
      }
    >
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <AuthEmailField control={control} name="email" />
      <Stack spacing={1.5}>
        <PasswordField
          control={control}
          name="password"
          label={t('common.passwordLabel')}
          autoComplete="current-password"
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <AuthLink to={paths.auth.resetPassword} color="inherit">
            {t('account.login.forgotPassword')}
          </AuthLink>
        </Box>
      </Stack>
      <AuthSubmitButton loading={formState.isSubmitting}>{t('account.login.submit')}</AuthSubmitButton>
    </AuthForm>
  );
}
