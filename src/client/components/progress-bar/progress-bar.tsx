import GlobalStyles from '@mui/material/GlobalStyles';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false, trickleSpeed: 200, minimum: 0.1 });

type RouterLike = {
  state: { navigation: { state: string } };
  subscribe: (listener: (state: { navigation: { state: string } }) => void) => () => void;
};

/**
 * Spec §2: drives the bar from the router itself (outside React, so even a short chunk load is seen).
 * Returns the unsubscribe function.
 */
export function startProgressBar(router: RouterLike): () => void {
  let busy = false;
  return router.subscribe((state) => {
    const next = state.navigation.state !== 'idle';
    if (next === busy) return;
    busy = next;
    if (busy) NProgress.start();
    else NProgress.done();
  });
}

/** Spec §2: a progress bar at the top of the page shows during route changes (nprogress, themed). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';

  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);

  useEffect(() => () => void NProgress.done(), []);

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
