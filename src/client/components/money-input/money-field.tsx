import InputAdornment from '@mui/material/InputAdornment';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';

import { OutlinedTextField, type OutlinedTextFieldProps } from '../form/outlined-text-field.tsx';
import { useBoundField, type BoundFieldProps } from '../form/use-bound-field.ts';

export type MoneyFieldProps = Omit<OutlinedTextFieldProps, 'type'> & {
  /** The currency shown in the field (a code, or `¤`); none when absent. */
  unit?: ReactNode;
  /** Where the unit sits (the product form puts `¤` first, a code goes after the amount). */
  unitPosition?: 'start' | 'end';
};

/**
 * The one money input: an amount in units (two decimals, never below 0) with its currency. Its value is
 * the text typed; `money-input.ts` turns it into cents and back (empty = no value, `null`).
 */
export function MoneyField({ unit, unitPosition = 'end', slotProps, ...other }: MoneyFieldProps) {
  const own = slotProps as { htmlInput?: object; input?: object } | undefined;
  const adornment =
    unit === undefined ? undefined : <InputAdornment position={unitPosition}>{unit}</InputAdornment>;
  return (
    <OutlinedTextField
      {...other}
      type="number"
      slotProps={{
        ...own,
        htmlInput: { min: 0, step: '0.01', ...own?.htmlInput },
        input: {
          ...(unitPosition === 'start' ? { startAdornment: adornment } : { endAdornment: adornment }),
          ...own?.input,
        },
      }}
    />
  );
}

export type FormMoneyFieldProps<T extends FieldValues> = Omit<
  MoneyFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> &
  BoundFieldProps<T>;

/** MoneyField bound to react-hook-form (its error, an i18n key or a server text, shows translated). */
export function FormMoneyField<T extends FieldValues>({
  name,
  control,
  helperText,
  ...other
}: FormMoneyFieldProps<T>) {
  return <MoneyField {...other} {...useBoundField({ name, control }, helperText)} />;
}
