import { describe, expect, it } from 'vitest';

import { languageValues } from './locales-config.ts';

/** Every part file of every language, loaded eagerly (the app loads non-English languages on demand). */
const modules = import.meta.glob<Record<string, unknown>>('./langs/*/*.ts', { eager: true });

type Tree = { [key: string]: string | Tree };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ a: { b: 'x' } }` → ['a.b']; a non-string leaf is reported as `a.b:<type>` so it fails the comparison. */
function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [path];
    if (isTree(value)) return flatten(value, path);
    return [`${path}:${typeof value}`];
  });
}

/** The texts a part file exports (its exported objects merged). */
function partTexts(module: Record<string, unknown>): Tree {
  return Object.assign({}, ...Object.values(module).filter(isTree)) as Tree;
}

const byLanguage = new Map<string, Map<string, Tree>>();
for (const [path, module] of Object.entries(modules)) {
  const match = /\.\/langs\/([^/]+)\/([^/]+)\.ts$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const parts = byLanguage.get(match[1]) ?? new Map<string, Tree>();
  parts.set(match[2], partTexts(module));
  byLanguage.set(match[1], parts);
}

const english = byLanguage.get('en') ?? new Map<string, Tree>();
const otherLanguages = languageValues.filter((language) => language !== 'en');

describe('translations', () => {
  it('has a folder for each of the five languages and nothing else', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...languageValues].sort());
  });

  it('English has parts, and its index spreads every part', () => {
    expect(english.size).toBeGreaterThan(1);
    const index = flatten(english.get('index') ?? {}).sort();
    const parts = [...english.entries()]
      .filter(([name]) => name !== 'index')
      .flatMap(([, tree]) => flatten(tree))
      .sort();
    expect(index).toEqual(parts);
  });

  describe.each(otherLanguages)('%s', (language) => {
    const parts = byLanguage.get(language) ?? new Map<string, Tree>();

    it('has the same part files as English', () => {
      expect([...parts.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each([...english.keys()])('%s.ts has exactly the keys of English', (part) => {
      const expected = flatten(english.get(part) ?? {});
      const actual = flatten(parts.get(part) ?? {});
      const missing = expected.filter((key) => !actual.includes(key));
      const extra = actual.filter((key) => !expected.includes(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('keeps every {{placeholder}} of English', () => {
      const placeholders = (tree: Tree, key: string) => {
        const text = key
          .split('.')
          .reduce<string | Tree | undefined>(
            (node, segment) => (isTree(node) ? node[segment] : undefined),
            tree,
          );
        return typeof text === 'string' ? (text.match(/{{\s*\w+\s*}}/g) ?? []).sort() : [];
      };
      const index = parts.get('index') ?? {};
      const englishIndex = english.get('index') ?? {};
      const wrong = flatten(englishIndex).filter(
        (key) => placeholders(englishIndex, key).join() !== placeholders(index, key).join(),
      );
      expect(wrong).toEqual([]);
    });
  });
});
