import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { useReturnTo, withReturnTo } from '../utils/use-return-to.ts';

type RegisterViewProps = { loginPath?: string };

export function RegisterView({ loginPath = paths.auth.login }: RegisterViewProps) {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  return (
    <>
      <AuthFormHead
        title={t('auth.register.title')}
        description={
          <>
            {t('auth.register.haveAccount')}{' '}
            <AuthLink to={withReturnTo(loginPath, returnTo)}>{t('auth.register.signIn')}</AuthLink>
          </>
        }
      />
      <RegisterForm />
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}
      >
        {t('auth.register.terms')}
      </Typography>
    </>
  );
}
