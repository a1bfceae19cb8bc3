import { afterEach, describe, expect, it, vi } from 'vitest';

import { readCookie, removeCookie, serializeCookie } from './cookies.ts';
import { defaultSettings, settingKeys } from './settings-config.ts';
import { createSettingsStore, readStoredSettings, selectCanReset } from './settings-store.ts';

const THREE_DAYS = 3 * 24 * 60 * 60;

function clearCookies() {
  for (const key of settingKeys) removeCookie(key);
}

/** Every string assigned to document.cookie during `run`. */
function cookieWrites(run: () => void): string[] {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!descriptor?.set || !descriptor.get) throw new Error('no document.cookie accessor');
  const writes: string[] = [];
  const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set?.call(document, value);
  });
  vi.spyOn(document, 'cookie', 'get').mockImplementation(() => descriptor.get?.call(document) as string);
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return writes;
}

describe('display settings store (spec §3, §4, §9)', () => {
  afterEach(clearCookies);

  it('starts with the defaults when no cookie is stored', () => {
    const store = createSettingsStore(readStoredSettings());
    expect(store.getState()).toMatchObject({
      themeMode: 'light',
      themeDirection: 'ltr',
      themeContrast: 'default',
      themeLayout: 'vertical',
      themeColorPresets: 'default',
      themeStretch: false,
    });
    expect(selectCanReset(store.getState())).toBe(false);
  });

  it('keeps each setting in its own cookie for 3 days with path /', () => {
    const store = createSettingsStore(readStoredSettings());
    const writes = cookieWrites(() => store.getState().toggleMode());
    expect(writes).toHaveLength(1);
    const cookie = writes[0] ?? '';
    expect(cookie).toMatch(/^themeMode=dark; /);
    expect(cookie).toContain('path=/');
    expect(cookie).toContain(`max-age=${THREE_DAYS}`);
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + THREE_DAYS * 1000))).toBeLessThan(5_000);
    expect(readCookie('themeMode')).toBe('dark');
  });

  it('serializes the cookie with an expiry exactly 3 days ahead', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    expect(serializeCookie('themeStretch', 'true', { days: 3, path: '/' }, now)).toBe(
      'themeStretch=true; path=/; expires=Wed, 04 Mar 2026 10:00:00 GMT; max-age=259200; SameSite=Lax',
    );
  });

  it('reads the stored settings back on load, ignoring unknown values', () => {
    document.cookie = 'themeMode=dark; path=/';
    document.cookie = 'themeDirection=rtl; path=/';
    document.cookie = 'themeContrast=bold; path=/';
    document.cookie = 'themeLayout=horizontal; path=/';
    document.cookie = 'themeColorPresets=purple; path=/';
    document.cookie = 'themeStretch=true; path=/';
    expect(readStoredSettings()).toEqual({
      themeMode: 'dark',
      themeDirection: 'rtl',
      themeContrast: 'bold',
      themeLayout: 'horizontal',
      themeColorPresets: 'purple',
      themeStretch: true,
    });
    document.cookie = 'themeMode=sepia; path=/';
    document.cookie = 'themeStretch=yes; path=/';
    expect(readStoredSettings()).toMatchObject({ themeMode: 'light', themeStretch: false });
  });

  it('toggles mode, direction, contrast and stretch', () => {
    const store = createSettingsStore(defaultSettings);
    const state = () => store.getState();
    state().toggleMode();
    state().toggleDirection();
    state().toggleContrast();
    state().toggleStretch();
    expect(state()).toMatchObject({
      themeMode: 'dark',
      themeDirection: 'rtl',
      themeContrast: 'bold',
      themeStretch: true,
    });
    state().toggleMode();
    state().toggleDirection();
    state().toggleContrast();
    state().toggleStretch();
    expect(state()).toMatchObject(defaultSettings);
  });

  it('toggles the layout between vertical and mini, or sets it directly', () => {
    const store = createSettingsStore(defaultSettings);
    store.getState().toggleLayout();
    expect(store.getState().themeLayout).toBe('mini');
    store.getState().toggleLayout();
    expect(store.getState().themeLayout).toBe('vertical');
    store.getState().setLayout('horizontal');
    expect(store.getState().themeLayout).toBe('horizontal');
    // From horizontal, the toggle goes back to vertical.
    store.getState().toggleLayout();
    expect(store.getState().themeLayout).toBe('vertical');
    expect(readCookie('themeLayout')).toBe('vertical');
  });

  it('can reset when any setting differs (the red dot); reset restores all six and clears the cookies', () => {
    const store = createSettingsStore(defaultSettings);
    for (const change of [
      () => store.getState().toggleMode(),
      () => store.getState().toggleDirection(),
      () => store.getState().toggleContrast(),
      () => store.getState().setLayout('horizontal'),
      () => store.getState().setField('themeColorPresets', 'red'),
      () => store.getState().toggleStretch(),
    ]) {
      store.getState().reset();
      expect(selectCanReset(store.getState())).toBe(false);
      change();
      expect(selectCanReset(store.getState())).toBe(true);
    }
    store.getState().toggleMode();
    store.getState().toggleDirection();
    store.getState().toggleContrast();
    store.getState().setLayout('mini');
    store.getState().setField('themeColorPresets', 'cyan');
    for (const key of settingKeys) expect(readCookie(key)).not.toBeNull();

    const writes = cookieWrites(() => store.getState().reset());
    expect(store.getState()).toMatchObject(defaultSettings);
    expect(selectCanReset(store.getState())).toBe(false);
    for (const key of settingKeys) expect(readCookie(key)).toBeNull();
    expect(writes).toHaveLength(settingKeys.length);
    for (const write of writes) expect(write).toMatch(/path=\/; expires=Thu, 01 Jan 1970/);
    expect(readStoredSettings()).toEqual(defaultSettings);
  });

  it('a setting changed back to its default does not count as changed', () => {
    const store = createSettingsStore(defaultSettings);
    store.getState().toggleMode();
    store.getState().toggleMode();
    expect(selectCanReset(store.getState())).toBe(false);
  });
});
