import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

import { useTranslateMessage } from '../../locales/use-translate-message.ts';

export type BoundFieldProps<T extends FieldValues> = { name: FieldPath<T>; control: Control<T> };

/** The props that bind a text field to react-hook-form; its error (an i18n key or a server text) shows translated. */
export function useBoundField<T extends FieldValues>(
  { name, control }: BoundFieldProps<T>,
  helperText: ReactNode,
) {
  const { field, fieldState } = useController({ name, control });
  const translate = useTranslateMessage();
  const errorText = translate(fieldState.error?.message);
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: Boolean(fieldState.error),
    helperText: errorText ?? helperText,
  };
}
