import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';

function codeFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const code = (state as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Works when reached from the code step (email in the URL, code in router state) and when opened directly. */
export function NewPasswordView() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const email = searchParams.get('email') ?? '';
  const code = codeFromState(location.state) ?? searchParams.get('code') ?? '';

  return (
    <>
      <AuthFormHead
        title={t('account.newPassword.title')}
        description={t('account.newPassword.description')}
      />
      <NewPasswordForm key={`${email}:${code}`} defaultEmail={email} defaultCode={code} />
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <AuthLink to={paths.auth.login} color="inherit">
          {t('account.newPassword.backToLogin')}
        </AuthLink>
      </Box>
    </>
  );
}
