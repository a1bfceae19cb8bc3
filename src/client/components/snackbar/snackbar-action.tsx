import Button from '@mui/material/Button';
import type { OptionsObject } from 'notistack';

import { closeSnackbar } from './use-snackbar.ts';

/** A toast's one action (Undo, Show): a button that closes the toast, then does `onClick`. */
export function snackbarAction(label: string, onClick: () => void): OptionsObject['action'] {
  return (key) => (
    <Button
      size="small"
      color="primary"
      sx={{ fontWeight: 700 }}
      onClick={() => {
        closeSnackbar(key);
        onClick();
      }}
    >
      {label}
    </Button>
  );
}
