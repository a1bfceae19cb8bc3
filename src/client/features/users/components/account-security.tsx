import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import TabletOutlined from '@mui/icons-material/TabletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { changePasswordInput, type ChangePasswordInput, type Session } from '#shared/contract/users.ts';

import { Label } from '../../../components/label/label.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { fDateTime, fRelativeTime } from '../../../lib/format.ts';
import { useChangePassword, useMySessions, useRevokeSession } from '../api/users-api.ts';
import { payloadResolver } from '../../../components/form/form-resolver.ts';

type PasswordValues = ChangePasswordInput & { confirmPassword: string };

const deviceIcons: Record<Session['device'], React.ReactNode> = {
  desktop: <ComputerOutlined />,
  mobile: <SmartphoneOutlined />,
  tablet: <TabletOutlined />,
  unknown: <DevicesOutlined />,
};

/** Change password: current, new, confirmation; the shared schema checks the pair (length, not the same). */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError, formState } = useForm<PasswordValues>({
    resolver: payloadResolver(
      changePasswordInput,
      ({ currentPassword, newPassword }: PasswordValues) => ({ currentPassword, newPassword }),
      ({ newPassword, confirmPassword }) =>
        newPassword && confirmPassword !== newPassword
          ? { confirmPassword: 'validation.passwordMismatch' }
          : {},
    ),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      enqueueSnackbar(t('users.toast.passwordChanged'), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        setError(
          'currentPassword',
          { type: 'server', message: 'users.account.security.wrongPassword' },
          { shouldFocus: true },
        );
      } else if (!applyServerIssues(error, setError, ['currentPassword', 'newPassword'])) {
        enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
      }
    }
  });

  return (
    <Card component="section" aria-labelledby="account-password">
      <CardHeader
        id="account-password"
        title={t('users.account.security.passwordTitle')}
        subheader={t('users.account.security.passwordText')}
        slotProps={{ title: { component: 'h2' } }}
      />
      <Stack component="form" noValidate onSubmit={submit} spacing={3} sx={{ p: 3 }}>
        <PasswordField
          control={control}
          name="currentPassword"
          label={t('users.account.security.currentPassword')}
          autoComplete="current-password"
          fullWidth
        />
        <PasswordField
          control={control}
          name="newPassword"
          label={t('users.account.security.newPassword')}
          helperText={t('users.account.security.newPasswordHint')}
          autoComplete="new-password"
          fullWidth
        />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('users.account.security.confirmPassword')}
          autoComplete="new-password"
          fullWidth
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('users.account.security.changePassword')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** Where I am signed in: this device first, the others with "Revoke". */
function SessionsList() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isPending } = useMySessions();
  const revoke = useRevokeSession();
  const sessions = [...(data?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );

  return (
    <Card component="section" aria-labelledby="account-sessions">
      <CardHeader
        id="account-sessions"
        title={t('users.account.security.sessionsTitle')}
        subheader={t('users.account.security.sessionsText')}
        slotProps={{ title: { component: 'h2' } }}
      />
      <Box sx={{ p: 3, pt: 1 }}>
        {error && <Alert severity="error">{errorMessage(error, t)}</Alert>}
        {isPending && <Skeleton variant="rounded" height={72} />}
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {sessions.map((session) => (
            <Box
              component="li"
              key={session.id}
              aria-label={session.label}
              sx={{
                p: 2,
                gap: 2,
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                borderRadius: 1.5,
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ display: 'inline-flex', color: 'text.secondary' }} aria-hidden="true">
                {deviceIcons[session.device]}
              </Box>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle2">{session.label}</Typography>
                  {session.current && <Label color="success">{t('users.account.security.thisDevice')}</Label>}
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {session.ip ?? t('users.account.security.unknownIp')}
                  {' · '}
                  <time dateTime={session.lastUsedAt} title={fDateTime(session.lastUsedAt)}>
                    {t('users.account.security.lastUsed', { when: fRelativeTime(session.lastUsedAt) })}
                  </time>
                </Typography>
              </Box>
              {!session.current && (
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  aria-label={t('users.account.security.revokeSession', { device: session.label })}
                  loading={revoke.isPending && revoke.variables === session.id}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () =>
                        enqueueSnackbar(t('users.toast.sessionRevoked'), { variant: 'success' }),
                      onError: (failure) => enqueueSnackbar(errorMessage(failure, t), { variant: 'error' }),
                    })
                  }
                >
                  {t('users.account.security.revoke')}
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      </Box>
    </Card>
  );
}

/** The Security tab: change password, and the sessions. */
export function AccountSecurity() {
  return (
    <Stack spacing={3}>
      <ChangePasswordForm />
      <SessionsList />
    </Stack>
  );
}
