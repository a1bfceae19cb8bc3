import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useId, useMemo } from 'react';
import { useController, useForm, type Control, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  siteCreateBody,
  siteUpdateBody,
  type AnalyticsSite,
  type SiteCreateBody,
} from '#shared/contract/analytics.ts';

import { FormTimeZoneField } from '../../../components/form/form-time-zone-field.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';

export type SiteFormValues = {
  name: string;
  domains: string[];
  timeZone: string;
  goals: string[];
  excludeAdmins: boolean;
};

/**
 * A domain as typed or pasted: `https://www.example.com/path` is `www.example.com` (the scheme, a path, a
 * port and a trailing dot are left out; the contract lowercases it).
 */
export function cleanDomain(input: string): string {
  return input
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

const viewerZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const toPayload = (builtIn: boolean) => (values: SiteFormValues) => {
  const payload: SiteCreateBody = {
    name: values.name,
    domains: values.domains,
    timeZone: values.timeZone,
    goals: values.goals,
    excludeAdmins: values.excludeAdmins,
  };
  if (builtIn) delete (payload as Partial<SiteCreateBody>).domains;
  return payload;
};

/** A field error as a text (the shared validation texts the server answers with too). */
function useErrorText() {
  const translate = useTranslateMessage();
  return useCallback(
    (error: FieldError | FieldError[] | undefined): string | undefined => {
      // An array field's error is on the field or on its first bad item.
      const first = Array.isArray(error) ? error.find(Boolean) : error;
      const message = first?.message;
      if (!message) return undefined;
      return translate(message);
    },
    [translate],
  );
}

function WordsField({
  control,
  name,
  label,
  hint,
  disabled,
  clean = (word) => word.trim(),
}: {
  control: Control<SiteFormValues>;
  name: 'domains' | 'goals';
  label: string;
  hint: string;
  disabled?: boolean;
  clean?: (word: string) => string;
}) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useErrorText();
  const error = errorText(fieldState.error as FieldError | FieldError[] | undefined);
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      disabled={disabled}
      options={[]}
      value={field.value}
      onChange={(_event, next) =>
        field.onChange([...new Set(next.map((word) => clean(String(word))).filter(Boolean))])
      }
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} {...props} size="small" label={option} dir="ltr" />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      )}
    />
  );
}

function NameField({ control }: { control: Control<SiteFormValues> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { field, fieldState } = useController({ control, name: 'name' });
  const error = errorText(fieldState.error);
  return (
    <TextField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={t('analytics.sites.form.name')}
      error={Boolean(error)}
      helperText={error}
      required
      autoFocus
    />
  );
}

/**
 * Adds a site or edits one (a dialog): its name, domains (several; the built-in site's are the instance's
 * own and fixed), time zone (its days), goals (event names that count as conversions) and whether
 * administrators' own visits are left out. The contract's schema checks the fields as they are typed out;
 * the server's issues show on their fields.
 */
export function SiteFormDialog({
  open,
  site,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The site edited; none to add one. */
  site: AnalyticsSite | null;
  onClose: () => void;
  onSubmit: (payload: SiteCreateBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const builtIn = site?.builtIn ?? false;
  const payloadOf = useMemo(() => toPayload(builtIn), [builtIn]);
  const resolver = useMemo(
    () => payloadResolver<SiteFormValues>(builtIn ? siteUpdateBody : siteCreateBody, payloadOf),
    [builtIn, payloadOf],
  );
  const { control, handleSubmit, setError, formState } = useForm<SiteFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      name: site?.name ?? '',
      domains: site?.domains ?? [],
      timeZone: site?.timeZone ?? viewerZone(),
      goals: site?.goals ?? [],
      excludeAdmins: site?.excludeAdmins ?? false,
    },
  });
  const { serverError, attempt } = useServerError(setError);
  const submit = handleSubmit((values) =>
    attempt(['name', 'domains', 'timeZone', 'goals', 'excludeAdmins'], async () => {
      await onSubmit(payloadOf(values));
      onClose();
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={formState.isSubmitting ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {site
            ? t('analytics.sites.form.editTitle', { name: site.name })
            : t('analytics.sites.form.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <NameField control={control} />
            <WordsField
              control={control}
              name="domains"
              label={t('analytics.sites.form.domains')}
              hint={builtIn ? t('analytics.sites.form.domainsFixed') : t('analytics.sites.form.domainsHint')}
              disabled={builtIn}
              clean={cleanDomain}
            />
            <FormTimeZoneField
              control={control}
              name="timeZone"
              label={t('analytics.sites.form.timeZone')}
              hint={t('analytics.sites.form.timeZoneHint')}
            />
            <WordsField
              control={control}
              name="goals"
              label={t('analytics.sites.form.goals')}
              hint={t('analytics.sites.form.goalsHint')}
            />
            <FormSwitch
              control={control}
              name="excludeAdmins"
              label={t('analytics.sites.form.excludeAdmins')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {site ? t('analytics.sites.form.save') : t('analytics.sites.form.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
