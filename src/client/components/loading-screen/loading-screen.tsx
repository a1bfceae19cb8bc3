import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { paths } from '../../config/paths.ts';
import { useSettings } from '../../lib/settings/use-settings.ts';
import { LogoMark } from '../logo/logo-mark.tsx';
import { ShellSkeleton } from './shell-skeleton.tsx';

/**
 * Full-page loading indicator (auth initialising, first route chunks loading): the mark above a bar, as
 * index.html shows it before any script has run, so the page changes once, to the app.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100vh',
        width: 1,
        display: 'flex',
        alignItems: 'center',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 3,
        px: 5,
      }}
    >
      <LogoMark size={48} />
      <LinearProgress
        aria-label={t('app.loading')}
        color="primary"
        sx={{ width: 1, maxWidth: 360, borderRadius: 1 }}
      />
    </Box>
  );
}

/** Loading indicator for the content area (a page chunk loading inside a layout). */
export function LoadingContent() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 10 }}
    >
      <LinearProgress aria-label={t('app.loading')} sx={{ width: 1, maxWidth: 360, borderRadius: 1 }} />
    </Box>
  );
}

/** The dashboard's shell as blocks, in the person's layout, while the session and the shell's code load. */
export function DashboardLoadingScreen() {
  const { t } = useTranslation();
  const layout = useSettings((state) => state.themeLayout);
  return <ShellSkeleton layout={layout} label={t('app.loading')} />;
}

/**
 * What the app shows while a page's first code loads: the dashboard's shell for a dashboard page (the
 * server's HTML already showed it), the mark and a bar elsewhere.
 */
export function RouteLoadingScreen() {
  const { pathname } = useLocation();
  const dashboard = pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`);
  return dashboard ? <DashboardLoadingScreen /> : <LoadingScreen />;
}
