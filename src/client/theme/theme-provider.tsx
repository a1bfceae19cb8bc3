import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useSettings } from '../lib/settings/use-settings.ts';
import { componentLocales } from '../locales/component-locales/index.ts';
import { getLanguage } from '../locales/locales-config.ts';
import { createAppTheme } from './create-theme.ts';
import { applyDocumentSettings } from './document-settings.ts';
import { getEmotionCache, isRtlStylesReady, loadRtlStyles } from './emotion-cache.ts';

/** The MUI theme from the display settings and the UI language; rtl styles through the rtl Emotion cache. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useSettings((state) => state.themeMode);
  const direction = useSettings((state) => state.themeDirection);
  const contrast = useSettings((state) => state.themeContrast);
  const colorPreset = useSettings((state) => state.themeColorPresets);
  const { i18n } = useTranslation();
  const language = getLanguage(i18n.resolvedLanguage);
  // rtl styles need the rtl stylis plugin, loaded on demand; until then the page keeps its ltr styles.
  const [rtlReady, setRtlReady] = useState(isRtlStylesReady);
  useEffect(() => {
    if (direction === 'rtl' && !rtlReady) void loadRtlStyles().then(() => setRtlReady(true));
  }, [direction, rtlReady]);

  const theme = useMemo(
    () =>
      createAppTheme({ mode, direction, contrast, colorPreset, locales: componentLocales(language.value) }),
    [mode, direction, contrast, colorPreset, language],
  );

  useLayoutEffect(() => {
    applyDocumentSettings({ themeMode: mode, themeDirection: direction, themeContrast: contrast });
  }, [mode, direction, contrast]);

  return (
    <CacheProvider value={getEmotionCache(rtlReady ? direction : 'ltr')}>
      <MuiThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  );
}
