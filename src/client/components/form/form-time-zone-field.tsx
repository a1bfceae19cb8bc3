import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

import { useTranslateMessage } from '../../locales/use-translate-message.ts';

type FormTimeZoneFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  label: string;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/**
 * An IANA time zone from the runtime's list, bound to the form (the current value stays a choice even if the
 * list lacks it), with its error.
 */
export function FormTimeZoneField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
}: FormTimeZoneFieldProps<T>) {
  const translate = useTranslateMessage();
  const { field, fieldState } = useController({ control, name });
  const value = field.value as string;
  const zones = useMemo(() => {
    const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return supported.length ? supported : ['UTC'];
  }, []);
  const options = zones.includes(value) ? zones : [value, ...zones];
  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      autoHighlight
      onChange={(_event, next) => field.onChange(next)}
      onBlur={field.onBlur}
      getOptionLabel={(zone) => zone.replaceAll('_', ' ')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={translate(fieldState.error?.message) ?? hint}
        />
      )}
    />
  );
}
