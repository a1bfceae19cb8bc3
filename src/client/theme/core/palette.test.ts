import { describe, expect, it } from 'vitest';

import { themeColorPresets, themeContrasts, themeModes } from '../../lib/settings/settings-config.ts';
import { blend, contrastRatio } from './color-utils.ts';
import { createPalette, semanticColors, surfaces, withVariants } from './palette.ts';
import { colorPresets } from './presets.ts';

const AA = 4.5;

const combos = themeModes.flatMap((mode) => themeContrasts.map((contrast) => ({ mode, contrast })));

describe('palette contrast (WCAG AA 4.5:1)', () => {
  describe.each(combos)('$mode mode, $contrast contrast', ({ mode, contrast }) => {
    const { text, background } = surfaces[mode][contrast];
    const backgrounds = [background.default, background.paper];

    it.each(themeColorPresets)('preset %s: text on primary and primary text on the backgrounds', (preset) => {
      const { main, contrastText } = colorPresets[preset][mode];
      expect(contrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA);
      for (const bg of backgrounds) {
        expect(contrastRatio(main, bg)).toBeGreaterThanOrEqual(AA);
        // The active navigation item: primary text on a primary tint (8 %, 16 % on hover).
        expect(contrastRatio(main, blend(main, 0.08, bg))).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(main, blend(main, 0.16, bg))).toBeGreaterThanOrEqual(AA);
      }
    });

    it('body and secondary text on the backgrounds', () => {
      for (const bg of [...backgrounds, background.neutral]) {
        expect(contrastRatio(text.primary, bg)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(text.secondary, bg)).toBeGreaterThanOrEqual(AA);
      }
    });

    it('secondary text in a hovered row or item', () => {
      const { hover } = surfaces[mode][contrast];
      for (const bg of backgrounds) {
        const hovered = blend(hover.color, hover.opacity, bg);
        expect(contrastRatio(text.secondary, hovered)).toBeGreaterThanOrEqual(AA);
      }
      expect(createPalette({ mode, contrast }).action?.hover).toMatch(/^rgba\(/);
    });

    it.each(Object.keys(semanticColors[mode]))('%s: text on the colour and the colour as text', (name) => {
      const { main, contrastText } = semanticColors[mode][name as keyof (typeof semanticColors)['light']];
      expect(contrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA);
      for (const bg of backgrounds) {
        expect(contrastRatio(main, bg)).toBeGreaterThanOrEqual(AA);
        // On a card tinted with any preset colour (e.g. a status chip on the welcome card).
        for (const preset of themeColorPresets) {
          const tint = blend(colorPresets[preset][mode].main, 0.08, bg);
          expect(contrastRatio(main, tint)).toBeGreaterThanOrEqual(AA);
        }
      }
    });
  });

  it('in dark mode the `dark` variants stay readable as text on the surfaces and on tints', () => {
    for (const contrast of themeContrasts) {
      const { background } = surfaces.dark[contrast];
      const colors = [
        ...themeColorPresets.map((preset) => colorPresets[preset].dark),
        ...Object.values(semanticColors.dark),
      ];
      for (const color of colors) {
        const dark = withVariants(color, 'dark').dark ?? '';
        for (const bg of [background.default, background.paper]) {
          expect(contrastRatio(dark, bg)).toBeGreaterThanOrEqual(AA);
          expect(contrastRatio(dark, blend(color.main, 0.08, bg))).toBeGreaterThanOrEqual(AA);
          expect(contrastRatio(color.contrastText, dark)).toBeGreaterThanOrEqual(AA);
        }
      }
    }
    expect(createPalette({ mode: 'dark' }).primary).toMatchObject({ dark: expect.any(String) });
  });

  it('bold contrast changes what a person sees', () => {
    for (const mode of themeModes) {
      expect(surfaces[mode].bold.background.default).not.toBe(surfaces[mode].default.background.default);
      expect(surfaces[mode].bold.text.secondary).not.toBe(surfaces[mode].default.text.secondary);
    }
  });
});
