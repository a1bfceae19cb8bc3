import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export type SelectOption<V extends string> = {
  value: V;
  label: ReactNode;
  /** A sub-category's level: its choice is indented. */
  depth?: number;
};

/**
 * A select of a banking form (the import's mapping, a recurring or new transaction, the category editor):
 * its choices as value and label; `none` adds an empty first choice with that label.
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  none,
  size = 'small',
  required = false,
  disabled = false,
  helperText,
}: {
  label: string;
  value: V | '';
  options: ReadonlyArray<SelectOption<V>>;
  onChange: (value: V | '') => void;
  none?: string | undefined;
  size?: 'small' | 'medium';
  required?: boolean;
  disabled?: boolean;
  helperText?: string | undefined;
}) {
  return (
    <TextField
      select
      fullWidth
      size={size}
      required={required}
      disabled={disabled}
      helperText={helperText}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V | '')}
    >
      {none !== undefined && <MenuItem value="">{none}</MenuItem>}
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          sx={option.depth ? { pl: 2 + option.depth * 2 } : {}}
        >
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
