import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { deleteMyAccountInput } from '#shared/contract/users.ts';

import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { PasswordField } from '../../../components/form/password-field.tsx';

type CurrentPasswordDialogProps = {
  open: boolean;
  title: string;
  text: string;
  /** The confirming button's label; `danger` makes it red (something that cannot be undone). */
  action: string;
  danger?: boolean;
  /** Why the last try was refused, when it is not about the password (shown above the field). */
  notice?: string | null;
  onCancel: () => void;
  /** Sends the request; the message (or translation key) to show on the field, or null when it went through. */
  onConfirm: (currentPassword: string) => Promise<string | null>;
};

/**
 * The current password, asked again before something a stolen session must not do alone: changing the
 * email address, deleting the account (SECURITY.md A19, ADR 058). The shared schema checks it is there.
 */
export function CurrentPasswordDialog({
  open,
  title,
  text,
  action,
  danger = false,
  notice,
  onCancel,
  onConfirm,
}: CurrentPasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, setError, reset, formState } = useForm<{ currentPassword: string }>({
    resolver: payloadResolver(deleteMyAccountInput, (values: { currentPassword: string }) => values),
    defaultValues: { currentPassword: '' },
  });
  const submit = handleSubmit(async ({ currentPassword }) => {
    const problem = await onConfirm(currentPassword);
    if (problem) setError('currentPassword', { type: 'server', message: problem }, { shouldFocus: true });
    else reset();
  });
  const cancel = () => {
    if (formState.isSubmitting) return;
    reset();
    onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          {notice && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
          <PasswordField
            control={control}
            name="currentPassword"
            label={t('users.account.security.currentPassword')}
            autoComplete="current-password"
            autoFocus
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={cancel} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            loading={formState.isSubmitting}
          >
            {action}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
