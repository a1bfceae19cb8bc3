import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import type { User } from '#shared/contract/account.ts';
import { updateMyAccountInput, type UpdateMyAccountInput } from '#shared/contract/users.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useResendVerification, useUpdateMyAccount, useUploadMyPicture } from '../api/users-api.ts';
import { payloadResolver, pickDirty } from '../../../components/form/form-resolver.ts';
import { profileFieldNames } from '../utils/user-form-values.ts';
import { AccountStorage } from './account-storage.tsx';
import { AvatarUpload } from './avatar-upload.tsx';
import { CurrentPasswordDialog } from './current-password-dialog.tsx';
import { SaveChangesButton } from '../../../components/form/save-changes-button.tsx';

type GeneralValues = Record<(typeof profileFieldNames)[number], string>;
type Payload = Omit<UpdateMyAccountInput, 'currentPassword'>;

const toPayload = (values: GeneralValues): Payload => ({ ...values });

function defaults(user: User): GeneralValues {
  return Object.fromEntries(profileFieldNames.map((name) => [name, user[name]])) as GeneralValues;
}

/**
 * The General tab: avatar (sent as soon as it is chosen) and the profile fields (PATCH my-account with the
 * changed fields). A new email address asks for the current password first, then a confirmation code is
 * sent to it.
 */
export function AccountGeneral({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMyAccount();
  const uploadPicture = useUploadMyPicture();
  const resend = useResendVerification();
  const [formError, setFormError] = useState<string | null>(null);
  const [emailChange, setEmailChange] = useState<Payload | null>(null);

  const { control, handleSubmit, setError, reset, formState } = useForm<GeneralValues>({
    resolver: payloadResolver(updateMyAccountInput, toPayload),
    defaultValues: defaults(user),
  });

  // Read while rendering, so react-hook-form tracks which fields changed (an edit sends only those).
  const { dirtyFields } = formState;
  /** Sends the changes; resolves to a message for the password field when that was wrong. */
  const send = async (input: UpdateMyAccountInput): Promise<string | null> => {
    setFormError(null);
    try {
      const { user: saved } = await update.mutateAsync(input);
      reset(defaults(saved));
      setEmailChange(null);
      enqueueSnackbar(t('users.toast.accountSaved'), { variant: 'success' });
      if (input.email !== undefined) {
        resend.mutate(undefined, {
          onSuccess: () =>
            enqueueSnackbar(t('users.toast.emailCodeSent', { email: saved.email }), { variant: 'info' }),
        });
      }
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD')
        return 'users.account.security.wrongPassword';
      setEmailChange(null);
      enqueueSnackbar(t('users.toast.saveFailed'), { variant: 'error' });
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: 'users.form.emailTaken' }, { shouldFocus: true });
      } else if (!applyServerIssues(error, setError, profileFieldNames)) {
        setFormError(errorMessage(error, t));
      }
      return null;
    }
  };

  const submit = handleSubmit(async (values) => {
    const changes = pickDirty(toPayload(values), dirtyFields);
    if (Object.keys(changes).length === 0) {
      enqueueSnackbar(t('users.toast.noChanges'), { variant: 'info' });
      return;
    }
    if (changes.email !== undefined && changes.email !== user.email) {
      setEmailChange(changes);
      return;
    }
    const { email: _unchanged, ...rest } = changes;
    await send(rest);
  });

  const onAvatar = (file: File) =>
    uploadPicture.mutate(
      { kind: 'avatar', file },
      {
        onSuccess: () => enqueueSnackbar(t('users.toast.avatarUpdated'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );

  const onRemoveAvatar = () =>
    update.mutate(
      { avatarUrl: null },
      {
        onSuccess: () => enqueueSnackbar(t('users.toast.avatarRemoved'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );

  const field = (name: (typeof profileFieldNames)[number], extra: object = {}) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`users.form.fields.${name}`)}
      fullWidth
      {...extra}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
      <Box sx={{ display: 'grid', gap: 3, alignSelf: 'start' }}>
        <Card sx={{ p: 3, pt: 5 }}>
          <AvatarUpload
            name={user.displayName}
            src={user.avatarUrl}
            onSelect={onAvatar}
            onRemove={user.avatarUrl ? onRemoveAvatar : undefined}
            busy={uploadPicture.isPending}
          />
        </Card>
        <AccountStorage />
      </Box>
      <Card component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
        {formError && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {formError}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('firstName', { autoComplete: 'given-name' })}
          {field('lastName', { autoComplete: 'family-name' })}
          {field('email', { type: 'email', autoComplete: 'email' })}
          {field('phone', { type: 'tel', autoComplete: 'tel' })}
          {field('country', { autoComplete: 'country-name' })}
          {field('state', { autoComplete: 'address-level1' })}
          {field('city', { autoComplete: 'address-level2' })}
          {field('address', { autoComplete: 'street-address' })}
          {field('zipCode', { autoComplete: 'postal-code' })}
          {field('company', { autoComplete: 'organization' })}
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>{field('about', { multiline: true, minRows: 4 })}</Box>
        </Box>
        <SaveChangesButton saving={formState.isSubmitting || update.isPending} sx={{ mt: 3 }} />
      </Card>
      <CurrentPasswordDialog
        open={emailChange !== null}
        title={t('users.account.general.confirmEmailTitle')}
        text={t('users.account.general.confirmEmailText')}
        action={t('users.account.general.confirmEmailAction')}
        onCancel={() => setEmailChange(null)}
        onConfirm={(currentPassword) =>
          emailChange ? send({ ...emailChange, currentPassword }) : Promise.resolve(null)
        }
      />
    </Box>
  );
}
