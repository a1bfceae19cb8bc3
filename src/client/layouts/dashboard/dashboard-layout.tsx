import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router';

import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner.tsx';
import { layoutConfig } from '../config-layout.ts';
import { Header } from './header.tsx';
import { NavContent } from './nav-content.tsx';
import { useNavData } from './use-nav-data.ts';

const NAV_WIDTH = layoutConfig.nav.verticalWidth;

/** Left navigation (permanent from 1200 px, a drawer below), header, and the page. */
export function DashboardLayout() {
  const navData = useNavData();
  const { pathname } = useLocation();
  const navId = useId();
  // The drawer is open for the path it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const navOpen = openOn === pathname;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        sx={{
          display: { xs: 'none', lg: 'block' },
          width: NAV_WIDTH,
          flexShrink: 0,
          position: 'sticky',
          top: 0,
          height: '100vh',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        <NavContent data={navData} />
      </Box>

      <Drawer
        id={navId}
        open={navOpen}
        onClose={() => setOpenOn(null)}
        sx={{ display: { lg: 'none' } }}
        slotProps={{ paper: { sx: { width: NAV_WIDTH } } }}
      >
        {/* Following a link to the current page closes the drawer too. */}
        <Box
          sx={{ height: 1 }}
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpenOn(null);
          }}
        >
          <NavContent data={navData} />
        </Box>
      </Drawer>

      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header navOpen={navOpen} navId={navId} onOpenNav={() => setOpenOn(pathname)} />
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            width: 1,
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, sm: 3, lg: 5 },
            py: { xs: 2, lg: 3 },
          }}
        >
          <VerifyEmailBanner />
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
