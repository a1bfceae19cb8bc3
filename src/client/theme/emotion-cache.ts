import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPluginModule from 'stylis-plugin-rtl';

import type { ThemeDirection } from '../lib/settings/settings-config.ts';

// The package is CommonJS for TypeScript (its `default` is the plugin) and ES for Vite: accept both shapes.
const rtlPlugin = ('default' in rtlPluginModule
  ? rtlPluginModule.default
  : rtlPluginModule) as unknown as StylisPlugin;

/** One Emotion cache per direction: right to left flips every style (margins, paddings, positions). */
const caches: Partial<Record<ThemeDirection, EmotionCache>> = {};

export function getEmotionCache(direction: ThemeDirection): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return caches[direction];
}
