import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { VerifyCodeForm } from '../components/verify-code-form.tsx';
import type { VerifyMode } from '../utils/auth-links.ts';

/** `/auth/verify?mode=reset&email=…` (password reset) or `/auth/verify?email=…` (email verification). */
export function VerifyView() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const user = useAuth((state) => state.user);
  const mode: VerifyMode = searchParams.get('mode') === 'reset' ? 'reset' : 'verify-email';
  const email = searchParams.get('email') ?? (mode === 'verify-email' ? user?.email : undefined) ?? '';
  const backToDashboard = mode === 'verify-email' && user !== null;

  return (
    <>
      <AuthFormHead
        title={mode === 'reset' ? t('account.verify.titleReset') : t('account.verify.titleVerify')}
        description={
          mode === 'reset' ? t('account.verify.descriptionReset') : t('account.verify.descriptionVerify')
        }
      />
      <VerifyCodeForm key={`${mode}:${email}`} mode={mode} defaultEmail={email} />
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <AuthLink to={backToDashboard ? paths.dashboard.root : paths.auth.login} color="inherit">
          {backToDashboard ? t('account.verify.backToDashboard') : t('account.verify.backToLogin')}
        </AuthLink>
      </Box>
    </>
  );
}
