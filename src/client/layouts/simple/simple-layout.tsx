import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

import { Logo } from '../../components/logo/logo.tsx';
import { usePageViewReporter } from '../../lib/analytics-reporter.ts';

/** Logo header and the page: the public pages (pricing, about us…), which report their page views (ADR 056). */
export function SimpleLayout() {
  usePageViewReporter();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2, md: 5 }, py: { xs: 2, md: 3 } }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
