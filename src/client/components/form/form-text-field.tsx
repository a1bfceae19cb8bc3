import type { FieldValues } from 'react-hook-form';

import { OutlinedTextField, type OutlinedTextFieldProps } from './outlined-text-field.tsx';
import { useBoundField, type BoundFieldProps } from './use-bound-field.ts';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  OutlinedTextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> &
  BoundFieldProps<T>;

/** An outlined text field bound to react-hook-form (a select: FormSelectField). */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  helperText,
  ...other
}: FormTextFieldProps<T>) {
  return <OutlinedTextField {...other} {...useBoundField({ name, control }, helperText)} />;
}
