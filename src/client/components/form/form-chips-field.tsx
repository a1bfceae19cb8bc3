import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

import { useTranslateMessage } from '../../locales/use-translate-message.ts';

type FormChipsFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, string[]>;
  label: string;
  /** The choices offered; none for a field of free words (tags, keywords). */
  options?: readonly string[];
  getLabel?: (option: string) => string;
  /** Words typed in are kept too (Enter adds one), trimmed, empty ones dropped. */
  freeSolo?: boolean;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/** Several values shown as chips in one field (colours, sizes, tags), bound to the form, with its error. */
export function FormChipsField<T extends FieldValues>({
  control,
  name,
  label,
  options = [],
  getLabel = (option) => option,
  freeSolo = false,
  hint,
}: FormChipsFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const translate = useTranslateMessage();
  const value = field.value as string[];
  return (
    <Autocomplete
      multiple
      freeSolo={freeSolo}
      options={[...options]}
      value={value}
      onChange={(_event, next) =>
        field.onChange(freeSolo ? next.map((word) => word.trim()).filter(Boolean) : next)
      }
      getOptionLabel={getLabel}
      renderValue={(values, getItemProps) =>
        values.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} {...props} size="small" label={getLabel(option)} dir="auto" />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={translate(fieldState.error?.message) || hint}
        />
      )}
    />
  );
}
