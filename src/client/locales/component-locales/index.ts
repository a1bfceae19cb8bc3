import { enUS, type Localization } from '@mui/material/locale';

import type { LanguageValue } from '../locales-config.ts';

/**
 * MUI component texts per language (pagination, alerts, …). English is bundled; the others load with their
 * language's texts (`ensureLanguageLoaded`), so the theme has them when the language is shown. More
 * component packages (e.g. MUI X date pickers) can add their locale objects to a language's list here: the
 * theme merges all of them (the data table's pagination texts come from the core locale).
 */
const loaders: Record<Exclude<LanguageValue, 'en'>, () => Promise<Localization>> = {
  fr: () => import('./fr.ts').then((module) => module.locale),
  vi: () => import('./vi.ts').then((module) => module.locale),
  cn: () => import('./cn.ts').then((module) => module.locale),
  ar: () => import('./ar.ts').then((module) => module.locale),
};

const loaded = new Map<LanguageValue, Localization[]>([['en', [enUS]]]);

/** The component texts of a language, once loaded (MUI's English defaults until then). */
export function componentLocales(language: LanguageValue): Localization[] {
  return loaded.get(language) ?? [];
}

export async function loadComponentLocales(language: LanguageValue): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  loaded.set(language, [await loaders[language]()]);
}
