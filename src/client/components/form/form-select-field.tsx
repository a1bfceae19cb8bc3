import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';

import { useBoundField, type BoundFieldProps } from './use-bound-field.ts';

export type FormSelectFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select'
> &
  BoundFieldProps<T>;

/** A MUI select field bound to react-hook-form; its children are the MenuItems. */
export function FormSelectField<T extends FieldValues>({
  name,
  control,
  helperText,
  ...other
}: FormSelectFieldProps<T>) {
  return <TextField {...other} select {...useBoundField({ name, control }, helperText)} />;
}
