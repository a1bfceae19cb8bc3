import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { beforeAll, describe, expect, it } from 'vitest';

import { AppProvider } from '../../app/provider.tsx';
import { createAppTheme } from '../../theme/create-theme.ts';
import ChartCanvas from './chart-canvas.tsx';
import { chartFormatters } from './chart-format.ts';
import type { ChartProps } from './chart-types.ts';

const charts: [ChartProps, string][] = [
  [
    {
      type: 'area',
      title: 'Area',
      categories: [new Date(2026, 0, 1), new Date(2026, 1, 1)],
      series: [
        { name: 'Income', data: [1, 2] },
        { name: 'Refunds', data: [1, null] },
      ],
      stacked: true,
    },
    'IncomeRefunds',
  ],
  [
    { type: 'line', title: 'Line', categories: ['a', 'b'], series: [{ name: 'Web', data: [1, null] }] },
    'Web',
  ],
  [{ type: 'bar', title: 'Bar', categories: ['a', 'b'], series: [{ name: 'Shop', data: [1, 2] }] }, 'Shop'],
  [
    {
      type: 'bar',
      title: 'Bars',
      categories: ['a', 'b'],
      series: [{ name: 'Shop', data: [1, 2] }],
      horizontal: true,
    },
    'Shop',
  ],
  [
    {
      type: 'donut',
      title: 'Donut',
      slices: [
        { label: 'Mobile', value: 1 },
        { label: 'Desktop', value: 2 },
      ],
      totalLabel: 'Total',
    },
    'MobileDesktop',
  ],
  [{ type: 'pie', title: 'Pie', slices: [{ label: 'Mobile', value: 1 }] }, 'Mobile'],
  [
    {
      type: 'radial',
      title: 'Radial',
      slices: [
        { label: 'Verified', value: 0.4 },
        { label: 'Complete', value: 0.7 },
      ],
      valueFormat: 'percent',
    },
    // The rings' unfilled rest is not in the legend.
    'VerifiedComplete',
  ],
  [
    {
      type: 'radar',
      title: 'Radar',
      categories: ['a', 'b', 'c'],
      series: [{ name: 'Team', data: [1, 2, 3] }],
    },
    'Team',
  ],
];

// The library measures its container; jsdom has no ResizeObserver (nor layout: sizes are 0).
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('ChartCanvas', () => {
  // What the library accepts changes with its versions: every type, both directions and modes, draws an
  // SVG and a legend without a warning (an unexpected console.warn/error fails the test).
  for (const direction of ['ltr', 'rtl'] as const) {
    for (const [chart, legend] of charts) {
      it(`draws a ${chart.type} chart (${chart.title}) ${direction}`, () => {
        const mode = direction === 'rtl' ? 'dark' : 'light';
        const { container } = render(
          <AppProvider>
            <ThemeProvider theme={createAppTheme({ direction, mode })}>
              <ChartCanvas
                chart={chart}
                formatters={chartFormatters({ locale: 'en-US', valueFormat: chart.valueFormat })}
                height={300}
              />
            </ThemeProvider>
          </AppProvider>,
        );
        expect(container.querySelector('svg')).toBeTruthy();
        expect(container.querySelector('[class*="MuiChartsLegend-root"]')?.textContent).toBe(legend);
      });
    }
  }
});
