/**
 * The one axe check of the browser suite (ADR 039): the page is shown and has settled, then axe-core finds no
 * serious or critical violation of WCAG 2.1 A/AA.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

import { expect, type Page } from '@playwright/test';
import type { AxeResults, default as Axe } from 'axe-core';

/** axe-core's browser build, put into the page once per document (ADR 039, addendum of 2026-11-27). */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core in the page and returns its violations. Run directly rather than through @axe-core/playwright,
 * whose analyze() finishes every run in a new blank page and injects axe into every frame each time: 3–4 s a
 * page on the CI machine, against under 1 s here for the same violations (the app has no iframes). Only
 * violations are collected: passes were serialised for nothing.
 */
async function runAxe(page: Page, include?: string): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ include, tags }) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const results = await axe.run(include ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    { include, tags },
  );
}

/**
 * Waits until the colours axe reads are final, on real conditions rather than a fixed time: the page's
 * heading is shown, the lazy chunks and data have loaded, the fonts are loaded, and no transition or animation
 * that ends (a MUI fade, collapse or ripple) is still running. Endless ones (a spinner, a skeleton's pulse)
 * are left alone.
 */
export async function settled(page: Page, label = page.url()): Promise<void> {
  await expect(page.locator('h1').first(), label).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A finished transition may start another (a drawer, then its content); a few rounds cover a chain.
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}

/**
 * Checks the page open in `page`: waits until it has settled, runs axe over it (or only over `include`, a CSS
 * selector such as `main`), and expects no serious or critical violation; the failure lists each with the
 * first nodes it found. `soft` records the failure and goes on, for a suite that checks many pages in one test.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  { include, soft = false }: { include?: string; soft?: boolean } = {},
): Promise<void> {
  await settled(page, label);
  const serious = (await runAxe(page, include))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`)
          .slice(0, 6)
          .join(' | ')}`,
    );
  (soft ? expect.soft(serious, label) : expect(serious, label)).toEqual([]);
}
