import type { ThemeColorPreset, ThemeMode } from '../../lib/settings/settings-config.ts';

export type PresetColor = { main: string; contrastText: string };

/**
 * Spec §3 colour presets (minimal-kit hues: default #00A76F, cyan #078DEE, purple #7635DC, blue #2065D1,
 * orange #FDA92D, red #FF3030), shaded per mode so that text on the colour and the colour as text on the
 * page background both reach WCAG AA (4.5:1) in light, dark and bold contrast (see palette.test.ts).
 * Light mode: deeper shades with white text. Dark mode: lighter shades with dark text.
 */
export const colorPresets: Record<ThemeColorPreset, Record<ThemeMode, PresetColor>> = {
  default: {
    light: { main: '#006C47', contrastText: '#FFFFFF' },
    dark: { main: '#2FBA8A', contrastText: '#141A21' },
  },
  cyan: {
    light: { main: '#0564A9', contrastText: '#FFFFFF' },
    dark: { main: '#40A7F2', contrastText: '#141A21' },
  },
  purple: {
    light: { main: '#7635DC', contrastText: '#FFFFFF' },
    dark: { main: '#B490EC', contrastText: '#141A21' },
  },
  blue: {
    light: { main: '#1D5DC0', contrastText: '#FFFFFF' },
    dark: { main: '#79A3E3', contrastText: '#141A21' },
  },
  orange: {
    light: { main: '#925100', contrastText: '#FFFFFF' },
    dark: { main: '#FDA92D', contrastText: '#141A21' },
  },
  red: {
    light: { main: '#B82323', contrastText: '#FFFFFF' },
    dark: { main: '#FF7070', contrastText: '#141A21' },
  },
};

/** The swatch shown for each preset in the settings drawer (the light-mode colour). */
export function presetSwatch(preset: ThemeColorPreset, mode: ThemeMode = 'light'): string {
  return colorPresets[preset][mode].main;
}
