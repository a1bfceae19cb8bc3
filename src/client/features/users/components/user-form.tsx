import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { roles, userStatuses, type User } from '#shared/contract/account.ts';
import {
  createUserInput,
  updateUserInput,
  type CreateUserInput,
  type UpdateUserInput,
} from '#shared/contract/users.ts';

import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { payloadResolver, pickDirty } from '../../../components/form/form-resolver.ts';
import {
  profileFieldNames,
  toCreatePayload,
  toUpdatePayload,
  userFormDefaults,
  type UserFormValues,
} from '../utils/user-form-values.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';

const serverFields = [...profileFieldNames, 'role', 'status', 'password', 'storageQuotaBytes'] as const;

/** "Banned" on the status: on bans, off makes the user active again (other statuses: the select). */
function BannedSwitch({ control, disabled }: { control: Control<UserFormValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'status' });
  return (
    <FormControlLabel
      label={t('users.form.banned')}
      disabled={disabled}
      control={
        <Switch
          checked={field.value === 'banned'}
          onChange={(event) => field.onChange(event.target.checked ? 'banned' : 'active')}
          onBlur={field.onBlur}
        />
      }
    />
  );
}

export type UserFormSubmit =
  | { mode: 'create'; input: CreateUserInput; avatar: File | null }
  | { mode: 'edit'; input: UpdateUserInput; avatar: File | null; removeAvatar: boolean };

type UserFormProps = {
  /** The user being edited; none = a new user. */
  user?: User;
  /** Sends the form; a rejection with an ApiError is shown on the form. */
  onSubmit: (values: UserFormSubmit) => Promise<void>;
};

/**
 * The admin's user form, for a new user and for an edit (one component). Validation is the shared contract
 * (createUserInput / updateUserInput) run on exactly the fields the request sends; an edit sends only the
 * fields that changed. Server answers: 409 EMAIL_TAKEN goes on the email field, 409 LAST_ADMIN and others
 * in an alert above the form.
 */
export function UserForm({ user, onSubmit }: UserFormProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const isEdit = Boolean(user);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const { control, handleSubmit, setError, formState } = useForm<UserFormValues>({
    resolver: isEdit
      ? payloadResolver(updateUserInput, toUpdatePayload)
      : payloadResolver(createUserInput, toCreatePayload),
    defaultValues: userFormDefaults(user),
  });
  // Read while rendering, so react-hook-form tracks which fields changed (an edit sends only those).
  const { dirtyFields } = formState;
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });
  const name = `${firstName} ${lastName}`.trim();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (user) {
        const input = pickDirty(toUpdatePayload(values), dirtyFields);
        await onSubmit({ mode: 'edit', input, avatar, removeAvatar });
      } else {
        await onSubmit({ mode: 'create', input: toCreatePayload(values), avatar });
      }
    } catch (error) {
      enqueueSnackbar(t('users.toast.saveFailed'), { variant: 'error' });
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { type: 'server', message: 'users.form.emailTaken' }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'LAST_ADMIN') {
        setFormError(t('users.errors.lastAdmin'));
        return;
      }
      if (!applyServerIssues(error, setError, serverFields)) setFormError(errorMessage(error, t));
    }
  });

  const field = (fieldName: (typeof serverFields)[number], extra?: { multiline?: boolean }) => (
    <FormTextField
      control={control}
      name={fieldName}
      label={t(`users.form.fields.${fieldName}`)}
      fullWidth
      {...(extra?.multiline ? { multiline: true, minRows: 3 } : {})}
    />
  );

  const shownAvatar = removeAvatar ? null : (user?.avatarUrl ?? null);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
        <Card sx={{ p: 3, pt: 5 }}>
          <Stack spacing={3}>
            <AvatarUpload
              name={name}
              src={shownAvatar}
              file={avatar}
              onSelect={(file) => {
                setAvatar(file);
                setRemoveAvatar(false);
              }}
              onRemove={
                isEdit
                  ? () => {
                      setAvatar(null);
                      setRemoveAvatar(true);
                    }
                  : undefined
              }
              disabled={formState.isSubmitting}
            />
            {isEdit && <BannedSwitch control={control} disabled={formState.isSubmitting} />}
            <FormSwitch control={control} name="emailVerified" label={t('users.form.emailVerified')} />
          </Stack>
        </Card>
        <Card sx={{ p: 3 }}>
          {formError && (
            <Alert severity="error" sx={{ mb: 3 }}>
              {formError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field('firstName')}
            {field('lastName')}
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('users.form.fields.email')}
              autoComplete="off"
              fullWidth
            />
            <FormTextField
              control={control}
              name="phone"
              type="tel"
              label={t('users.form.fields.phone')}
              fullWidth
            />
            {field('country')}
            {field('state')}
            {field('city')}
            {field('address')}
            {field('zipCode')}
            {field('company')}
            <FormSelectField control={control} name="role" label={t('users.form.fields.role')} fullWidth>
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`roles.${role}`)}
                </MenuItem>
              ))}
            </FormSelectField>
            {isEdit ? (
              <FormSelectField
                control={control}
                name="status"
                label={t('users.form.fields.status')}
                fullWidth
              >
                {userStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {t(`users.status.${status}`)}
                  </MenuItem>
                ))}
              </FormSelectField>
            ) : (
              <PasswordField
                control={control}
                name="password"
                label={t('users.form.fields.password')}
                helperText={t('users.form.passwordHint')}
                autoComplete="new-password"
                fullWidth
              />
            )}
            {isEdit && (
              <FormTextField
                control={control}
                name="storageQuotaBytes"
                label={t('users.form.fields.storageQuotaBytes')}
                helperText={t('users.form.storageQuotaHint')}
                placeholder={t('users.form.storageQuotaDefault')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
              />
            )}
            <Box sx={{ gridColumn: { sm: 'span 2' } }}>{field('about', { multiline: true })}</Box>
          </Box>
          <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {isEdit ? t('users.form.save') : t('users.form.create')}
            </Button>
          </Stack>
        </Card>
      </Box>
    </Box>
  );
}
