import type { LanguageValue } from './locales-config.ts';

/**
 * The texts are split into part files by area (`langs/<language>/<part>.ts`). English's start parts are
 * bundled (i18n.ts); every other part file is its own chunk, loaded when a language or an area needs it.
 */
export type TranslationPart =
  | 'core'
  | 'shell'
  | 'public-pages'
  | 'users'
  | 'chat'
  | 'mail'
  | 'calendar'
  | 'kanban'
  | 'products'
  | 'orders'
  | 'invoices'
  | 'posts'
  | 'workspace'
  | 'overview'
  | 'files'
  | 'banking'
  | 'booking'
  | 'analytics';

/** The parts every page needs: loaded with a language, before its first render. */
export const startParts = ['core', 'shell'] as const satisfies readonly TranslationPart[];

/**
 * The parts loaded with their area's routes (the router waits for them with the page's code). Each is an
 * i18next namespace of its own, named after the part, which `t()` falls back to (so keys stay
 * `users.list.search` everywhere); the start parts form the default namespace.
 */
export const areaParts = [
  'users',
  'public-pages',
  'chat',
  'mail',
  'calendar',
  'kanban',
  'products',
  'orders',
  'invoices',
  'posts',
  'workspace',
  'overview',
  'files',
  'banking',
  'booking',
  'analytics',
] as const satisfies readonly TranslationPart[];
export type AreaPart = (typeof areaParts)[number];

// English's start parts are bundled by i18n.ts, so they are left out here.
const partModules = import.meta.glob<Record<string, unknown>>([
  './langs/*/*.ts',
  '!./langs/*/index.ts',
  '!./langs/en/core.ts',
  '!./langs/en/shell.ts',
]);

/** One part's texts in one language (the part file's exported objects merged). */
export async function loadPart(
  language: LanguageValue,
  part: TranslationPart,
): Promise<Record<string, unknown>> {
  const load = partModules[`./langs/${language}/${part}.ts`];
  if (!load) throw new Error(`No translations for ${language}/${part}`);
  const module = await load();
  return Object.assign({}, ...Object.values(module)) as Record<string, unknown>;
}
