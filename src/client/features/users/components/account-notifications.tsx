import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import type { User } from '#shared/contract/account.ts';
import type { NotificationKey, Notifications } from '#shared/contract/users.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateMyAccount } from '../api/users-api.ts';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { SaveChangesButton } from '../../../components/form/save-changes-button.tsx';

const groups: { key: 'activity' | 'application'; switches: NotificationKey[] }[] = [
  { key: 'activity', switches: ['activityComments', 'activityAnswers', 'activityFollows'] },
  { key: 'application', switches: ['applicationNews', 'applicationProduct', 'applicationBlog'] },
];

/** The Notifications tab: which mails I want, saved with PATCH my-account `notifications`. */
export function AccountNotifications({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMyAccount();
  const { control, handleSubmit, reset, formState } = useForm<Notifications>({
    defaultValues: user.notifications,
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await update.mutateAsync({ notifications: values });
      reset(saved.notifications);
      enqueueSnackbar(t('users.toast.notificationsSaved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    }
  });

  return (
    <Card component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
      <Stack spacing={3}>
        {groups.map((group) => (
          <Box
            key={group.key}
            component="fieldset"
            sx={{
              m: 0,
              p: 0,
              border: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
            }}
          >
            <Box component="legend" sx={{ float: 'inline-start', p: 0 }}>
              <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                {t(`users.account.notifications.${group.key}`)}
              </Typography>
            </Box>
            <Stack spacing={1} sx={{ p: 2, borderRadius: 1.5, bgcolor: 'background.neutral' }}>
              {group.switches.map((name) => (
                <FormSwitch
                  key={name}
                  control={control}
                  name={name}
                  label={t(`users.account.notifications.${name}`)}
                />
              ))}
            </Stack>
          </Box>
        ))}
        <SaveChangesButton saving={formState.isSubmitting} dirty={formState.isDirty} />
      </Stack>
    </Card>
  );
}
