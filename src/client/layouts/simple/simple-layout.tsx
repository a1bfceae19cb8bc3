import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

import { Logo } from '../../components/logo/logo.tsx';

/** Logo header and the page: error pages outside the dashboard. */
export function SimpleLayout() {
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
