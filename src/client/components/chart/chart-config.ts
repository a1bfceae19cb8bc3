import type { Theme } from '@mui/material/styles';
import type {
  BarSeriesType,
  LineSeriesType,
  PieSeriesType,
  RadarSeriesType,
  XAxis,
  YAxis,
} from '@mui/x-charts/models';

import type { ChartFormatters } from './chart-format.ts';
import type {
  CartesianChartProps,
  ChartItem,
  ChartProps,
  RadarChartProps,
  RadialChartProps,
  SliceChartProps,
} from './chart-types.ts';

/**
 * From our chart props to the chart library's (MUI X Charts, ADR 040): colours from the theme's palette,
 * axes mirrored in right-to-left, every text through the language's formatters. Pure, so the mapping is
 * tested without drawing (jsdom has no SVG layout); `chart-canvas.tsx` only hands the result to the library.
 */
export type ChartContext = { theme: Theme; formatters: ChartFormatters };

/** The series colours, in order: the palette's main colours (light and dark, as the theme gives them). */
export function chartColors(theme: Theme): string[] {
  const { palette } = theme;
  // Past six series, the same hues away from the background: darker on light, lighter on dark.
  const shade = palette.mode === 'dark' ? 'light' : 'dark';
  return [
    palette.primary.main,
    palette.warning.main,
    palette.info.main,
    palette.error.main,
    palette.success.main,
    palette.secondary.main,
    palette.primary[shade],
    palette.warning[shade],
    palette.info[shade],
    palette.error[shade],
  ];
}

const colorAt = (colors: string[], index: number) => colors[index % colors.length] ?? colors[0] ?? '';

/** True when there is nothing to draw: no category, no series, or no value anywhere (not zeros). */
export function isChartEmpty(props: ChartProps): boolean {
  switch (props.type) {
    case 'donut':
    case 'pie':
      return !props.slices.some((slice) => slice.value > 0);
    case 'radial':
      return props.slices.length === 0;
    default:
      return (
        props.categories.length === 0 ||
        !props.series.some((series) => series.data.some((value) => value !== null))
      );
  }
}

export type CartesianSpec = {
  series: (LineSeriesType | BarSeriesType)[];
  xAxis: XAxis[];
  yAxis: YAxis[];
};

export function cartesianSpec(
  props: CartesianChartProps,
  { theme, formatters }: ChartContext,
): CartesianSpec {
  const rtl = theme.direction === 'rtl';
  const colors = chartColors(theme);
  const stack = props.stacked ? 'total' : undefined;
  const valueFormatter = (value: number | null) => formatters.value(value);
  const series = props.series.map((item, index): LineSeriesType | BarSeriesType => {
    const common = {
      id: `s${index}`,
      label: item.name,
      data: [...item.data],
      color: item.color ?? colorAt(colors, index),
      stack,
      valueFormatter,
    };
    if (props.type === 'bar')
      return { ...common, type: 'bar', layout: props.horizontal ? 'horizontal' : 'vertical' };
    return { ...common, type: 'line', area: props.type === 'area', showMark: false, curve: 'monotoneX' };
  });
  const categoryAxis = {
    id: 'categories',
    data: [...props.categories],
    scaleType: props.type === 'bar' ? ('band' as const) : ('point' as const),
    valueFormatter: (value: unknown) =>
      formatters.category(value as CartesianChartProps['categories'][number]),
  };
  const valueAxis = { id: 'values', valueFormatter: (value: number) => formatters.tick(value) };
  const startSide = rtl ? ('right' as const) : ('left' as const);
  if (props.type === 'bar' && props.horizontal) {
    // Bars grow from the start side: from the right in Arabic.
    return {
      series,
      xAxis: [{ ...valueAxis, reverse: rtl }],
      yAxis: [{ ...categoryAxis, position: startSide, width: 'auto' }],
    };
  }
  // Time runs from the start side: the first category on the right in Arabic, the value axis there too.
  return {
    series,
    xAxis: [{ ...categoryAxis, reverse: rtl }],
    yAxis: [{ ...valueAxis, position: startSide, width: 'auto' }],
  };
}

/** Clockwise from the top, counter-clockwise in right-to-left. */
const sweep = (theme: Theme) => (theme.direction === 'rtl' ? -360 : 360);

export function sliceSpec(props: SliceChartProps, { theme, formatters }: ChartContext): PieSeriesType[] {
  const colors = chartColors(theme);
  return [
    {
      type: 'pie',
      data: props.slices.map((slice, index) => ({
        id: index,
        value: slice.value,
        label: slice.label,
        color: slice.color ?? colorAt(colors, index),
      })),
      innerRadius: props.type === 'donut' ? '68%' : 0,
      outerRadius: '100%',
      paddingAngle: props.type === 'donut' ? 1 : 0,
      cornerRadius: props.type === 'donut' ? 4 : 0,
      startAngle: 0,
      endAngle: sweep(theme),
      valueFormatter: (item) => formatters.value(item.value),
    },
  ];
}

/**
 * One ring per slice, outside in, each a pie of two arcs: the value (labelled: legend and tooltip) and
 * the rest of `max` in the track colour (unlabelled: not in the legend).
 */
