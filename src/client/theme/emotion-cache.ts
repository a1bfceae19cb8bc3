import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';

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

/** One Emotion cache per direction: right to left flips every style (margins, paddings, positions). */
const caches: Partial<Record<ThemeDirection, EmotionCache>> = {};

/** The cache of a direction; rtl falls back to ltr until loadRtlStyles() has finished. */
export function getEmotionCache(direction: ThemeDirection): EmotionCache {
  if (direction === 'rtl' && rtlPlugin) {
    caches.rtl ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
    return caches.rtl;
  }
  caches.ltr ??= createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return caches.ltr;
}
