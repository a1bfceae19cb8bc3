import AlignHorizontalLeftRounded from '@mui/icons-material/AlignHorizontalLeftRounded';
import AlignHorizontalRightRounded from '@mui/icons-material/AlignHorizontalRightRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContrastRounded from '@mui/icons-material/ContrastRounded';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import FullscreenExitRounded from '@mui/icons-material/FullscreenExitRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import TonalityRounded from '@mui/icons-material/TonalityRounded';
import ViewCompactOutlined from '@mui/icons-material/ViewCompactOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import ViewSidebarOutlined from '@mui/icons-material/ViewSidebarOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../snackbar/use-snackbar.ts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { layoutConfig } from '../../config/layout.ts';
import { themeColorPresets, type ThemeLayout } from '../../lib/settings/settings-config.ts';
import { useCanResetSettings, useSettings, useSettingsActions } from '../../lib/settings/use-settings.ts';
import { presetSwatch } from '../../theme/core/presets.ts';
import { Scrollbar } from '../scrollbar/scrollbar.tsx';
import { OptionCard } from './option-card.tsx';

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.25 }}>
        <Typography id={titleId} variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
          {title}
        </Typography>
        {extra}
      </Box>
      <Box
        role="radiogroup"
        aria-labelledby={titleId}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, 1fr)' }}
      >
        {children}
      </Box>
    </Box>
  );
}

function useFullscreen(): [boolean, () => void, boolean] {
  const supported = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
  const [fullscreen, setFullscreen] = useState(
    () => typeof document !== 'undefined' && Boolean(document.fullscreenElement),
  );
  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void document.documentElement.requestFullscreen().catch(() => {});
  };
  return [fullscreen, toggle, supported];
}

