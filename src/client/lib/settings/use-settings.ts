import { useStoreSlice } from '../use-store-slice.ts';
import { selectCanReset, settingsStore, type SettingsActions, type SettingsState } from './settings-store.ts';

/** Reads the display settings (re-renders when the selected part changes). */
export function useSettings<T>(selector: (state: SettingsState & SettingsActions) => T): T {
  return useStoreSlice(settingsStore, selector);
}

export function useCanResetSettings(): boolean {
  return useStoreSlice(settingsStore, selectCanReset);
}

export function useSettingsActions(): SettingsActions {
  const state = settingsStore.getState();
  return {
    setField: state.setField,
    toggleMode: state.toggleMode,
    toggleDirection: state.toggleDirection,
    toggleContrast: state.toggleContrast,
    toggleLayout: state.toggleLayout,
    setLayout: state.setLayout,
    toggleStretch: state.toggleStretch,
    reset: state.reset,
    openDrawer: state.openDrawer,
    closeDrawer: state.closeDrawer,
  };
}
