import { afterEach, describe, expect, it } from 'vitest';

import { settingsStore } from '../lib/settings/settings-store.ts';
import { changeLanguage, currentLanguage, ensureTranslations, i18n, initStoredLanguage } from './i18n.ts';
import { languageStorageKey, languages } from './locales-config.ts';

describe('languages and direction (spec §4)', () => {
  afterEach(async () => {
    await changeLanguage('en');
    settingsStore.getState().reset();
    window.localStorage.clear();
  });

  it('offers the five languages with the spec labels', () => {
    expect(languages.map(({ value, label }) => [value, label])).toEqual([
      ['en', 'English'],
      ['fr', 'French'],
      ['vi', 'Vietnamese'],
      ['cn', 'Chinese'],
      ['ar', 'Arabic (Sudan)'],
    ]);
  });

  it('choosing Arabic sets rtl, any other language sets ltr', async () => {
    await changeLanguage('ar');
    expect(settingsStore.getState().themeDirection).toBe('rtl');
    expect(currentLanguage()).toBe('ar');
    expect(i18n.t('nav.open')).toBe('فتح قائمة التنقل');
    expect(document.documentElement.lang).toBe('ar-SD');

    for (const language of ['fr', 'vi', 'cn', 'en'] as const) {
      await changeLanguage('ar');
      await changeLanguage(language);
      expect(settingsStore.getState().themeDirection).toBe('ltr');
      expect(currentLanguage()).toBe(language);
    }
  });

  it('writes the quantities in texts the way of the language, and leaves order numbers as they are', async () => {
    const text = i18n.t as unknown as (key: string, options?: object) => string;
    for (const language of ['en', 'fr', 'ar'] as const) {
      i18n.addResource(language, 'translations', 'testOnly.order', 'Order #{{number}}: {{count}} items');
    }
    expect(i18n.t('notifications.unreadSummary', { count: 1234 })).toBe('Unread: 1,234');
    expect(text('testOnly.order', { number: 1001, count: 2500 })).toBe('Order #1001: 2,500 items');
    await changeLanguage('fr');
    expect(text('testOnly.order', { number: 1001, count: 2500 })).toBe('Order #1001: 2\u202f500 items');
    await changeLanguage('ar');
    expect(i18n.t('notifications.unreadSummary', { count: 12 })).toBe('غير المقروءة: ١٢');
    expect(text('testOnly.order', { number: 1001, count: 3 })).toBe('Order #1001: ٣ items');
  });

  it('keeps the choice in local storage under i18nextLng', async () => {
    await changeLanguage('fr');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('fr');
    expect(i18n.t('nav.open')).toBe('Ouvrir la navigation');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('a stored Arabic choice sets rtl and Arabic texts on load', async () => {
    window.localStorage.setItem(languageStorageKey, 'ar');
    await initStoredLanguage();
    expect(settingsStore.getState().themeDirection).toBe('rtl');
    expect(currentLanguage()).toBe('ar');
  });

  it('a stored non-Arabic language keeps the stored direction', async () => {
    settingsStore.getState().setField('themeDirection', 'rtl');
    window.localStorage.setItem(languageStorageKey, 'cn');
    await initStoredLanguage();
    expect(currentLanguage()).toBe('cn');
    expect(i18n.t('nav.open')).toBe('打开导航');
    expect(settingsStore.getState().themeDirection).toBe('rtl');
  });

  it('ignores an unknown stored language', async () => {
    window.localStorage.setItem(languageStorageKey, 'xx');
    await initStoredLanguage();
    expect(currentLanguage()).toBe('en');
    expect(settingsStore.getState().themeDirection).toBe('ltr');
  });

  it("an area's texts (loaded with its routes) follow a language change", async () => {
    // The test setup asked for the users area, as its routes do (ensureTranslations).
    await ensureTranslations('users');
    expect(i18n.t('users.common.users')).toBe('Users');
    await changeLanguage('fr');
    expect(i18n.t('users.common.users')).toBe('Utilisateurs');
  });

  it("keeps each area's texts in a namespace of its own, which t() falls back to", async () => {
    await ensureTranslations('users');
    expect(i18n.hasResourceBundle('en', 'users')).toBe(true);
    expect(i18n.getResource('en', 'users', 'users.common.users')).toBe('Users');
    // The default namespace holds only what every page loads.
    expect(i18n.getResource('en', 'translations', 'users.common.users')).toBeUndefined();
    expect(i18n.getResource('en', 'translations', 'accountMenu.logout')).toBe('Logout');
    expect(i18n.t('users.common.users')).toBe('Users');
  });
});
