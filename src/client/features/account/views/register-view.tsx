import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useInvitationPreview, useSignupPolicy } from '../api/signup-policy.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { useReturnTo, withReturnTo } from '../utils/use-return-to.ts';

type RegisterViewProps = { loginPath?: string };

/**
 * Registration as the workspace's sign-up policy allows it (ADR 034): a form for `open`, `verify` and
 * `approval` (which says that an administrator approves), an invitation link's form with its address fixed,
 * and for `invite` without a link or `closed`, the reason there is no form. The first account of an empty
 * instance always gets the form.
 */
export function RegisterView({ loginPath = paths.auth.login }: RegisterViewProps) {
  const { t } = useTranslation();
  const returnTo = useReturnTo();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('invite');
  const policy = useSignupPolicy();
  const preview = useInvitationPreview(token);

  const head = (
    <AuthFormHead
      title={t('account.register.title')}
      description={
        <>
          {t('account.register.haveAccount')}{' '}
          <AuthLink to={withReturnTo(loginPath, returnTo)}>{t('account.register.signIn')}</AuthLink>
        </>
      }
    />
  );

  if (policy.isPending || (token !== null && preview.isPending)) {
    return (
      <>
        {head}
        <Stack spacing={3} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={54} />
          ))}
        </Stack>
      </>
    );
  }

  // Without the policy (the request failed), the form shows and the server's answer says what applies.
  const signup = policy.data?.firstAccount ? 'open' : policy.data?.signup;
  const invitation = token !== null && preview.data ? { token, email: preview.data.email } : undefined;

  let refusal: string | null = null;
  if (token !== null && !invitation) refusal = t('account.register.inviteInvalid');
  else if (!invitation && signup === 'closed') refusal = t('account.register.closed');
  else if (!invitation && signup === 'invite') refusal = t('account.register.inviteOnly');
  if (refusal) {
    return (
      <>
        {head}
        <Alert severity="info" role="status">
          {refusal}
        </Alert>
      </>
    );
  }

  const notice = invitation ? (
    <Alert severity="success">
      {preview.data?.invitedBy
        ? t('account.register.invitedBy', { name: preview.data.invitedBy })
        : t('account.register.invited')}
    </Alert>
  ) : signup === 'approval' ? (
    <Alert severity="info">{t('account.register.approvalNotice')}</Alert>
  ) : null;

  return (
    <>
      {head}
      <RegisterForm invitation={invitation} notice={notice} />
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}
      >
        {t('account.register.terms')}
      </Typography>
    </>
  );
}
