import Close from '@mui/icons-material/Close';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type FilterDrawerProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  resetLabel: string;
  closeLabel: string;
  /** Whether any filter is set (Reset is disabled otherwise). */
  canReset: boolean;
  onReset: () => void;
  width?: number;
  children: ReactNode;
};

/** A list's filter drawer (from the end side): title, Reset and Close, then the area's filters. */
export function FilterDrawer({
  open,
  onClose,
  title,
  resetLabel,
  closeLabel,
  canReset,
  onReset,
  width = 320,
  children,
}: FilterDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: 1, sm: width } } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Tooltip title={resetLabel}>
          <span>
            <IconButton aria-label={resetLabel} disabled={!canReset} onClick={onReset}>
              <RestartAlt />
            </IconButton>
          </span>
        </Tooltip>
        <IconButton aria-label={closeLabel} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      {children}
    </Drawer>
  );
}
