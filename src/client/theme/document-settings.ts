import type { SettingsValues } from '../lib/settings/settings-config.ts';
import { surfaces } from './core/palette.ts';

/**
 * Puts the display settings on `<html>`: direction, colour scheme and page background. Called before the
 * first render (no flash of the light theme) and whenever the settings change.
 */
export function applyDocumentSettings(
  settings: Pick<SettingsValues, 'themeMode' | 'themeDirection' | 'themeContrast'>,
): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const { background, text } = surfaces[settings.themeMode][settings.themeContrast];
  root.dir = settings.themeDirection;
  root.style.colorScheme = settings.themeMode;
  root.style.backgroundColor = background.default;
  root.style.color = text.primary;
  root.dataset.themeMode = settings.themeMode;
}
