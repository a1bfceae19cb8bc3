import { createTheme, type Theme } from '@mui/material/styles';

import { components } from './core/components.ts';
import { createPalette, type ThemeMode } from './core/palette.ts';
import { typography } from './core/typography.ts';

export type ThemeDirection = 'ltr' | 'rtl';

/** What the theme depends on. A later issue adds contrast, colour presets and stretch (spec §3 settings). */
export type ThemeOptionsInput = {
  mode?: ThemeMode;
  direction?: ThemeDirection;
};

/** Spec §9: border radius 8; breakpoints 600, 900 and 1200 px. */
export const BORDER_RADIUS = 8;
export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/** The only place the MUI theme is created. */
export function createAppTheme({ mode = 'light', direction = 'ltr' }: ThemeOptionsInput = {}): Theme {
  return createTheme({
    direction,
    palette: createPalette(mode),
    typography,
    shape: { borderRadius: BORDER_RADIUS },
    breakpoints: { values: breakpoints },
    components,
  });
}
