import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import type { Privacy, User } from '#shared/contract/account.ts';
import { profileVisibilities } from '#shared/contract/user-enums.ts';

import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { SaveChangesButton } from '../../../components/form/save-changes-button.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateMyAccount } from '../api/users-api.ts';

const fields = ['email', 'phone'] as const;

/**
 * The Privacy tab: who besides administrators sees my email address and my phone number (all members, or
 * nobody), saved with PATCH my-account `privacy`. The postal address is never shown to members.
 */
export function AccountPrivacy({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMyAccount();
  const { control, handleSubmit, reset, formState } = useForm<Privacy>({ defaultValues: user.privacy });

  const submit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await update.mutateAsync({ privacy: values });
      reset(saved.privacy);
      enqueueSnackbar(t('users.toast.privacySaved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    }
  });

  return (
    <Card component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t('users.account.privacy.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('users.account.privacy.intro')}
          </Typography>
        </Stack>
        {fields.map((name) => (
          <FormSelectField
            key={name}
            control={control}
            name={name}
            label={t(`users.account.privacy.${name}`)}
            sx={{ maxWidth: 420 }}
          >
            {profileVisibilities.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`users.account.privacy.${value}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        ))}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('users.account.privacy.address')}
        </Typography>
        <SaveChangesButton saving={formState.isSubmitting} dirty={formState.isDirty} />
      </Stack>
    </Card>
  );
}
