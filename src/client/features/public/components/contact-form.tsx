import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import {
  CONTACT_FORM_ACTION,
  CONTACT_LIMITS,
  contactFormErrors,
  type ContactFormError,
  contactInput,
  contactMessagesEn,
  type ContactFormValues,
  type ContactInput,
} from '#shared/contract/contact.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { useSendContactMessage } from '../api/send-contact.ts';

const fields = ['name', 'email', 'subject', 'message'] as const;

/** `?sent=1`, or `?error=` and the short fields, as the form's post without JavaScript came back. */
function postedOutcome(params: URLSearchParams): {
  sent: boolean;
  error: ContactFormError | null;
  fields: Partial<ContactFormValues>;
} {
  const error = params.get('error');
  const known = (contactFormErrors as readonly string[]).includes(error ?? '');
  const fields: Partial<ContactFormValues> = {};
  for (const name of ['name', 'email', 'subject'] as const) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  return { sent: params.get('sent') === '1', error: known ? (error as ContactFormError) : null, fields };
}
const emptyForm: ContactFormValues = { name: '', email: '', subject: '', message: '' };

/** The server writes the contact keys' English texts; show them translated again. */
const keyByEnglishText = new Map<string, string>(
  Object.entries(contactMessagesEn).map(([key, text]) => [text, key]),
);
function withContactKeys(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const issues = error.issues.map((issue) => ({
    ...issue,
    message: keyByEnglishText.get(issue.message) ?? issue.message,
  }));
  return new ApiError(error.message, {
    status: error.status,
    code: error.code,
    issues,
    hasServerMessage: error.hasServerMessage,
  });
}

/**
 * The contact form, validated with the shared schema in the browser and again on the server. Success:
 * a toast and an empty form; a server failure (e.g. 429 too many messages) shows in an alert.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendContactMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  // What the form posted without JavaScript got back (the server sent the visitor here again).
  const [searchParams] = useSearchParams();
  const posted = postedOutcome(searchParams);

  const { control, handleSubmit, reset, setError, formState } = useForm<
    ContactFormValues,
    unknown,
    ContactInput
  >({
    resolver: zodResolver(contactInput),
    defaultValues: posted.error ? { ...emptyForm, ...posted.fields } : emptyForm,
  });
  const showPosted = formState.submitCount === 0 && !serverError;
  const message = useWatch({ control, name: 'message' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send.mutateAsync(values);
      reset(emptyForm);
      enqueueSnackbar(t('contact.form.sent'), { variant: 'success' });
    } catch (error) {
      if (!applyServerIssues(withContactKeys(error), setError, fields))
        setServerError(errorMessage(error, t));
    }
  });

  return (
    <Box
      component="form"
      noValidate
      method="post"
      action={CONTACT_FORM_ACTION}
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <Stack spacing={2.5}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        {showPosted && posted.sent && (
          <Alert severity="success" role="status">
            {t('contact.form.postedSent')}
          </Alert>
        )}
        {showPosted && posted.error && (
          <Alert severity="error">{t(`contact.form.postedErrors.${posted.error}`)}</Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="name" label={t('contact.form.name')} autoComplete="name" />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('contact.form.email')}
            autoComplete="email"
          />
        </Box>
        <FormTextField
          control={control}
          name="subject"
          label={t('contact.form.subject')}
          slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }}
        />
        <FormTextField
          control={control}
          name="message"
          label={t('contact.form.message')}
          multiline
          minRows={5}
          helperText={t('contact.form.messageCount', { count: message.length, max: CONTACT_LIMITS.message })}
        />
        <Box>
          <Button type="submit" size="large" variant="contained" loading={send.isPending}>
            {t('contact.form.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
