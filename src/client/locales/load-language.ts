import type { TranslationResource } from './langs/en/index.ts';
import type { LanguageValue } from './locales-config.ts';

/** Non-English texts are separate chunks, loaded when the language is chosen (a small first load). */
export const languageLoaders: Record<Exclude<LanguageValue, 'en'>, () => Promise<TranslationResource>> = {
  fr: () => import('./langs/fr/index.ts').then((module) => module.fr),
  vi: () => import('./langs/vi/index.ts').then((module) => module.vi),
  cn: () => import('./langs/cn/index.ts').then((module) => module.cn),
  ar: () => import('./langs/ar/index.ts').then((module) => module.ar),
};
