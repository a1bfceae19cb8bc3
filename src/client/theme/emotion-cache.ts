import createCache, { type EmotionCache, type StylisElement, type StylisPlugin } from '@emotion/cache';

import type { ThemeDirection } from '../lib/settings/settings-config.ts';

/**
 * The right-to-left stylis plugin (with cssjanus) is only needed in rtl: it loads when the direction
 * first becomes rtl (main.tsx loads it before the first render when rtl is the stored choice).
 */
let rtlPlugin: StylisPlugin | undefined;
let rtlLoading: Promise<void> | undefined;

export function loadRtlStyles(): Promise<void> {
  rtlLoading ??= import('stylis-plugin-rtl').then((module) => {
    // The package is CommonJS for TypeScript (its `default` is the plugin) and ES for Vite: accept both shapes.
    const plugin: unknown = module.default;
    rtlPlugin = (
      plugin && typeof plugin === 'object' && 'default' in plugin ? plugin.default : plugin
    ) as StylisPlugin;
  });
  return rtlLoading;
}

export const isRtlStylesReady = () => rtlPlugin !== undefined;

/**
 * The vendor prefixes the browsers Atrium supports (Vite's default target: Safari 16.4+, Chrome and Edge
 * 111+, Firefox 114+) still need: Safari's `-webkit-user-select`, and `-webkit-backdrop-filter` before
 * Safari 18 (the glass header). stylis's own prefixer also wrote `-ms-flex-*`, `-webkit-box-*`, `-moz-*` and
 * a second copy of every keyframes rule: a quarter of the CSS text a page inserted, which the browser
 * parsed in the commit of every first render (ADR 010, sixth pass).
 */
export function webkitPrefixer(element: StylisElement): void {
  // 'decl': stylis's DECLARATION element type.
  if (element.type !== 'decl' || element.return) return;
  if (/^(user-select|backdrop-filter):/.test(element.value))
    element.return = `-webkit-${element.value}${element.value}`;
}

/** One Emotion cache per direction: right to left flips every style (margins, paddings, positions). */
const caches: Partial<Record<ThemeDirection, EmotionCache>> = {};

/** The cache of a direction; rtl falls back to ltr until loadRtlStyles() has finished. */
export function getEmotionCache(direction: ThemeDirection): EmotionCache {
  if (direction === 'rtl' && rtlPlugin) {
    caches.rtl ??= createCache({ key: 'muirtl', stylisPlugins: [webkitPrefixer, rtlPlugin] });
    return caches.rtl;
  }
  caches.ltr ??= createCache({ key: 'mui', stylisPlugins: [webkitPrefixer] });
  return caches.ltr;
}
