import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormTextField, type FormTextFieldProps } from '../../../components/form/form-text-field.tsx';

type AuthFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A field of the form got the focus (e.g. to start loading the form's validation). */
  onFocus?: FocusEventHandler<HTMLFormElement>;
  /** What the server answered that no field could show (an error alert above the fields). */
  serverError: string | null;
  /** Shown above the error alert (the sign-in page's demo account). */
  notice?: ReactNode;
  /**
   * Where the browser posts the form when the app's code has not run yet (no JavaScript, or not loaded yet):
   * a server route that answers with a redirect (the sign-in form). Without it the form is the app's only:
   * the server renders the page, and a submit before the app runs sends nothing.
   */
  action?: string;
  children: ReactNode;
};

/** The form of an auth page: the error alert, then the fields and the submit button, stacked. */
export function AuthForm({ onSubmit, onFocus, serverError, notice, action, children }: AuthFormProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      // Without an action, a post before the app runs does nothing (`dialog` outside a dialog), rather than
      // put the fields (a password) in the page's URL as a GET of the form would.
      {...(action ? { method: 'post', action } : { method: 'dialog' })}
    >
      <Stack spacing={3}>
        {notice}
        {serverError && <Alert severity="error">{serverError}</Alert>}
        {children}
      </Stack>
    </Box>
  );
}

/** The full-width submit button of an auth form, busy while the form is submitting. */
export function AuthSubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button fullWidth size="large" type="submit" variant="contained" loading={loading}>
      {children}
    </Button>
  );
}

type FieldProps<T extends FieldValues> = Pick<FormTextFieldProps<T>, 'control' | 'name'>;

/** The "Email address" field. */
export function AuthEmailField<T extends FieldValues>({ control, name }: FieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={name}
      type="email"
      label={t('common.emailLabel')}
      autoComplete="email"
    />
  );
}

/** The field of the mailed 6-digit code (numeric keyboard, one-time-code autofill). */
export function AuthCodeField<T extends FieldValues>({
  control,
  name,
  label,
}: FieldProps<T> & { label: string }) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
    />
  );
}
