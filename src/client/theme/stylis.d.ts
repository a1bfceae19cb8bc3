/** stylis 4 ships no types; only what the Emotion caches here use. */
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';

  export type Middleware = StylisPlugin;
  export const prefixer: StylisPlugin;
}
