import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { User } from '#shared/contract/account.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { useAuth, useAuthActions } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usersKeys } from '../api/users-keys.ts';
import { useUpdateUser, useUploadUserAvatar, useUser } from '../api/users-api.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { UserForm, type UserFormSubmit } from '../components/user-form.tsx';

/** /dashboard/user/{name}/edit (admin): the user by URL name (slug) or id. */
export function UserEditView({ userRef }: { userRef: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const meId = useAuth((state) => state.user?.id);
  const { setUser } = useAuthActions();
  const { data, error, isPending, refetch } = useUser(userRef);
  const update = useUpdateUser();
  const uploadAvatar = useUploadUserAvatar();
  const queryClient = useQueryClient();
  // Someone else saved first: the form shows what is saved now, and says so (ADR 017).
  const [stale, setStale] = useState(false);

  const crumbs = [
    { label: t('users.common.dashboard'), to: paths.dashboard.root },
    { label: t('users.common.users'), to: paths.dashboard.user.list },
    { label: data?.user.displayName ?? t('users.edit.crumb') },
  ];

  if (isPending) {
    return (
      <>
        <PageHeading title={t('users.edit.title')} crumbs={crumbs} />
        <Stack spacing={2} aria-busy="true" aria-label={t('users.common.loading')}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </>
    );
  }

  if (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <>
        <PageHeading title={t('users.edit.title')} crumbs={crumbs} />
        {notFound ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h5" component="h2">
              {t('users.edit.notFoundTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('users.edit.notFoundText', { name: userRef })}
            </Typography>
            <Button component={RouterLink} to={paths.dashboard.user.list} variant="contained">
              {t('users.edit.backToList')}
            </Button>
          </Stack>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('users.common.retry')}
              </Button>
            }
          >
            {errorMessage(error, t)}
          </Alert>
        )}
      </>
    );
  }

  const { user } = data;

  const onSubmit = async (values: UserFormSubmit) => {
    if (values.mode !== 'edit') return;
    const input = values.removeAvatar ? { ...values.input, avatarUrl: null } : values.input;
    let saved = user;
    if (Object.keys(input).length > 0) {
      try {
        // The version the form was filled from: a save based on an older one is refused.
        saved = (await update.mutateAsync({ ref: user.id, input: { ...input, version: user.version } })).user;
      } catch (error) {
        const current = staleRecord<User>(error);
        if (!current) throw error;
        queryClient.setQueryData(usersKeys.detail(userRef), { user: current });
        setStale(true);
        return;
      }
    }
    if (values.avatar) {
      try {
        saved = (await uploadAvatar.mutateAsync({ ref: user.id, file: values.avatar })).user;
      } catch (error) {
        enqueueSnackbar(`${t('users.toast.avatarFailed')} ${errorMessage(error, t)}`, { variant: 'error' });
        return;
      }
    }
    // An admin editing themself: the header shows the new name and picture at once.
    if (saved.id === meId) setUser(saved);
    enqueueSnackbar(t('users.toast.updated', { name: saved.displayName }), { variant: 'success' });
    await navigate(paths.dashboard.user.list);
  };

  return (
    <>
      <PageHeading
        title={t('users.edit.title')}
        crumbs={crumbs}
        action={
          // The audit log narrowed to this user (by id: it survives a change of name).
          <Button
            component={RouterLink}
            to={paths.dashboard.user.auditOf(user.id)}
            variant="outlined"
            color="inherit"
            startIcon={<HistoryOutlined />}
          >
            {t('users.edit.history')}
          </Button>
        }
      />
      {stale && (
        <Alert severity="warning" sx={{ mb: 3 }} onClose={() => setStale(false)}>
          {t('common.staleEdit')}
        </Alert>
      )}
      {/* A fresh form per user and version (defaults are read once): a stale save refills it. */}
      <UserForm key={`${user.id}:${user.version}`} user={user} onSubmit={onSubmit} />
    </>
  );
}
