/**
 * First-load budget check (issue #8 §2): the gzip bytes of the JavaScript each key page fetches on a cold
 * load, computed from the Vite build manifest (dist/.vite/manifest.json) and compared with
 * bench/budgets.json. Deterministic: the same build gives the same figures, no browser, no timing.
 *
 * A page loads index.html's entry and the route modules its URL matches (listed in the budget file, as the
 * manifest names them: their source paths); each of those pulls in its static imports, which Vite preloads
 * with it. bench/first-load.ts measures the same figure in Chromium.
 *
 *   node scripts/check-budgets.ts          (after `vite build`; exit code 1 when a page is over budget)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The part of a Vite manifest chunk this check reads. */
export type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};
export type Manifest = Record<string, ManifestChunk>;

export type PageBudget = {
  /** The page's URL (documentation; bench/first-load.ts opens it). */
  path: string;
  /** Manifest keys (source paths) of the route modules the page loads besides the entry. */
  modules: string[];
  /** The budget: gzip KiB of the page's JavaScript (the check fails above it). */
  maxGzipKiB: number;
  /** Where the page should get to (reported, not enforced). */
  targetGzipKiB?: number;
};
export type Budgets = { entry: string; pages: Record<string, PageBudget> };

export type PageSize = {
  page: string;
  jsFiles: string[];
  cssFiles: string[];
  jsGzipBytes: number;
  jsRawBytes: number;
  maxGzipKiB: number;
  targetGzipKiB: number | undefined;
  overBudget: boolean;
};

/** gzip at level 9 (what Vite reports and what the server's precompressed files use). */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length;
}

/** The output files (JS, then CSS) of `roots` and everything they import statically. */
export function filesOf(manifest: Manifest, roots: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`The build manifest has no module "${key}" (renamed? update bench/budgets.json)`);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return { js: js.sort(), css: [...css].sort() };
}

/** Every budgeted page's size, from the manifest and a reader of the built files. */
export function measurePages(
  manifest: Manifest,
  budgets: Budgets,
  readFile: (file: string) => Uint8Array,
): PageSize[] {
  return Object.entries(budgets.pages).map(([page, budget]) => {
    const { js, css } = filesOf(manifest, [budgets.entry, ...budget.modules]);
    let jsGzipBytes = 0;
    let jsRawBytes = 0;
    for (const file of js) {
      const bytes = readFile(file);
      jsRawBytes += bytes.length;
      jsGzipBytes += gzipSize(bytes);
    }
    return {
      page,
      jsFiles: js,
      cssFiles: css,
      jsGzipBytes,
      jsRawBytes,
      maxGzipKiB: budget.maxGzipKiB,
      targetGzipKiB: budget.targetGzipKiB,
      overBudget: jsGzipBytes > budget.maxGzipKiB * 1024,
    };
  });
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function readBuild(distDir: string, budgetFile: string) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: run \`vite build\` first (build.manifest is on in vite.config.ts)`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const budgets = JSON.parse(fs.readFileSync(budgetFile, 'utf8')) as Budgets;
  return measurePages(manifest, budgets, (file) => fs.readFileSync(path.join(distDir, file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const sizes = readBuild(path.join(root, 'dist'), path.join(root, 'bench', 'budgets.json'));
  console.table(
    sizes.map((s) => ({
      page: s.page,
      'JS files': s.jsFiles.length,
      'JS gzip KiB': kib(s.jsGzipBytes),
      'budget KiB': s.maxGzipKiB,
      'target KiB': s.targetGzipKiB ?? '',
      'JS raw KiB': kib(s.jsRawBytes),
      'CSS files': s.cssFiles.length,
      '': s.overBudget ? 'OVER BUDGET' : 'ok',
    })),
  );
  const over = sizes.filter((s) => s.overBudget);
  if (over.length > 0) {
    console.error(
      `First-load budget exceeded: ${over.map((s) => `${s.page} ${kib(s.jsGzipBytes)} KiB > ${s.maxGzipKiB} KiB`).join(', ')}.` +
        ' Make the page load less, or raise its budget in bench/budgets.json with a reason in the commit.',
    );
    process.exit(1);
  }
}
