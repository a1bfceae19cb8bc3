import Popover from '@mui/material/Popover';

import { PresenceChoice } from './presence-choice.tsx';

type PresencePopoverProps = { id: string; anchor: HTMLElement; onClose: () => void };

/** The status choice under the button that opened it (loaded on first use). */
export default function PresencePopover({ id, anchor, onClose }: PresencePopoverProps) {
  return (
    <Popover
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { width: 220 } } }}
    >
      <PresenceChoice />
    </Popover>
  );
}
