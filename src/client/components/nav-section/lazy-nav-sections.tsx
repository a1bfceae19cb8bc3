import { lazy, Suspense, type ComponentType } from 'react';

import type { NavGroup } from './types.ts';

type NavSectionProps = { data: NavGroup[] };
type NavSectionComponent = ComponentType<NavSectionProps>;

/**
 * A nav section whose code (with the tooltips and menus of its items) loads on demand: it renders at once
 * when `preload()` has already finished, and through Suspense the first time otherwise.
 */
function preloadable(load: () => Promise<NavSectionComponent>) {
  let loaded: NavSectionComponent | undefined;
  let pending: Promise<NavSectionComponent> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const LazySection = lazy(() => preload().then((component) => ({ default: component })));
  function Section(props: NavSectionProps) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <LazySection {...props} />
      </Suspense>
    );
  }
  return { Section, preload };
}

const mini = preloadable(() => import('./nav-section-mini.tsx').then((module) => module.NavSectionMini));
const horizontal = preloadable(() =>
  import('./nav-section-horizontal.tsx').then((module) => module.NavSectionHorizontal),
);

/** The mini (88 px) nav: off the first load unless it is the chosen layout (see `preloadNavSection`). */
export const LazyNavSectionMini = mini.Section;
export const preloadNavSectionMini = mini.preload;
/** The horizontal nav bar: off the first load unless it is the chosen layout. */
export const LazyNavSectionHorizontal = horizontal.Section;
export const preloadNavSectionHorizontal = horizontal.preload;

/**
 * Loads the nav section of a layout (the vertical one is always there), so the dashboard's first render
 * shows its navigation at once: the dashboard route waits for it with the layout's code.
 */
export async function preloadNavSection(layout: string): Promise<void> {
  if (layout === 'mini') await preloadNavSectionMini();
  else if (layout === 'horizontal') await preloadNavSectionHorizontal();
}
