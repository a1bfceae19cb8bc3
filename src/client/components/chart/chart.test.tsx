import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../app/provider.tsx';
import { changeLanguage } from '../../locales/i18n.ts';
import { createAppTheme } from '../../theme/create-theme.ts';
import { Chart } from './chart.tsx';
import { cartesianSpec, chartClickSpec, chartColors, radarSpec, sliceSpec } from './chart-config.ts';
import { chartFormatters } from './chart-format.ts';
import type { CartesianChartProps } from './chart-types.ts';

// jsdom lays out no SVG: the drawing is a stand-in, and the tests check the wrapper and the props it builds.
const canvas = vi.hoisted(() => vi.fn());
vi.mock('./chart-canvas.tsx', () => ({
  default: (props: { chart: { type: string } }) => {
    canvas(props);
    return <div data-testid="chart-canvas">{props.chart.type}</div>;
  },
}));

function renderChart(chart: ReactNode, theme = createAppTheme()) {
  return render(
    <AppProvider>
      <ThemeProvider theme={theme}>{chart}</ThemeProvider>
    </AppProvider>,
  );
}

const sales: CartesianChartProps = {
  type: 'area',
  title: 'Sales',
  categories: [new Date(2026, 9, 1), new Date(2026, 10, 1)],
  series: [
    { name: 'Income', data: [1234.5, 98765] },
    { name: 'Refunds', data: [12, null] },
  ],
  valueFormat: 'currency',
  currency: 'EUR',
  dateFormat: 'month',
};

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('Chart', () => {
  afterEach(async () => {
    canvas.mockClear();
    await changeLanguage('en');
  });

  it('draws lazily and puts its data in a table, written in English', async () => {
    renderChart(<Chart {...sales} />);
    expect(await screen.findByTestId('chart-canvas')).toBeTruthy();
    const figure = screen.getByRole('figure', { name: 'Sales' });
    const table = within(figure).getByRole('table', { name: 'Sales: data table' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Category', 'Income', 'Refunds'],
      ['Oct 2026', '€1,234.50', '€12.00'],
      ['Nov 2026', '€98,765.00', '–'],
    ]);
  });

  it('writes values and dates in the interface language (French, Arabic)', async () => {
    await changeLanguage('fr');
    const { unmount } = renderChart(<Chart {...sales} />);
    let table = screen.getByRole('table', { name: 'Sales : tableau des données' });
    const fr = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('fr-FR', options);
    expect(within(table).getAllByRole('row').map(cells)).toEqual([
      ['Catégorie', 'Income', 'Refunds'],
      [
        new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric' }).format(new Date(2026, 9, 1)),
        fr({ style: 'currency', currency: 'EUR' }).format(1234.5),
        fr({ style: 'currency', currency: 'EUR' }).format(12),
      ],
      [
        new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric' }).format(new Date(2026, 10, 1)),
        fr({ style: 'currency', currency: 'EUR' }).format(98765),
        '–',
      ],
    ]);
    expect(fr({ style: 'currency', currency: 'EUR' }).format(1234.5)).not.toBe('€1,234.50');
    unmount();

    await changeLanguage('ar');
    renderChart(
      <Chart type="donut" title="Devices" slices={[{ label: 'Mobile', value: 1234 }]} />,
      createAppTheme({ direction: 'rtl' }),
    );
    table = screen.getByRole('table', { name: 'Devices: جدول البيانات' });
    const arabic = new Intl.NumberFormat('ar-SD').format(1234);
    expect(arabic).not.toBe('1,234'); // Arabic digits and separators
    expect(within(table).getAllByRole('row').map(cells)).toEqual([
      ['الفئة', 'القيمة'],
      ['Mobile', arabic],
    ]);
  });

  it('shows the empty state, not zeros, when there is nothing to draw, and loads no drawing', () => {
    renderChart(
      <>
        <Chart
          type="line"
          title="Sign-ins"
          categories={['Mon', 'Tue']}
          series={[{ name: 'Web', data: [] }]}
        />
        <Chart type="bar" title="Orders" categories={['Mon']} series={[{ name: 'Shop', data: [null] }]} />
        <Chart type="pie" title="Devices" slices={[{ label: 'Mobile', value: 0 }]} />
        <Chart type="radar" title="Skills" categories={[]} series={[]} emptyText="Nobody rated yet" />
      </>,
    );
    for (const name of ['Sign-ins', 'Orders', 'Devices']) {
      const figure = screen.getByRole('figure', { name });
      expect(within(figure).getByText('No data for this period yet')).toBeTruthy();
      expect(within(figure).queryByRole('table')).toBeNull();
    }
    expect(within(screen.getByRole('figure', { name: 'Skills' })).getByText('Nobody rated yet')).toBeTruthy();
    expect(screen.queryByTestId('chart-canvas')).toBeNull();
    expect(canvas).not.toHaveBeenCalled();
  });

  it('opens the lists from the data table: a button per row and series, named by the page', () => {
    const onItemClick = vi.fn();
    renderChart(
      <>
        <Chart {...sales} onItemClick={onItemClick} />
        <Chart
          type="donut"
          title="Devices"
          slices={[
            { label: 'Mobile', value: 2 },
            { label: 'Desktop', value: 1 },
          ]}
          onItemClick={onItemClick}
          itemActionLabel={({ dataIndex }) => `Open the sign-ins from ${dataIndex ? 'desktops' : 'phones'}`}
        />
        <Chart type="pie" title="Plain" slices={[{ label: 'Mobile', value: 2 }]} />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Sales: data table' });
    expect(within(table).getAllByRole('row')[0]!.lastElementChild?.textContent).toBe('Open');
    fireEvent.click(within(table).getByRole('button', { name: 'Open the list: Refunds, Nov 2026' }));
    expect(onItemClick).toHaveBeenLastCalledWith({ seriesIndex: 1, dataIndex: 1 });
    expect(within(table).getAllByRole('button')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Open the sign-ins from desktops' }));
    expect(onItemClick).toHaveBeenLastCalledWith({ seriesIndex: 0, dataIndex: 1 });
    // Without drill-down, nothing in the table takes the focus.
    expect(within(screen.getByRole('table', { name: 'Plain: data table' })).queryByRole('button')).toBeNull();
  });

  it('follows the theme’s direction', async () => {
    const { unmount } = renderChart(<Chart {...sales} />, createAppTheme({ direction: 'rtl' }));
    await screen.findByTestId('chart-canvas');
    expect(screen.getByRole('figure', { name: 'Sales' }).getAttribute('dir')).toBe('rtl');
    unmount();
    renderChart(<Chart {...sales} />, createAppTheme({ direction: 'ltr' }));
    await screen.findByTestId('chart-canvas');
    expect(screen.getByRole('figure', { name: 'Sales' }).getAttribute('dir')).toBe('ltr');
  });
});

describe('chart props for the library', () => {
  const formatters = chartFormatters({ locale: 'en-US', valueFormat: 'percent' });

  it('mirrors the axes, the slices and the radar in right to left', () => {
    const ltr = createAppTheme({ direction: 'ltr' });
    const rtl = createAppTheme({ direction: 'rtl' });
    const area = cartesianSpec(sales, { theme: ltr, formatters });
    expect(area.xAxis[0]).toMatchObject({ reverse: false, scaleType: 'point' });
    expect(area.yAxis[0]).toMatchObject({ position: 'left' });
    const mirrored = cartesianSpec(sales, { theme: rtl, formatters });
    expect(mirrored.xAxis[0]).toMatchObject({ reverse: true });
    expect(mirrored.yAxis[0]).toMatchObject({ position: 'right' });

    const bars = { ...sales, type: 'bar' as const, horizontal: true };
    expect(cartesianSpec(bars, { theme: rtl, formatters }).xAxis[0]).toMatchObject({ reverse: true });
    expect(cartesianSpec(bars, { theme: rtl, formatters }).yAxis[0]).toMatchObject({
      position: 'right',
      scaleType: 'band',
    });

    const donut = { type: 'donut' as const, title: 'D', slices: [{ label: 'a', value: 1 }] };
    expect(sliceSpec(donut, { theme: ltr, formatters })[0]).toMatchObject({ startAngle: 0, endAngle: 360 });
    expect(sliceSpec(donut, { theme: rtl, formatters })[0]).toMatchObject({ endAngle: -360 });

    const radar = {
      type: 'radar' as const,
      title: 'R',
      categories: ['a', 'b', 'c', 'd'],
      series: [{ name: 's', data: [1, 2, 3, 4] }],
    };
    expect(radarSpec(radar, { theme: ltr, formatters }).radar.metrics).toEqual(['a', 'b', 'c', 'd']);
    const rtlRadar = radarSpec(radar, { theme: rtl, formatters });
    expect(rtlRadar.radar.metrics).toEqual(['a', 'd', 'c', 'b']);
    expect(rtlRadar.series[0]?.data).toEqual([1, 4, 3, 2]);
  });

  it('maps clicks back to the series and category, through the radar’s mirrored order', () => {
    const rtl = createAppTheme({ direction: 'rtl' });
    const open = vi.fn();
    const radar = {
      type: 'radar' as const,
      title: 'R',
      categories: ['a', 'b', 'c', 'd'],
      series: [{ name: 's', data: [1, 2, 3, 4] }],
    };
    // Drawn a, d, c, b in right to left: the second spoke is d.
    const single = chartClickSpec(radar, rtl, open);
    expect(single.target).toBe('plot');
    single.onAxisClick?.(null, { dataIndex: 1 });
    expect(open).toHaveBeenLastCalledWith({ seriesIndex: 0, dataIndex: 3 });
    const several = { ...radar, series: [...radar.series, { name: 't', data: [4, 3, 2, 1] }] };
    const spec = chartClickSpec(several, rtl, open);
    expect(spec.target).toBe('items');
    expect(spec.onAxisClick).toBeUndefined();
    spec.onAreaClick?.(null, { seriesId: 's1', dataIndex: 3 });
    expect(open).toHaveBeenLastCalledWith({ seriesIndex: 1, dataIndex: 1 });
    expect(chartClickSpec(several, createAppTheme(), open).onMarkClick).toBeTypeOf('function');
  });

  it('colours series from the palette, light and dark, and writes tooltips and ticks in the language', () => {
    const dark = createAppTheme({ mode: 'dark' });
    const spec = cartesianSpec(sales, { theme: dark, formatters });
    expect(spec.series.map((series) => series.color)).toEqual(chartColors(dark).slice(0, 2));
    expect(chartColors(dark)[0]).toBe(dark.palette.primary.main);
    expect(chartColors(dark)).not.toEqual(chartColors(createAppTheme({ mode: 'light' })));

    const series = spec.series[0];
    expect(series?.valueFormatter?.(0.256, { dataIndex: 0 })).toBe('25.6%');
    const euros = chartFormatters({ locale: 'fr-FR', valueFormat: 'currency', currency: 'EUR' });
    expect(euros.tick(1_500_000)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', notation: 'compact' }).format(
        1_500_000,
      ),
    );
  });
});
