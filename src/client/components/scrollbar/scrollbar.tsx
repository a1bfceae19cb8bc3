import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Spec §9: custom scrollbars give way to native scrolling on mobile user agents. */
export const isMobileUserAgent =
  typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

type ScrollbarProps = { children: ReactNode; sx?: SxProps<Theme> };

/** A scrolling area with a thin, theme-coloured scrollbar (native scrolling on phones and tablets). */
export function Scrollbar({ children, sx }: ScrollbarProps) {
  return (
    <Box
      sx={[
        { flexGrow: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' },
        !isMobileUserAgent &&
          ((theme) => ({
            scrollbarWidth: 'thin',
            scrollbarColor: `${alpha(theme.palette.grey[500], 0.48)} transparent`,
            '&::-webkit-scrollbar': { width: 6, height: 6 },
            '&::-webkit-scrollbar-thumb': {
              borderRadius: 6,
              backgroundColor: alpha(theme.palette.grey[500], 0.48),
            },
          })),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
