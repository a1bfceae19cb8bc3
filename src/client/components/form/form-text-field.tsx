import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

import { useTranslateMessage } from '../../locales/use-translate-message.ts';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/** A MUI TextField bound to react-hook-form; its error (an i18n key or a server text) shows translated. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  helperText,
  ...other
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const translate = useTranslateMessage();
  const errorText = translate(fieldState.error?.message);
  return (
    <TextField
      {...other}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={errorText ?? helperText}
    />
  );
}