export function radialSpec(props: RadialChartProps, { theme, formatters }: ChartContext): PieSeriesType[] {
  const colors = chartColors(theme);
  const max = props.max ?? 1;
  const count = Math.max(props.slices.length, 1);
  const width = Math.min(16, 56 / count);
  const gap = Math.min(4, 16 / count);
  return props.slices.map((slice, index) => {
    const outer = 100 - index * (width + gap);
    const value = Math.min(Math.max(slice.value, 0), max);
    return {
      type: 'pie',
      id: `ring${index}`,
      data: [
        { id: 'value', value, label: slice.label, color: slice.color ?? colorAt(colors, index) },
        { id: 'rest', value: max - value, color: theme.palette.divider },
      ],
      innerRadius: `${outer - width}%`,
      outerRadius: `${outer}%`,
      cornerRadius: 8,
      startAngle: 0,
      endAngle: sweep(theme),
      sortingValues: 'none',
      valueFormatter: () => formatters.value(slice.value),
    };
  });
}

export type RadarSpec = {
  series: RadarSeriesType[];
  radar: { metrics: string[]; max?: number; labelFormatter: (name: string) => string };
};

/** The metrics' order around the web: the first stays on top, the others follow counter-clockwise in rtl. */
function radarOrder(props: RadarChartProps, theme: Theme): number[] {
  const order = props.categories.map((_, index) => index);
  if (theme.direction === 'rtl') order.splice(1, order.length - 1, ...order.slice(1).reverse());
  return order;
}

export function radarSpec(props: RadarChartProps, { theme, formatters }: ChartContext): RadarSpec {
  const colors = chartColors(theme);
  const order = radarOrder(props, theme);
  const max =
    props.max ??
    Math.max(0, ...props.series.flatMap((series) => series.data.filter((v): v is number => v !== null)));
  return {
    series: props.series.map((item, index) => ({
      type: 'radar',
      id: `s${index}`,
      label: item.name,
      data: order.map((at) => item.data[at] ?? 0),
      color: item.color ?? colorAt(colors, index),
      fillArea: true,
      valueFormatter: (value: number | null) => formatters.value(value),
    })),
    radar: { metrics: order.map((at) => props.categories[at] ?? ''), max, labelFormatter: (name) => name },
  };
}

/** What the library's click callbacks hand over (only the fields the drill-down reads). */
type AxisClick = { dataIndex: number } | null;
type SeriesItemClick = { seriesId: string | number; dataIndex: number };

/**
 * The library's click callbacks for a chart with `onItemClick` (drill-down, ADR 040), and what shows the
 * pointer: `plot` (anywhere in the drawing area: a click picks the category's column or the radar's
 * spoke, so thin bars are easy to hit) or `items` (the bars, lines, areas or slices themselves).
 *
 * A chart of one series takes the category from the axis click. With several series the click must say
 * which one, so it must land on a bar, a line or an area (the library's item clicks); the data table has
 * a button for every series and category either way.
 */
export type ChartClickSpec = {
  target: 'plot' | 'items';
  onAxisClick?: (event: unknown, data: AxisClick) => void;
  onItemClick?: (event: unknown, item: SeriesItemClick) => void;
  onAreaClick?: (event: unknown, item: SeriesItemClick) => void;
  onLineClick?: (event: unknown, item: SeriesItemClick) => void;
  onMarkClick?: (event: unknown, item: SeriesItemClick) => void;
};

/** `s3` (a series) or `ring3` (a radial ring) → 3. */
const indexOfId = (id: string | number) => Number(String(id).replace(/^\D+/, ''));

export function chartClickSpec(
  props: ChartProps,
  theme: Theme,
  onItemClick: (item: ChartItem) => void,
): ChartClickSpec {
  switch (props.type) {
    case 'donut':
    case 'pie':
      return {
        target: 'items',
        onItemClick: (_, item) => onItemClick({ seriesIndex: 0, dataIndex: item.dataIndex }),
      };
    case 'radial':
      // One ring per slice: its value and its track both open the slice.
      return {
        target: 'items',
        onItemClick: (_, item) => onItemClick({ seriesIndex: 0, dataIndex: indexOfId(item.seriesId) }),
      };
    case 'radar': {
      // The web's order is mirrored in right-to-left: back to the category's index.
      const order = radarOrder(props, theme);
      const category = (shown: number) => order[shown] ?? shown;
      if (props.series.length === 1)
        return {
          target: 'plot',
          onAxisClick: (_, data) => {
            if (data) onItemClick({ seriesIndex: 0, dataIndex: category(data.dataIndex) });
          },
        };
      const onSeries = (_: unknown, item: SeriesItemClick) =>
        onItemClick({ seriesIndex: indexOfId(item.seriesId), dataIndex: category(item.dataIndex) });
      return { target: 'items', onAreaClick: onSeries, onMarkClick: onSeries };
    }
    default: {
      if (props.series.length === 1)
        return {
          target: 'plot',
          onAxisClick: (_, data) => {
            if (data) onItemClick({ seriesIndex: 0, dataIndex: data.dataIndex });
          },
        };
      const onSeries = (_: unknown, item: SeriesItemClick) =>
        onItemClick({ seriesIndex: indexOfId(item.seriesId), dataIndex: item.dataIndex });
      return props.type === 'bar'
        ? { target: 'items', onItemClick: onSeries }
        : { target: 'items', onAreaClick: onSeries, onLineClick: onSeries };
    }
  }
}
