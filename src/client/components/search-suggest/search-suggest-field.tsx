import Search from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';

import { useDebouncedCallback } from '../../lib/use-debounced-callback.ts';

type SearchSuggestFieldProps<T> = {
  /** The search in effect (from the address): the box follows it when it changes from outside. */
  value: string;
  /** The box's accessible name, and its placeholder. */
  label: string;
  placeholder: string;
  noOptionsText?: string;
  /** The suggestions for the words last passed to `onWords`. */
  options: readonly T[];
  /** The words typed, a moment after typing stops ('' once a search is made): fetch suggestions for them. */
  onWords: (words: string) => void;
  getLabel: (option: T) => string;
  /** What a suggestion shows after its picture (its name, a price…). */
  renderOption: (option: T) => ReactNode;
  /** Enter, or a typed value chosen: search for these words (trimmed; '' when the box is cleared). */
  onSearch: (words: string) => void;
  /** A suggestion chosen: open it. */
  onPick: (option: T) => void;
};

/**
 * A search box that suggests as you type (the shop's products, the blog's posts): Enter searches the list
 * for the words, choosing a suggestion opens it.
 */
export function SearchSuggestField<T>({
  value,
  label,
  placeholder,
  noOptionsText,
  options,
  onWords,
  getLabel,
  renderOption,
  onSearch,
  onPick,
}: SearchSuggestFieldProps<T>) {
  const [typed, setTyped] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (typed.trim() !== value) setTyped(value);
  }
  const wordsSoon = useDebouncedCallback(onWords, 250);
  const search = (words: string) => {
    onWords('');
    onSearch(words.trim());
  };
  return (
    <Autocomplete<T, false, false, true>
      freeSolo
      sx={{ width: { xs: 1, sm: 320 }, flexShrink: 0 }}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : getLabel(option))}
      inputValue={typed}
      onInputChange={(_event, value, reason) => {
        setTyped(value);
        if (reason === 'input') wordsSoon(value.trim());
        if (reason === 'clear') search('');
      }}
      onChange={(_event, value) => {
        if (typeof value === 'string') search(value);
        else if (value) onPick(value);
      }}
      noOptionsText={noOptionsText}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          {renderOption(option)}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={placeholder}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <Search sx={{ color: 'text.disabled' }} />
                </InputAdornment>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label },
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.defaultPrevented) search(typed);
          }}
        />
      )}
    />
  );
}
