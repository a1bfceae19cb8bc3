import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { usePeopleDirectory, type Person } from '../../lib/people-directory.ts';
import { useDebouncedCallback } from '../../lib/use-debounced-callback.ts';

export type { Person };

/** Grey initials on a dark enough background (contrast) when a person has no picture. */
export const personAvatarSx = {
  '&.MuiAvatar-colorDefault': { bgcolor: 'grey.600', color: 'common.white' },
} as const;

type PeoplePickerProps = {
  label: string;
  placeholder?: string;
  value: Person[];
  onChange: (people: Person[]) => void;
  /** Who may not be picked (e.g. the person themselves). */
  excludeIds?: readonly string[];
  /** A fixed list to pick from (a board's members); without it, the instance's directory is searched. */
  options?: Person[];
  disabled?: boolean;
  max?: number;
};

/**
 * Picks several people: from a given list, or by searching the directory (the building block every area
 * uses to add people: attendees, assignees, members).
 */
export function PeoplePicker({
  label,
  placeholder,
  value,
  onChange,
  excludeIds = [],
  options,
  disabled,
  max,
}: PeoplePickerProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const setSearchSoon = useDebouncedCallback(setSearch, 250);
  // The directory is asked only once the list opens (not for every form that shows a picker).
  const directory = usePeopleDirectory(search, open && !options && !disabled);
  const excluded = new Set(excludeIds);
  const choices = (options ?? directory.data ?? []).filter((person) => !excluded.has(person.id));
  const full = max !== undefined && value.length >= max;

  return (
    <Autocomplete
      multiple
      disabled={disabled}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={full ? [] : choices}
      value={value}
      loading={!options && directory.isFetching}
      filterOptions={options ? undefined : (all) => all}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearchSoon(text);
      }}
      onChange={(_event, people) => onChange(people)}
      getOptionLabel={(person) => person.name}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      renderValue={(people, getItemProps) =>
        people.map((person, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={person.name}
              avatar={<Avatar alt="" src={person.avatarUrl ?? undefined} sx={personAvatarSx} />}
            />
          );
        })
      }
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <Avatar
            aria-hidden
            alt=""
            src={person.avatarUrl ?? undefined}
            sx={{ ...personAvatarSx, width: 28, height: 28, fontSize: 13 }}
          >
            {person.name.charAt(0)}
          </Avatar>
          <Typography variant="body2" noWrap>
            {person.name}
          </Typography>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
    />
  );
}
