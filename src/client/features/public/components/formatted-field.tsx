import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

import { useTranslateMessage } from '../../../locales/use-translate-message.ts';

type FormattedFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Rewrites what was typed (e.g. groups card digits by four). */
  format: (value: string) => string;
};

/** A text field bound to react-hook-form that formats its value as it is typed. */
export function FormattedField<T extends FieldValues>({
  name,
  control,
  format,
  helperText,
  ...other
}: FormattedFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const translate = useTranslateMessage();
  return (
    <TextField
      {...other}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(format(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={translate(fieldState.error?.message) ?? helperText}
    />
  );
}
