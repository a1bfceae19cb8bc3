import { fireEvent, render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { barClasses } from '@mui/x-charts/BarChart';
import { lineClasses } from '@mui/x-charts/LineChart';
import { pieClasses } from '@mui/x-charts/PieChart';
import { beforeAll, describe, expect, it, vi } from 'vitest';

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

describe('ChartCanvas drill-down', () => {
  // jsdom lays nothing out: the library draws at its default 100 px width, the container at (0, 0), so a
  // pointer's client coordinates are the drawing's; the tests read where the bars are from their attributes.
  function draw(chart: ChartProps, direction: 'ltr' | 'rtl' = 'ltr') {
    const { container } = render(
      <AppProvider>
        <ThemeProvider theme={createAppTheme({ direction })}>
          <ChartCanvas chart={chart} formatters={chartFormatters({ locale: 'en-US' })} height={300} />
        </ThemeProvider>
      </AppProvider>,
    );
    const layer = container.querySelector<HTMLElement>('[class*="MuiChartsLayerContainer-root"]')!;
    /** A mouse click as the browser sends it: pointer down and up (the library's tap), then click. */
    const clickAt = (clientX: number, clientY: number) => {
      const init = { clientX, clientY, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0 };
      fireEvent.pointerDown(layer, { ...init, buttons: 1 });
      fireEvent.pointerUp(layer, { ...init, buttons: 0 });
      fireEvent.click(layer, init);
    };
    /** The bars, series by series, each as its middle and its top and bottom. */
    const bars = () =>
      [...container.querySelectorAll(`.${barClasses.element}`)].map((bar) => {
        const at = (name: string) => Number(bar.getAttribute(name));
        return { x: at('x') + at('width') / 2, top: at('y'), bottom: at('y') + at('height') };
      });
    return { container, clickAt, bars };
  }
  const orders = (onItemClick: ChartProps['onItemClick']): ChartProps => ({
    type: 'bar',
    title: 'Orders',
    categories: ['March', 'April'],
    series: [{ name: 'Orders', data: [1, 2] }],
    onItemClick,
  });

  it('opens the category whose column is clicked, above its bar too (one series), mirrored in rtl', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const onItemClick = vi.fn();
      const { container, clickAt, bars } = draw(orders(onItemClick), direction);
      const [march, april] = bars();
      // March comes first from the start side: on the right in Arabic.
      expect(direction === 'rtl' ? march!.x > april!.x : march!.x < april!.x).toBe(true);
      // Above March's bar (1 of 2 high, April's reaches the top): the column is enough.
      clickAt(march!.x, april!.top + 1);
      clickAt(april!.x, april!.bottom - 1);
      expect(onItemClick.mock.calls).toEqual([
        [{ seriesIndex: 0, dataIndex: 0 }],
        [{ seriesIndex: 0, dataIndex: 1 }],
      ]);
      expect(getComputedStyle(container.querySelector('svg')!).cursor).toBe('pointer');
    }
  });

  it('opens the clicked bar’s series when there are several, and nothing beside the bars', () => {
    const onItemClick = vi.fn();
    const { clickAt, bars } = draw({
      type: 'bar',
      title: 'Sales',
      categories: ['March', 'April'],
      series: [
        { name: 'Income', data: [2, 1] },
        { name: 'Refunds', data: [1, 2] },
      ],
      onItemClick,
    });
    // Series by series: Income March, Income April, Refunds March, Refunds April.
    const drawn = bars();
    expect(drawn).toHaveLength(4);
    const aprilRefunds = drawn[3]!;
    clickAt(aprilRefunds.x, aprilRefunds.bottom - 1);
    expect(onItemClick.mock.calls).toEqual([[{ seriesIndex: 1, dataIndex: 1 }]]);
    // Above April's income bar (1 of 2 high), in the plot: which series is not said.
    const aprilIncome = drawn[1]!;
    clickAt(aprilIncome.x, aprilIncome.top - 10);
    expect(onItemClick).toHaveBeenCalledOnce();
  });

  it('opens the clicked slice of a donut, and the clicked ring of a radial chart', () => {
    const onItemClick = vi.fn();
    const { container } = draw({
      type: 'donut',
      title: 'Devices',
      slices: [
        { label: 'Mobile', value: 1 },
        { label: 'Desktop', value: 2 },
      ],
      onItemClick,
    });
    const arcs = container.querySelectorAll(`.${pieClasses.arc}`);
    fireEvent.click(arcs[1]!);
    expect(onItemClick.mock.calls).toEqual([[{ seriesIndex: 0, dataIndex: 1 }]]);

    const onRing = vi.fn();
    const radial = draw({
      type: 'radial',
      title: 'Rates',
      slices: [
        { label: 'Verified', value: 0.4 },
        { label: 'Complete', value: 0.7 },
      ],
      onItemClick: onRing,
    });
    const rings = [...radial.container.querySelectorAll(`.${pieClasses.arc}`)];
    expect(rings).toHaveLength(4); // value and track of each ring
    fireEvent.click(rings[2]!); // the second ring's value
    fireEvent.click(rings[3]!); // and its track
    expect(onRing.mock.calls).toEqual([
      [{ seriesIndex: 0, dataIndex: 1 }],
      [{ seriesIndex: 0, dataIndex: 1 }],
    ]);
  });

  it('opens the clicked area’s series and nearest category on a chart of several lines', () => {
    const onItemClick = vi.fn();
    const { container } = draw({
      type: 'area',
      title: 'Accounts',
      categories: ['March', 'April'],
      series: [
        { name: 'Europe', data: [1, 2] },
        { name: 'Asia', data: [2, 1] },
      ],
      stacked: true,
      onItemClick,
    });
    const asia = container.querySelector(`.${lineClasses.area}[data-series="s1"]`)!;
    fireEvent.click(asia, { clientX: 79, clientY: 30 }); // near April (the plot's end)
    expect(onItemClick.mock.calls).toEqual([[{ seriesIndex: 1, dataIndex: 1 }]]);
  });

  it('opens the metric whose spoke is nearest on a radar of one series, mirrored in rtl', () => {
    for (const [direction, expected] of [
      ['ltr', 1],
      ['rtl', 3],
    ] as const) {
      const onItemClick = vi.fn();
      const { container, clickAt } = draw(
        {
          type: 'radar',
          title: 'Skills',
          categories: ['a', 'b', 'c', 'd'],
          series: [{ name: 'Team', data: [1, 2, 3, 4] }],
          onItemClick,
        },
        direction,
      );
      // The labels sit at the spokes' ends: halfway from the top one's foot (the centre) to the second one.
      const label = (text: string) =>
        [...container.querySelectorAll('text')].find((node) => node.textContent === text)!;
      const at = (node: Element, name: string) => Number(node.getAttribute(name));
      const top = label('a');
      const second = label(direction === 'rtl' ? 'd' : 'b');
      const centre = { x: at(top, 'x'), y: at(second, 'y') };
      clickAt((centre.x + at(second, 'x')) / 2, centre.y);
      expect(onItemClick.mock.calls).toEqual([[{ seriesIndex: 0, dataIndex: expected }]]);
    }
  });

  it('is not clickable without onItemClick', () => {
    const { container, clickAt, bars } = draw(orders(undefined));
    clickAt(bars()[0]!.x, bars()[0]!.top + 1);
    expect(getComputedStyle(container.querySelector('svg')!).cursor).not.toBe('pointer');
  });
});
