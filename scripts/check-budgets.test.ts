import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { filesOf, gzipSize, measurePages, type Budgets, type Manifest } from './check-budgets.ts';

/** A build: the entry imports a shared vendor chunk; two lazy routes, one with a heavy grid chunk. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_vendor.js'], css: ['assets/grid.css'] },
  'src/login.tsx': { file: 'assets/login.js', imports: ['index.html', '_vendor.js'] },
  'src/list.tsx': {
    file: 'assets/list.js',
    imports: ['index.html', '_grid.js'],
    dynamicImports: ['src/login.tsx'],
  },
};

/** Incompressible bytes (gzip cannot shrink them), so sizes are predictable. */
function noise(length: number, seed: number): Uint8Array {
  const blocks: Buffer[] = [];
  for (let i = 0; i * 32 < length; i++) blocks.push(createHash('sha256').update(`${seed}:${i}`).digest());
  return new Uint8Array(Buffer.concat(blocks).subarray(0, length));
}

const files: Record<string, Uint8Array> = {
  'assets/index.js': noise(40 * 1024, 1),
  'assets/vendor.js': noise(20 * 1024, 2),
  'assets/grid.js': noise(60 * 1024, 3),
  'assets/login.js': noise(5 * 1024, 4),
  'assets/list.js': noise(5 * 1024, 5),
};
const read = (file: string) => {
  const bytes = files[file];
  if (!bytes) throw new Error(`no ${file}`);
  return bytes;
};

const budgets = (signIn: number, list: number): Budgets => ({
  entry: 'index.html',
  pages: {
    'sign-in': { path: '/auth/login', modules: ['src/login.tsx'], maxGzipKiB: signIn },
    list: { path: '/list', modules: ['src/list.tsx'], maxGzipKiB: list },
  },
});

describe('first-load budget check', () => {
  it('follows static imports, once each, and not dynamic ones', () => {
    expect(filesOf(manifest, ['index.html', 'src/list.tsx'])).toEqual({
      js: ['assets/grid.js', 'assets/index.js', 'assets/list.js', 'assets/vendor.js'],
      css: ['assets/grid.css', 'assets/index.css'],
    });
  });

  it('sums the gzip size of a page’s JavaScript and passes within budget', () => {
    const [signIn, list] = measurePages(manifest, budgets(80, 150), read);
    const expected = ['assets/index.js', 'assets/login.js', 'assets/vendor.js']
      .map((file) => gzipSize(read(file)))
      .reduce((a, b) => a + b, 0);
    expect(signIn).toMatchObject({ page: 'sign-in', jsGzipBytes: expected, overBudget: false });
    expect(signIn?.jsRawBytes).toBe(65 * 1024);
    expect(list).toMatchObject({ page: 'list', overBudget: false });
  });

  it('fails a page that grows past its budget', () => {
    const sizes = measurePages(manifest, budgets(80, 120), read);
    expect(sizes.map((size) => [size.page, size.overBudget])).toEqual([
      ['sign-in', false],
      ['list', true],
    ]);
  });

  it('refuses a budgeted module the build no longer has', () => {
    const stale = budgets(80, 150);
    stale.pages['list']!.modules = ['src/renamed.tsx'];
    expect(() => measurePages(manifest, stale, read)).toThrow(/no module "src\/renamed.tsx"/);
  });
});
