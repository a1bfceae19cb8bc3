/** Spec §3 display settings: one cookie each, named after the setting. */
export const themeModes = ['light', 'dark'] as const;
export const themeDirections = ['ltr', 'rtl'] as const;
export const themeContrasts = ['default', 'bold'] as const;
export const themeLayouts = ['vertical', 'horizontal', 'mini'] as const;
export const themeColorPresets = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const;

export type ThemeMode = (typeof themeModes)[number];
export type ThemeDirection = (typeof themeDirections)[number];
export type ThemeContrast = (typeof themeContrasts)[number];
export type ThemeLayout = (typeof themeLayouts)[number];
export type ThemeColorPreset = (typeof themeColorPresets)[number];

export type SettingsValues = {
  themeMode: ThemeMode;
  themeDirection: ThemeDirection;
  themeContrast: ThemeContrast;
  themeLayout: ThemeLayout;
  themeColorPresets: ThemeColorPreset;
  themeStretch: boolean;
};

export type SettingKey = keyof SettingsValues;

export const defaultSettings: SettingsValues = {
  themeMode: 'light',
  themeDirection: 'ltr',
  themeContrast: 'default',
  themeLayout: 'vertical',
  themeColorPresets: 'default',
  themeStretch: false,
};

export const settingKeys = Object.keys(defaultSettings) as SettingKey[];

/** Spec §9: each setting is kept for 3 days, path `/`. */
export const SETTINGS_COOKIE_DAYS = 3;

/** Spec §4/§9: stretch takes effect only above this width. */
export const STRETCH_MIN_WIDTH = 1600;

function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string): T | undefined =>
    (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Parses a stored cookie value; anything unknown is ignored (the default applies). */
export const parseSetting: { [K in SettingKey]: (value: string) => SettingsValues[K] | undefined } = {
  themeMode: oneOf(themeModes),
  themeDirection: oneOf(themeDirections),
  themeContrast: oneOf(themeContrasts),
  themeLayout: oneOf(themeLayouts),
  themeColorPresets: oneOf(themeColorPresets),
  themeStretch: (value) => (value === 'true' ? true : value === 'false' ? false : undefined),
};
