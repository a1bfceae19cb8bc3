import type { PaletteOptions } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

/** Greys shared by both modes (text, dividers, neutral surfaces). */
export const grey = {
  50: '#FCFDFD',
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
} as const;

/**
 * Main colours are dark enough for white text at WCAG AA (4.5:1); `contrastThreshold: 4.5` makes MUI pick
 * the readable text colour for every derived shade.
 */
export const primary = { light: '#5BE49B', main: '#007867', dark: '#004B50', contrastText: '#FFFFFF' };
const secondary = { light: '#C684FF', main: '#7A1FE0', dark: '#5119B7', contrastText: '#FFFFFF' };
const info = { light: '#61F3F3', main: '#006C9C', dark: '#003768', contrastText: '#FFFFFF' };
const success = { light: '#77ED8B', main: '#107A4A', dark: '#0A5331', contrastText: '#FFFFFF' };
const warning = { light: '#FFD666', main: '#A35F00', dark: '#7A4100', contrastText: '#FFFFFF' };
const error = { light: '#FFAC82', main: '#B71D18', dark: '#7A0916', contrastText: '#FFFFFF' };

export function createPalette(mode: ThemeMode): PaletteOptions {
  const common = { primary, secondary, info, success, warning, error, grey, contrastThreshold: 4.5 };
  if (mode === 'dark') {
    return {
      ...common,
      mode,
      text: { primary: '#FFFFFF', secondary: grey[500], disabled: grey[600] },
      background: { default: grey[900], paper: grey[800] },
      divider: 'rgba(145, 158, 171, 0.2)',
    };
  }
  return {
    ...common,
    mode,
    text: { primary: grey[800], secondary: grey[600], disabled: grey[500] },
    background: { default: '#FFFFFF', paper: '#FFFFFF' },
    divider: 'rgba(145, 158, 171, 0.2)',
  };
}
