import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { useReturnTo, withReturnTo } from '../utils/use-return-to.ts';

type LoginViewProps = { registerPath?: string };

export function LoginView({ registerPath = paths.auth.register }: LoginViewProps) {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  return (
    <>
      <AuthFormHead
        title={t('account.login.title')}
        description={
          <>
            {t('account.login.noAccount')}{' '}
            <AuthLink to={withReturnTo(registerPath, returnTo)}>{t('account.login.getStarted')}</AuthLink>
          </>
        }
      />
      <LoginForm />
    </>
  );
}
