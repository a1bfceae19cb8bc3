import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateUser, useUploadUserAvatar } from '../api/users-api.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { UserForm, type UserFormSubmit } from '../components/user-form.tsx';

/** /dashboard/user/new (admin): create the user, then upload the chosen avatar to them. */
export function UserCreateView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateUser();
  const uploadAvatar = useUploadUserAvatar();

  const onSubmit = async (values: UserFormSubmit) => {
    if (values.mode !== 'create') return;
    const { user } = await create.mutateAsync(values.input);
    if (values.avatar) {
      try {
        await uploadAvatar.mutateAsync({ ref: user.id, file: values.avatar });
      } catch (error) {
        // The user exists: say what failed and open their edit page to try the picture again.
        enqueueSnackbar(`${t('users.toast.avatarFailed')} ${errorMessage(error, t)}`, { variant: 'warning' });
        await navigate(paths.dashboard.user.edit(user.slug));
        return;
      }
    }
    enqueueSnackbar(t('users.toast.created', { name: user.displayName }), { variant: 'success' });
    await navigate(paths.dashboard.user.list);
  };

  return (
    <>
      <PageHeading
        title={t('users.create.title')}
        crumbs={[
          { label: t('users.common.dashboard'), to: paths.dashboard.root },
          { label: t('users.common.users'), to: paths.dashboard.user.list },
          { label: t('users.create.crumb') },
        ]}
      />
      <UserForm onSubmit={onSubmit} />
    </>
  );
}
