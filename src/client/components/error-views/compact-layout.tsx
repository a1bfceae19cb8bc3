import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

import { Logo } from '../logo/logo.tsx';

/**
 * A logo header and one centred column: error pages (403, 404, 500), coming soon and maintenance, and the
 * app's error boundary (which passes its view as children instead of an Outlet).
 */
export function CompactLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2, md: 5 }, py: { xs: 2, md: 3 } }}>
        <Logo />
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          pb: { xs: 6, md: 10 },
        }}
      >
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}
