import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

import { PageSkeleton } from '../../components/loading-screen/page-skeleton.tsx';
import { PageErrorBoundary, PageErrorView } from '../../components/page-error/page-error.tsx';
import { useTitleCount } from '../../components/page-title/page-title.tsx';
import { VerifyEmailBanner } from '../../features/account/components/verify-email-banner.tsx';
import { useChatUnread } from '../../features/chat/api/chat-unread.ts';
import { useMailUnread } from '../../features/mail/api/mail-unread.ts';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { layoutConfig } from '../../config/layout.ts';
import { Header } from './header.tsx';
import { HORIZONTAL_NAV_HEIGHT, NavHorizontal } from './nav-horizontal.tsx';
import { NavVertical } from './nav-vertical.tsx';
import { useNavData } from './use-nav-data.ts';
import { useRealtimeConnection } from '../../lib/realtime/use-realtime.ts';

const { header, nav } = layoutConfig;

const loadNavDrawer = () => import('./nav-drawer.tsx');
const NavDrawer = lazy(() => loadNavDrawer().then((module) => ({ default: module.NavDrawer })));

/**
 * The dashboard: a navigation in one of three forms (vertical 280 px, mini 88 px, horizontal bar) from
 * 1200 px, a drawer opened from the header below; a fixed header (64 px on phones; 92 px on desktops,
 * 60 px once scrolled); the page, capped at 1200 px unless stretch is on (from 1600 px).
 */
export function DashboardLayout({ children }: { children?: ReactNode }) {
  const theme = useTheme();
  const lgUp = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const layout = useSettings((state) => state.themeLayout);
  const stretch = useSettings((state) => state.themeStretch);
  // Live updates (notifications, and every area's events) while the signed-in shell is shown.
  useRealtimeConnection();
  const chatUnread = useChatUnread();
  useTitleCount(chatUnread);
  const mailUnread = useMailUnread();
  const navData = useNavData(useMemo(() => ({ chatUnread, mailUnread }), [chatUnread, mailUnread]));
  const { pathname } = useLocation();
  const navId = useId();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: header.desktopOffsetHeight });
  // The drawer is open for the path it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  // The drawer's code loads on the menu button's hover, focus or first press, and stays mounted after.
  const [navUsed, setNavUsed] = useState(false);
  const navOpen = !lgUp && openOn === pathname;

  const horizontal = lgUp && layout === 'horizontal';
  const navWidth = !lgUp || horizontal ? 0 : layout === 'mini' ? nav.miniWidth : nav.verticalWidth;

  let headerHeight: number = header.mobileHeight;
  if (horizontal) headerHeight = header.desktopOffsetHeight;
  else if (lgUp) headerHeight = scrolled ? header.desktopOffsetHeight : header.desktopHeight;
  const contentTop = !lgUp
    ? header.mobileHeight
    : horizontal
      ? header.desktopOffsetHeight + HORIZONTAL_NAV_HEIGHT
      : header.desktopHeight;

  // The page is the same element whatever the shell re-renders for (unread counts, scrolling, the drawer):
  // React skips it then. Otherwise the shell's urgent updates (a count arriving while the page's code or
  // data loads) would render a whole new page with them, in one long task, instead of in the router's
  // interruptible transition. For the same reason nothing around it provides a context whose value
  // changes: a new value is pushed into the page too (the tab title's unread count is a store).
  const page = useMemo(
    () => (
      <PageErrorBoundary>
        <Suspense fallback={<PageSkeleton />}>{children ?? <Outlet />}</Suspense>
      </PageErrorBoundary>
    ),
    [children],
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-layout={layout}>
      <Header
        navOpen={navOpen}
        navId={navId}
        onOpenNav={() => {
          setNavUsed(true);
          setOpenOn(pathname);
        }}
        onPreloadNav={() => void loadNavDrawer()}
        showNavButton={!lgUp}
        showLogo={!lgUp || horizontal}
        offsetStart={navWidth}
        height={headerHeight}
        solid={scrolled || horizontal}
      />

      {horizontal && <NavHorizontal data={navData} top={header.desktopOffsetHeight} />}
      {lgUp && !horizontal && <NavVertical data={navData} mini={layout === 'mini'} />}

      {!lgUp && navUsed && (
        <Suspense fallback={null}>
          <NavDrawer id={navId} open={navOpen} onClose={() => setOpenOn(null)} data={navData} />
        </Suspense>
      )}

      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          pl: `${navWidth}px`,
          pt: `${contentTop}px`,
          transition: (t) => t.transitions.create('padding', { duration: t.transitions.duration.shorter }),
        }}
      >
        <Box
          component="main"
          data-stretch={stretch ? 'on' : 'off'}
          sx={{
            flexGrow: 1,
            width: 1,
            mx: 'auto',
            maxWidth: {
              xs: layoutConfig.contentMaxWidth,
              xl: stretch ? 'none' : layoutConfig.contentMaxWidth,
            },
            px: { xs: 2, sm: 3, lg: 5 },
            pt: { xs: 1, lg: 1 },
            pb: { xs: 8, lg: 8 },
          }}
        >
          <VerifyEmailBanner />
          {page}
        </Box>
      </Box>
    </Box>
  );
}

/** Route error boundary of the dashboard: the page area shows the error, navigation and header stay. */
export function DashboardErrorBoundary() {
  return (
    <DashboardLayout>
      <PageErrorView />
    </DashboardLayout>
  );
}
