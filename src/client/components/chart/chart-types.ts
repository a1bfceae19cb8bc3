/**
 * What a chart draws: the data and how to write it. No chart library here, so a page can build its props
 * (and the data table can render) without loading the library.
 */

/** An x-axis value: a label, a number or a day/month (written in the language by `dateFormat`). */
export type ChartCategory = string | number | Date;

/** How values are written in tooltips, on the value axis and in the data table. */
export type ChartValueFormat = 'number' | 'percent' | 'currency' | 'bytes';

/** How `Date` categories are written: 26 Nov, Nov 2026, 2026 or Nov 26, 2026 (in the language). */
export type ChartDateFormat = 'day' | 'month' | 'year' | 'date';

/** One line, area or set of bars: one value per category (`null` where there is none). */
export type ChartSeries = { name: string; data: readonly (number | null)[]; color?: string };

/** One slice of a donut or pie, or one ring of a radial chart. */
export type ChartSlice = { label: string; value: number; color?: string };

/**
 * Which point, bar or slice was chosen: for cartesian and radar charts the series and the category's index;
 * for donut/pie/radial the slice's index (seriesIndex 0).
 */
export type ChartItem = { seriesIndex: number; dataIndex: number };

type CommonChartProps = {
  /** The chart's name: the accessible name of the figure and the caption of its data table. */
  title: string;
  /** The drawing's height in px (the legend included); the space is kept while the library loads. */
  height?: number;
  /** 'number' by default; 'percent' takes fractions (0.25 → 25%); 'currency' uses `currency`. */
  valueFormat?: ChartValueFormat;
  /** ISO 4217 code for `valueFormat: 'currency'` (USD by default). */
  currency?: string;
  hideLegend?: boolean;
  /** What an empty chart says instead of `common.chart.empty`. */
  emptyText?: string;
  /** A bar, point or slice was clicked (or chosen from the data table): open the list it summarises. */
  onItemClick?: (item: ChartItem) => void;
  /** The accessible name of that action for a category/slice, e.g. "Open the orders of March" (data table buttons). */
  itemActionLabel?: (item: ChartItem) => string;
};

export type CartesianChartProps = CommonChartProps & {
  type: 'area' | 'line' | 'bar';
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** Series stacked on each other (areas and bars). */
  stacked?: boolean;
  /** Bars along the value axis from the start side (bar charts only). */
  horizontal?: boolean;
  dateFormat?: ChartDateFormat;
  /** The data table's first column header (`common.chart.category` by default). */
  categoryLabel?: string;
};

export type SliceChartProps = CommonChartProps & {
  type: 'donut' | 'pie';
  slices: readonly ChartSlice[];
  /** Written in a donut's hole above the total (nothing when not given). */
  totalLabel?: string;
};

export type RadialChartProps = CommonChartProps & {
  type: 'radial';
  /** One ring per slice, each filled to `value / max`. */
  slices: readonly ChartSlice[];
  /** The full ring's value: 1 by default (fractions, with `valueFormat: 'percent'`). */
  max?: number;
};

export type RadarChartProps = CommonChartProps & {
  type: 'radar';
  /** The metrics around the web. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** The outer ring's value (the largest value by default). */
  max?: number;
  categoryLabel?: string;
};

export type ChartProps = CartesianChartProps | SliceChartProps | RadialChartProps | RadarChartProps;
export type ChartType = ChartProps['type'];
