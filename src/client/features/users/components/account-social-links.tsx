import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import type { User } from '#shared/contract/account.ts';
import { socialNetworks, updateMyAccountInput, type SocialLinks } from '#shared/contract/users.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useUpdateMyAccount } from '../api/users-api.ts';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { socialIcons } from './social-links.tsx';
import { SaveChangesButton } from '../../../components/form/save-changes-button.tsx';

type Values = { socialLinks: SocialLinks };

/** The Social links tab: four http(s) links (or empty), checked with the shared schema. */
export function AccountSocialLinks({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMyAccount();
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: payloadResolver(updateMyAccountInput, (values: Values) => values),
    defaultValues: { socialLinks: user.socialLinks },
  });

  const submit = handleSubmit(async (input) => {
    try {
      const { user: saved } = await update.mutateAsync(input);
      reset({ socialLinks: saved.socialLinks });
      enqueueSnackbar(t('users.toast.socialSaved'), { variant: 'success' });
    } catch (error) {
      const fields = socialNetworks.map((network) => `socialLinks.${network}` as const);
      if (!applyServerIssues(error, setError, fields))
        enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    }
  });

  return (
    <Card component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
      <Stack spacing={3}>
        {socialNetworks.map((network) => (
          <FormTextField
            key={network}
            control={control}
            name={`socialLinks.${network}`}
            type="url"
            label={t(`users.social.${network}`)}
            placeholder="https://"
            fullWidth
            slotProps={{
              input: {
                startAdornment: <InputAdornment position="start">{socialIcons[network]}</InputAdornment>,
              },
            }}
          />
        ))}
        <SaveChangesButton saving={formState.isSubmitting} dirty={formState.isDirty} />
      </Stack>
    </Card>
  );
}
