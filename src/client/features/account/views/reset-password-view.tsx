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
      <AuthFormHead
        title={t('account.resetPassword.title')}
        description={t('account.resetPassword.description')}
      />
      <ResetPasswordForm />
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <AuthLink to={paths.auth.login} color="inherit">
          {t('account.resetPassword.backToLogin')}
        </AuthLink>
      </Box>
    </>
  );
}
