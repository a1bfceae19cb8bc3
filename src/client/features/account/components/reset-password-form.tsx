import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { forgotPasswordInput } from '#shared/contract/account.ts';

import { useServerError } from '../../../components/form/use-server-error.ts';
import { useForgotPassword } from '../api/account-codes.ts';
import { verifyPath } from '../utils/auth-links.ts';
import { AuthEmailField, AuthForm, AuthSubmitButton } from './auth-form.tsx';

/** Step 1 of the password reset: ask for the email, then go and enter the mailed code. */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();

  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });
  const { serverError, attempt } = useServerError(setError);

  const onSubmit = handleSubmit(({ email }) =>
    attempt(['email'], async () => {
      await forgotPassword.mutateAsync({ email });
      await navigate(verifyPath({ mode: 'reset', email }));
    }),
  );

  return (
    <AuthForm onSubmit={onSubmit} serverError={serverError}>
      <AuthEmailField control={control} name="email" />
      <AuthSubmitButton loading={formState.isSubmitting}>
        {t('account.resetPassword.submit')}
      </AuthSubmitButton>
    </AuthForm>
  );
}
