import GlobalStyles from '@mui/material/GlobalStyles';
import type { NProgress as NProgressApi } from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

// nprogress is not part of the first page's load: it loads once the browser is idle after it (so it is there
// for the first navigation), or with the first navigation if that comes sooner. Until it is there, the bar's
// state is only remembered, and the bar starts if a navigation is still running when it arrives.
let nprogress: NProgressApi | undefined;
let loading: Promise<NProgressApi> | undefined;
let wanted = false;

function loadNProgress(): Promise<NProgressApi> {
  loading ??= import('nprogress').then((module) => {
    const api = module.default;
    // nprogress's own template marks the bar role="bar", which is no ARIA role (axe: aria-roles, critical).
    // The bar is decoration: the new page's title and heading say that the page changed.
    api.configure({
      showSpinner: false,
      trickleSpeed: 200,
      minimum: 0.1,
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    nprogress = api;
    return api;
  });
  return loading;
}

function setBusy(busy: boolean): void {
  wanted = busy;
  if (nprogress) {
    if (busy) nprogress.start();
    else nprogress.done();
  } else if (busy) {
    void loadNProgress()
      .then((api) => {
        if (wanted) api.start();
      })
      .catch(() => {});
  }
}

type RouterLike = {
  state: { navigation: { state: string } };
  subscribe: (listener: (state: { navigation: { state: string } }) => void) => () => void;
};

/**
 * Spec §2: drives the bar from the router itself (outside React, so even a short chunk load is seen).
 * Returns the unsubscribe function.
 */
export function startProgressBar(router: RouterLike): () => void {
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000));
  whenIdle(() => void loadNProgress().catch(() => {}));
  let busy = false;
  return router.subscribe((state) => {
    const next = state.navigation.state !== 'idle';
    if (next === busy) return;
    busy = next;
    setBusy(busy);
  });
}

/** Spec §2: a progress bar at the top of the page shows during route changes (nprogress, themed). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';

  useEffect(() => setBusy(busy), [busy]);

  useEffect(() => () => setBusy(false), []);

  return (
    <GlobalStyles
      styles={(theme) => ({
        '#nprogress': { pointerEvents: 'none' },
        '#nprogress .bar': {
          position: 'fixed',
          top: 0,
          left: 0,
          zIndex: theme.zIndex.tooltip + 1,
          width: '100%',
          height: 3,
          backgroundColor: theme.palette.primary.main,
        },
        '#nprogress .peg': {
          position: 'absolute',
          right: 0,
          width: 100,
          height: '100%',
          opacity: 1,
          boxShadow: `0 0 10px ${theme.palette.primary.main}, 0 0 5px ${theme.palette.primary.main}`,
          transform: 'rotate(3deg) translate(0px, -4px)',
        },
      })}
    />
  );
}