/**
 * Spec §2 settings drawer (260 px): title "Settings", Reset (red dot when any setting differs from its
 * default), Close; sections Mode, Contrast, Direction, Layout, Stretch, Presets; Fullscreen toggle.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useSettings((state) => state);
  const actions = useSettingsActions();
  const canReset = useCanResetSettings();
  const [fullscreen, toggleFullscreen, fullscreenSupported] = useFullscreen();
  // The mini and horizontal navs load on demand: have them ready before a layout is picked here.
  useEffect(() => {
    void import('../nav-section/lazy-nav-sections.tsx').then((module) =>
      Promise.all([module.preloadNavSectionMini(), module.preloadNavSectionHorizontal()]),
    );
  }, []);
  const titleId = useId();
  const stretchHintId = useId();

  const onReset = () => {
    actions.reset();
    enqueueSnackbar(t('toast.settingsReset'), { variant: 'info' });
  };

  const layouts: { value: ThemeLayout; icon: ReactNode }[] = [
    { value: 'vertical', icon: <ViewSidebarOutlined /> },
    { value: 'mini', icon: <ViewCompactOutlined /> },
    { value: 'horizontal', icon: <ViewQuiltOutlined /> },
  ];

  return (
    <Drawer
      anchor="right"
      open={settings.drawerOpen}
      onClose={actions.closeDrawer}
      slotProps={{
        paper: {
          sx: { width: layoutConfig.settingsDrawerWidth, display: 'flex', flexDirection: 'column' },
          'aria-labelledby': titleId,
          role: 'dialog',
        },
        backdrop: { invisible: true },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pr: 1, pl: 2.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('settings.title')}
        </Typography>
        <Tooltip title={t('settings.reset')}>
          <IconButton
            aria-label={t('settings.reset')}
            onClick={onReset}
            aria-describedby={canReset ? `${titleId}-changed` : undefined}
          >
            <Badge color="error" variant="dot" invisible={!canReset} data-testid="settings-reset-dot">
              <RestartAltRounded />
            </Badge>
          </IconButton>
        </Tooltip>
        {canReset && (
          <Box component="span" id={`${titleId}-changed`} sx={{ display: 'none' }}>
            {t('settings.changed')}
          </Box>
        )}
        <IconButton aria-label={t('common.close')} onClick={actions.closeDrawer}>
          <CloseRounded />
        </IconButton>
      </Box>

      <Scrollbar sx={{ px: 2.5, pt: 1 }}>
        <Section title={t('settings.mode.title')}>
          {(['light', 'dark'] as const).map((mode) => (
            <OptionCard
              key={mode}
              name="themeMode"
              value={mode}
              checked={settings.themeMode === mode}
              onChange={() => actions.setField('themeMode', mode)}
              label={t(`settings.mode.${mode}`)}
              icon={mode === 'light' ? <LightModeOutlined /> : <DarkModeOutlined />}
            />
          ))}
        </Section>

        <Section title={t('settings.contrast.title')}>
          {(['default', 'bold'] as const).map((contrast) => (
            <OptionCard
              key={contrast}
              name="themeContrast"
              value={contrast}
              checked={settings.themeContrast === contrast}
              onChange={() => actions.setField('themeContrast', contrast)}
              label={t(`settings.contrast.${contrast}`)}
              icon={contrast === 'default' ? <TonalityRounded /> : <ContrastRounded />}
            />
          ))}
        </Section>

        <Section title={t('settings.direction.title')}>
          {(['ltr', 'rtl'] as const).map((direction) => (
            <OptionCard
              key={direction}
              name="themeDirection"
              value={direction}
              checked={settings.themeDirection === direction}
              onChange={() => actions.setField('themeDirection', direction)}
              label={t(`settings.direction.${direction}`)}
              icon={direction === 'ltr' ? <AlignHorizontalLeftRounded /> : <AlignHorizontalRightRounded />}
            />
          ))}
        </Section>

        <Section title={t('settings.layout.title')}>
          {layouts.map(({ value, icon }) => (
            <OptionCard
              key={value}
              name="themeLayout"
              value={value}
              checked={settings.themeLayout === value}
              onChange={() => actions.setLayout(value)}
              label={t(`settings.layout.${value}`)}
              icon={icon}
            />
          ))}
        </Section>

        <Box component="section" sx={{ mb: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
            <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
              {t('settings.stretch.title')}
            </Typography>
            <Tooltip title={t('settings.stretch.tooltip')}>
              <InfoOutlined
                tabIndex={0}
                titleAccess={t('settings.stretch.tooltip')}
                sx={{ fontSize: 16, color: 'text.secondary', borderRadius: '50%' }}
              />
            </Tooltip>
          </Box>
          <FormControlLabel
            sx={(theme) => ({
              m: 0,
              width: 1,
              justifyContent: 'space-between',
              px: 1.5,
              py: 0.5,
              borderRadius: 1.5,
              border: `1px solid ${alpha(theme.palette.grey[500], 0.16)}`,
            })}
            labelPlacement="start"
            label={<Typography variant="body2">{t('settings.stretch.title')}</Typography>}
            control={
              <Switch
                checked={settings.themeStretch}
                onChange={actions.toggleStretch}
                slotProps={{ input: { role: 'switch', 'aria-describedby': stretchHintId } }}
              />
            }
          />
          <Typography
            id={stretchHintId}
            variant="caption"
            component="p"
            sx={{ color: 'text.secondary', mt: 0.5 }}
          >
            {t('settings.stretch.tooltip')}
          </Typography>
        </Box>

        <Section title={t('settings.presets.title')}>
          {themeColorPresets.map((preset) => (
            <OptionCard
              key={preset}
              name="themeColorPresets"
              value={preset}
              checked={settings.themeColorPresets === preset}
              onChange={() => actions.setField('themeColorPresets', preset)}
              label={t(`settings.presets.${preset}`)}
              showLabel={false}
              sx={{ minHeight: 56 }}
              icon={
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 24,
                    height: 24,
                    borderRadius: '50%',
                    bgcolor: presetSwatch(preset, settings.themeMode),
                    boxShadow:
                      settings.themeColorPresets === preset
                        ? () => `0 0 0 4px ${alpha(presetSwatch(preset, settings.themeMode), 0.24)}`
                        : 'none',
                  }}
                />
              }
            />
          ))}
        </Section>
      </Scrollbar>

      <Box sx={{ p: 2.5, pt: 1.5 }}>
        <Button
          fullWidth
          size="large"
          color="inherit"
          variant="outlined"
          disabled={!fullscreenSupported}
          startIcon={fullscreen ? <FullscreenExitRounded /> : <FullscreenRounded />}
          onClick={toggleFullscreen}
        >
          {fullscreen ? t('settings.exitFullscreen') : t('settings.fullscreen')}
        </Button>
      </Box>
    </Drawer>
  );
}
