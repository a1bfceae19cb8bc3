import { createStore, type StoreApi } from 'zustand/vanilla';

import { readCookie, removeCookie, writeCookie } from './cookies.ts';
import {
  defaultSettings,
  parseSetting,
  SETTINGS_COOKIE_DAYS,
  settingKeys,
  type SettingKey,
  type SettingsValues,
  type ThemeLayout,
} from './settings-config.ts';

export type SettingsState = SettingsValues & {
  /** The settings drawer (not stored). */
  drawerOpen: boolean;
};

export type SettingsActions = {
  setField: <K extends SettingKey>(key: K, value: SettingsValues[K]) => void;
  toggleMode: () => void;
  toggleDirection: () => void;
  toggleContrast: () => void;
  /** Spec §4: the layout toggles between vertical and mini… */
  toggleLayout: () => void;
  /** …or is set directly to any of its three values. */
  setLayout: (layout: ThemeLayout) => void;
  toggleStretch: () => void;
  /** Spec §4: all six settings return to their defaults and their cookies are cleared. */
  reset: () => void;
  openDrawer: () => void;
  closeDrawer: () => void;
};

export type SettingsStore = StoreApi<SettingsState & SettingsActions>;

/** The stored settings, read synchronously from the cookies (unknown values fall back to the defaults). */
export function readStoredSettings(): SettingsValues {
  const values = { ...defaultSettings } as Record<SettingKey, unknown>;
  for (const key of settingKeys) {
    const raw = readCookie(key);
    if (raw === null) continue;
    const parsed = parseSetting[key](raw);
    if (parsed !== undefined) values[key] = parsed;
  }
  return values as SettingsValues;
}

/** True when any setting differs from its default (the Reset button's red dot). */
export function selectCanReset(state: SettingsValues): boolean {
  return settingKeys.some((key) => state[key] !== defaultSettings[key]);
}

export function pickSettings(state: SettingsValues): SettingsValues {
  return Object.fromEntries(settingKeys.map((key) => [key, state[key]])) as SettingsValues;
}

export function createSettingsStore(initial: SettingsValues = readStoredSettings()): SettingsStore {
  return createStore<SettingsState & SettingsActions>()((set, get) => {
    const setField = <K extends SettingKey>(key: K, value: SettingsValues[K]) => {
      writeCookie(key, String(value), { days: SETTINGS_COOKIE_DAYS, path: '/' });
      set({ [key]: value } as Pick<SettingsState, K>);
    };
    return {
      ...initial,
      drawerOpen: false,
      setField,
      toggleMode: () => setField('themeMode', get().themeMode === 'light' ? 'dark' : 'light'),
      toggleDirection: () => setField('themeDirection', get().themeDirection === 'ltr' ? 'rtl' : 'ltr'),
      toggleContrast: () => setField('themeContrast', get().themeContrast === 'default' ? 'bold' : 'default'),
      toggleLayout: () => setField('themeLayout', get().themeLayout === 'vertical' ? 'mini' : 'vertical'),
      setLayout: (layout) => setField('themeLayout', layout),
      toggleStretch: () => setField('themeStretch', !get().themeStretch),
      reset: () => {
        for (const key of settingKeys) removeCookie(key, '/');
        set({ ...defaultSettings });
      },
      openDrawer: () => set({ drawerOpen: true }),
      closeDrawer: () => set({ drawerOpen: false }),
    };
  });
}

/** The app's settings store, read from the cookies when this module loads (before the first render). */
export const settingsStore = createSettingsStore();
