import type { PaletteOptions } from '@mui/material/styles';

import type { ThemeColorPreset, ThemeContrast, ThemeMode } from '../../lib/settings/settings-config.ts';
import { hexToRgb, mixHex } from './color-utils.ts';
import { colorPresets, type PresetColor } from './presets.ts';

export type { ThemeMode };

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

type Semantic = 'secondary' | 'info' | 'success' | 'warning' | 'error';

/**
 * Light mode: main colours dark enough for white text and for use as text on white (4.5:1).
 * Dark mode: light main colours with dark text, readable as text on the dark surfaces.
 */
const semantic: Record<ThemeMode, Record<Semantic, PresetColor>> = {
  light: {
    secondary: { main: '#7A1FE0', contrastText: '#FFFFFF' },
    info: { main: '#006C9C', contrastText: '#FFFFFF' },
    success: { main: '#0F7547', contrastText: '#FFFFFF' },
    warning: { main: '#975600', contrastText: '#FFFFFF' },
    error: { main: '#B71D18', contrastText: '#FFFFFF' },
  },
  dark: {
    secondary: { main: '#C684FF', contrastText: grey[900] },
    info: { main: '#61D9F3', contrastText: grey[900] },
    success: { main: '#77ED8B', contrastText: grey[900] },
    warning: { main: '#FFD666', contrastText: grey[900] },
    error: { main: '#FF8A80', contrastText: grey[900] },
  },
};

export type Surfaces = {
  text: { primary: string; secondary: string; disabled: string };
  background: { default: string; paper: string; neutral: string };
  divider: string;
  /** The tint under a hovered row or item (MUI's `action.hover`), as a colour and its opacity. */
  hover: { color: string; opacity: number };
};

/**
 * Text, backgrounds, dividers and the hover tint per mode and contrast. Bold: stronger text, dividers and
 * backgrounds. The hover tint is the greys' 500 at 8 % in both modes: MUI's defaults (black at 4 % in light,
 * white at 8 % in dark) left secondary text in a hovered table row at 4.48:1 (axe, colour contrast).
 */
const hover: Surfaces['hover'] = { color: grey[500], opacity: 0.08 };

export const surfaces: Record<ThemeMode, Record<ThemeContrast, Surfaces>> = {
  light: {
    default: {
      text: { primary: grey[800], secondary: grey[600], disabled: grey[500] },
      background: { default: '#FFFFFF', paper: '#FFFFFF', neutral: grey[200] },
      divider: 'rgba(145, 158, 171, 0.2)',
      hover,
    },
    bold: {
      text: { primary: grey[900], secondary: grey[700], disabled: grey[600] },
      background: { default: grey[200], paper: '#FFFFFF', neutral: grey[300] },
      divider: 'rgba(99, 115, 129, 0.4)',
      hover,
    },
  },
  dark: {
    default: {
      text: { primary: '#FFFFFF', secondary: grey[500], disabled: grey[600] },
      background: { default: grey[900], paper: grey[800], neutral: '#28323D' },
      divider: 'rgba(145, 158, 171, 0.2)',
      hover,
    },
    bold: {
      text: { primary: '#FFFFFF', secondary: grey[400], disabled: grey[500] },
      background: { default: '#0B0F14', paper: grey[800], neutral: '#28323D' },
      divider: 'rgba(196, 205, 213, 0.32)',
      hover,
    },
  },
};

/**
 * The colour with its `dark` variant. In dark mode the variant is lighter than the main colour, so that text
 * written in `*.dark` (a common choice on tinted cards) stays readable on the dark surfaces.
 */
export function withVariants(color: PresetColor, mode: ThemeMode): PresetColor & { dark?: string } {
  return mode === 'dark' ? { ...color, dark: mixHex(color.main, '#FFFFFF', 0.25) } : color;
}

const rgba = (hex: string, opacity: number) => `rgba(${hexToRgb(hex).join(', ')}, ${opacity})`;

export type PaletteInput = { mode: ThemeMode; contrast?: ThemeContrast; preset?: ThemeColorPreset };

export function createPalette({
  mode,
  contrast = 'default',
  preset = 'default',
}: PaletteInput): PaletteOptions {
  const { text, background, divider, hover } = surfaces[mode][contrast];
  return {
    mode,
    primary: withVariants(colorPresets[preset][mode], mode),
    secondary: withVariants(semantic[mode].secondary, mode),
    info: withVariants(semantic[mode].info, mode),
    success: withVariants(semantic[mode].success, mode),
    warning: withVariants(semantic[mode].warning, mode),
    error: withVariants(semantic[mode].error, mode),
    grey,
    text,
    background: { default: background.default, paper: background.paper },
    divider,
    action: { hover: rgba(hover.color, hover.opacity) },
    contrastThreshold: 4.5,
  };
}

export { semantic as semanticColors };
