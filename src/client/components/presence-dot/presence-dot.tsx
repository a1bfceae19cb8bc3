import Box from '@mui/material/Box';

import type { PresenceStatus } from '#shared/contract/realtime.ts';

/** The colour of each status (theme palette paths), for dots next to people. */
export const presenceColor: Record<PresenceStatus, string> = {
  online: 'success.main',
  away: 'warning.main',
  busy: 'error.main',
  offline: 'grey.500',
};

/** A person's status as a coloured dot (decorative: say the status in text next to it). */
export function PresenceDot({ status, size = 10 }: { status: PresenceStatus; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: presenceColor[status],
        flexShrink: 0,
      }}
    />
  );
}
