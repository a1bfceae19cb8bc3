import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type LabelColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

type LabelProps = { color?: LabelColor; children: ReactNode; sx?: SxProps<Theme> };

/** A small soft label ("NEW", a status): the colour as text on a light tint of itself. */
export function Label({ color = 'default', children, sx }: LabelProps) {
  return (
    <Box
      component="span"
      sx={[
        (theme) => ({
          height: 22,
          minWidth: 22,
          px: 0.75,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 0.75,
          typography: 'caption',
          fontWeight: 700,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          // text.secondary on the grey tint is below 4.5:1; the neutral label uses the primary text colour.
          color: color === 'default' ? theme.palette.text.primary : theme.palette[color].main,
          bgcolor: alpha(color === 'default' ? theme.palette.grey[500] : theme.palette[color].main, 0.16),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
