import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

export function ResetPasswordView() {
  const { t } = useTranslation();
  return (
    <>
      <AuthFormHead title={t('auth.resetPassword.title')} description={t('auth.resetPassword.description')} />
      <ResetPasswordForm />
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <AuthLink to={paths.auth.login} color="inherit">
          {t('auth.resetPassword.backToLogin')}
        </AuthLink>
      </Box>
    </>
  );
}
