import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

import { LogoMark } from '../logo/logo-mark.tsx';

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
