/**
 * The shape of a translated part: the same keys as the English part, every leaf a string.
 * `export const core = { … } satisfies TranslationOf<typeof enCore>` rejects a missing or an extra key.
 */
export type TranslationOf<T> = {
  [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]>;
};
