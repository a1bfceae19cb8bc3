import SettingsRounded from '@mui/icons-material/SettingsRounded';
import Badge from '@mui/material/Badge';
import Fab from '@mui/material/Fab';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCanResetSettings, useSettings, useSettingsActions } from '../../lib/settings/use-settings.ts';

const loadDrawer = () => import('./settings-drawer.tsx');
const SettingsDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.SettingsDrawer })));

/** Spec §2: the floating gear button at the bottom right that opens the settings drawer. */
export function SettingsButton() {
  const { t } = useTranslation();
  const open = useSettings((state) => state.drawerOpen);
  const canReset = useCanResetSettings();
  const { openDrawer } = useSettingsActions();
  // The drawer's code loads when the gear is hovered, focused or first opened, and stays mounted after.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const preload = () => void loadDrawer();
  return (
    <>
      <Fab
        size="medium"
        aria-label={t('settings.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openDrawer}
        onPointerEnter={preload}
        onFocus={preload}
        sx={(theme) => ({
          position: 'fixed',
          right: { xs: 16, md: 24 },
          bottom: { xs: 16, md: 24 },
          zIndex: theme.zIndex.speedDial,
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: theme.shadows[8],
          '&:hover': { bgcolor: 'background.paper', color: 'primary.main' },
          '& svg': { animation: 'atrium-spin 8s linear infinite' },
          '@keyframes atrium-spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { '& svg': { animation: 'none' } },
        })}
      >
        <Badge color="error" variant="dot" invisible={!canReset}>
          <SettingsRounded />
        </Badge>
      </Fab>
      {used && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </>
  );
}
