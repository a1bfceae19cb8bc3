import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

/**
 * A record's status as a button that opens the changes it may make ("Mark paid", "Cancel the order"):
 * `label` is the status shown, `ariaLabel` says it can be changed, `onPick` gets the chosen next status.
 */
export function StatusMenuButton<T extends string>({
  label,
  ariaLabel,
  options,
  loading = false,
  onPick,
}: {
  label: string;
  ariaLabel: string;
  options: readonly { value: T; label: string }[];
  loading?: boolean;
  onPick: (value: T) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        endIcon={<KeyboardArrowDown />}
        loading={loading}
        aria-haspopup="menu"
        aria-label={ariaLabel}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option.value}
            onClick={() => {
              setAnchor(null);
              onPick(option.value);
            }}
          >
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
