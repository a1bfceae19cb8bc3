/**
 * The layer rules of `.dependency-cruiser.cjs` each fail on a deliberately wrong import (issue 25), and the
 * real tree breaks none of them.
 *
 * A case writes a few files into a throwaway folder laid out like the repository (`src/server/modules/…`)
 * and cruises them with the real configuration: the rules match paths, so a file at the same relative path
 * is judged as the real one would be. Nothing is written into `src/`. To add a case for a new rule, see
 * `caseFor` below: name the rule, give the wrong import, and (for the rule's allowed side) a right one.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

async function configOptions(): Promise<ICruiseOptions> {
  return extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
}

interface Found {
  rule: string;
  from: string;
  to: string;
}

function found(violations: IViolation[]): Found[] {
  return violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

/**
 * Cruises `files` (path relative to the repository → source) in a throwaway copy of the layout, with the
 * repository's rules and options; returns every violation found.
 */
async function violationsIn(files: Record<string, string>): Promise<Found[]> {
  const dir = await mkdtemp(join(tmpdir(), 'layer-rules-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), source);
    }
    const { tsConfig: _tsConfig, ...options } = await configOptions();
    const result = await cruise(['src'], { ...options, baseDir: dir });
    if (typeof result.output === 'string') throw new Error('cruise gave a report, not a result');
    return found(result.output.summary.violations);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `import` of `to` from `from`, as a relative path with its extension (the repository's style). */
function importOf(from: string, to: string): string {
  let path = join(
    ...dirname(from)
      .split('/')
      .map(() => '..'),
    to,
  );
  if (!path.startsWith('.')) path = `./${path}`;
  return `import { x } from '${path}';\nexport const y = x;\n`;
}

const exporting = 'export const x = 1;\n';

/** Files where `from` imports `to` (both exist; `to` exports `x`). */
function pair(from: string, to: string): Record<string, string> {
  return { [to]: exporting, [from]: importOf(from, to) };
}

interface RuleCase {
  /** The rule's name in `.dependency-cruiser.cjs`. */
  rule: string;
  /** Files with exactly one import that breaks the rule. */
  wrong: Record<string, string>;
  /** Files that the rule allows (its exemptions and near misses); none of them breaks any rule. */
  right: Record<string, string>[];
}

const cases: RuleCase[] = [
  {
    rule: 'no-circular',
    wrong: {
      'src/server/lib/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'src/server/lib/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    },
    right: [
      {
        // A lazy import() back into its importer is not a cycle at load time.
        'src/server/lib/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'src/server/lib/b.ts': "export const b = () => import('./a.ts');\n",
      },
    ],
  },
  {
    rule: 'shared-imports-neither-side',
    wrong: pair('src/shared/contract/x.ts', 'src/server/lib/x.ts'),
    right: [pair('src/server/lib/x.ts', 'src/shared/contract/x.ts')],
  },
  {
    rule: 'client-not-server',
    wrong: pair('src/client/lib/x.ts', 'src/server/lib/x.ts'),
    right: [pair('src/client/lib/x.ts', 'src/shared/contract/x.ts')],
  },
  {
    rule: 'server-not-client',
    wrong: pair('src/server/lib/x.ts', 'src/client/lib/x.ts'),
    right: [pair('src/server/lib/x.ts', 'src/shared/contract/x.ts')],
  },
  {
    rule: 'features-do-not-import-features',
    wrong: pair('src/client/features/a/views/x.tsx', 'src/client/features/b/hooks/x.ts'),
    right: [
      pair('src/client/features/a/views/x.tsx', 'src/client/features/a/hooks/x.ts'),
      pair('src/client/features/a/views/x.test.tsx', 'src/client/features/b/hooks/x.ts'),
    ],
  },
  {
    rule: 'components-and-lib-stay-below-features',
    wrong: pair('src/client/components/x.tsx', 'src/client/features/a/hooks/x.ts'),
    right: [pair('src/client/features/a/views/x.tsx', 'src/client/components/x.tsx')],
  },
  {
    rule: 'server-modules-use-only-surfaces',
    wrong: pair('src/server/modules/a/a.routes.ts', 'src/server/modules/b/b.repo.ts'),
    right: [
      pair('src/server/modules/a/a.routes.ts', 'src/server/modules/a/a.repo.ts'),
      pair('src/server/modules/a/a.routes.ts', 'src/server/modules/b/b.service.ts'),
      // The overview module composes every domain's aggregates.
      pair('src/server/modules/overview/overview.service.ts', 'src/server/modules/b/b.stats.ts'),
      pair('src/server/modules/a/a.routes.test.ts', 'src/server/modules/b/b.repo.ts'),
    ],
  },
  {
    // Another module's service under another name is not its surface.
    rule: 'server-modules-use-only-surfaces',
    wrong: pair('src/server/modules/a/a.routes.ts', 'src/server/modules/b/c.service.ts'),
    right: [pair('src/server/modules/a/a.admin.routes.ts', 'src/server/modules/a/a.routes.ts')],
  },
  {
    // A route file is registered by app.ts only (ADR 019), never imported by another module.
    rule: 'server-modules-use-only-surfaces',
    wrong: pair('src/server/modules/a/a.service.ts', 'src/server/modules/b/b.routes.ts'),
    right: [],
  },
  {
    rule: 'seed-uses-module-seeds-and-services',
    wrong: pair('src/server/db/seed/seed.ts', 'src/server/modules/a/a.repo.ts'),
    right: [
      pair('src/server/db/seed/seed.ts', 'src/server/modules/a/a.seed.ts'),
      pair('src/server/db/seed/seed.ts', 'src/server/modules/a/a.service.ts'),
      pair('src/server/db/seed/seed.test.ts', 'src/server/modules/a/a.repo.ts'),
    ],
  },
  {
    rule: 'server-lib-and-db-below-modules',
    wrong: pair('src/server/lib/x.ts', 'src/server/modules/a/a.service.ts'),
    right: [
      pair('src/server/db/seed/seed.ts', 'src/server/modules/a/a.seed.ts'),
      pair('src/server/lib/x.test.ts', 'src/server/modules/a/a.service.ts'),
      pair('src/server/modules/a/a.service.ts', 'src/server/lib/x.ts'),
    ],
  },
  {
    rule: 'server-plugins-use-module-surfaces',
    wrong: pair('src/server/plugins/files.ts', 'src/server/modules/files/files.repo.ts'),
    right: [
      pair('src/server/plugins/files.ts', 'src/server/modules/files/files.service.ts'),
      pair('src/server/plugins/files.test.ts', 'src/server/modules/files/files.repo.ts'),
    ],
  },
  {
    rule: 'layouts-below-app',
    wrong: pair('src/client/layouts/x.tsx', 'src/client/app/router.tsx'),
    right: [pair('src/client/app/router.tsx', 'src/client/layouts/x.tsx')],
  },
  {
    rule: 'api-client-only-in-feature-api',
    wrong: pair('src/client/features/a/views/x.tsx', 'src/client/lib/api-client.ts'),
    right: [
      pair('src/client/features/a/api/x.ts', 'src/client/lib/api-client.ts'),
      // A view tells failures apart through the error module, not the client.
      pair('src/client/features/a/views/x.tsx', 'src/client/lib/api-error.ts'),
      pair('src/client/lib/auth/x.ts', 'src/client/lib/api-client.ts'),
      pair('src/client/lib/resource.ts', 'src/client/lib/api-client.ts'),
      pair('src/client/features/a/views/x.test.tsx', 'src/client/lib/api-client.ts'),
    ],
  },
];

describe('layer rules (.dependency-cruiser.cjs)', () => {
  it('has a case for every rule', async () => {
    const { ruleSet } = await configOptions();
    const names = (ruleSet?.forbidden ?? []).map((rule) => rule.name);
    expect([...new Set(cases.map((c) => c.rule))].sort()).toEqual([...names].sort());
  });

  describe.each(cases)('$rule', ({ rule, wrong, right }) => {
    it('fires on a wrong import, and only that rule', async () => {
      const violations = await violationsIn(wrong);
      expect(violations.length).toBeGreaterThan(0);
      expect(violations.map((v) => v.rule)).toEqual(violations.map(() => rule));
    });

    it('allows the right imports', async () => {
      for (const files of right) expect(await violationsIn(files)).toEqual([]);
    });
  });

  it('finds no violation in the real tree', { timeout: 120_000 }, async () => {
    const options = await configOptions();
    const tsConfig = extractTSConfig(join(root, 'tsconfig.json'));
    const result = await cruise(['src'], { ...options, baseDir: root }, {}, { tsConfig });
    if (typeof result.output === 'string') throw new Error('cruise gave a report, not a result');
    expect(found(result.output.summary.violations)).toEqual([]);
    expect(result.output.summary.totalCruised).toBeGreaterThan(500);
  });
});
