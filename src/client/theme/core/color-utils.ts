/** WCAG 2 contrast helpers (used by the palette tests and to pick readable colours). */

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(typeof a === 'string' ? hexToRgb(a) : a);
  const lb = relativeLuminance(typeof b === 'string' ? hexToRgb(b) : b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `color` at `opacity` over an opaque `background` (what alpha(color, opacity) looks like there). */
export function blend(color: string, opacity: number, background: string): Rgb {
  const fg = hexToRgb(color);
  const bg = hexToRgb(background);
  return fg.map((channel, i) => Math.round(channel * opacity + (bg[i] ?? 0) * (1 - opacity))) as Rgb;
}

/** `color` mixed with `other` (0 → color, 1 → other), as #RRGGBB. */
export function mixHex(color: string, other: string, amount: number): string {
  const a = hexToRgb(color);
  const b = hexToRgb(other);
  return `#${a
    .map((channel, i) => Math.round(channel + ((b[i] ?? 0) - channel) * amount))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}
