import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A list's search box (small, a magnifier at its start), named by `label` for assistive technology; pair it
 * with `useListState`'s `searchInput` / `setSearchInput` (debounced into the address).
 */
export function ListSearchField({
  value,
  onChange,
  label,
  placeholder,
  sx = { flexGrow: 1 },
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search sx={{ color: 'text.disabled' }} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
