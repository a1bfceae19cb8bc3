/**
 * A chart card's *Download PNG*: the SVG a `Chart` inside `container` drew (null until the library has
 * drawn, or when there was nothing to draw). Call it when the image is asked for, not while rendering.
 */
export const chartSvgIn = (container: HTMLElement | null) =>
  container?.querySelector<SVGSVGElement>('[data-chart] svg') ?? null;
