import type { Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';

import {
  defaultSettings,
  STRETCH_MIN_WIDTH,
  type ThemeColorPreset,
  type ThemeContrast,
  type ThemeDirection,
  type ThemeMode,
} from '../lib/settings/settings-config.ts';
import { createComponents } from './core/components.ts';
import { createPalette } from './core/palette.ts';
import { typography } from './core/typography.ts';

export type { ThemeDirection };

/** What the theme depends on: the display settings (spec §3) and the language's component texts. */
export type ThemeOptionsInput = {
  mode?: ThemeMode;
  direction?: ThemeDirection;
  contrast?: ThemeContrast;
  colorPreset?: ThemeColorPreset;
  /** MUI component locale objects (core, and later date pickers…), merged in order. */
  locales?: readonly Localization[];
};

/** Spec §9: border radius 8; breakpoints 600, 900 and 1200 px; stretch applies above 1600 px (xl). */
export const BORDER_RADIUS = 8;
export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: STRETCH_MIN_WIDTH } as const;

/** The only place the MUI theme is created. */
export function createAppTheme({
  mode = defaultSettings.themeMode,
  direction = defaultSettings.themeDirection,
  contrast = defaultSettings.themeContrast,
  colorPreset = defaultSettings.themeColorPresets,
  locales = [],
}: ThemeOptionsInput = {}): Theme {
  return createTheme(
    {
      direction,
      palette: createPalette({ mode, contrast, preset: colorPreset }),
      typography,
      shape: { borderRadius: BORDER_RADIUS },
      breakpoints: { values: breakpoints },
      components: createComponents(contrast),
    },
    ...locales,
  );
}
