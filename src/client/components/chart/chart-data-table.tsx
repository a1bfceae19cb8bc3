import { useTranslation } from 'react-i18next';

import { visuallyHidden } from '../../lib/visually-hidden.ts';
import type { ChartFormatters } from './chart-format.ts';
import type { ChartProps } from './chart-types.ts';

type Table = { head: string[]; rows: { header: string; cells: string[] }[] };

/** The chart's data as rows and columns, every value written the way the chart writes it. */
export function chartTable(
  props: ChartProps,
  formatters: ChartFormatters,
  labels: { category: string; value: string },
): Table {
  switch (props.type) {
    case 'donut':
    case 'pie':
    case 'radial':
      return {
        head: [labels.category, labels.value],
        rows: props.slices.map((slice) => ({
          header: slice.label,
          cells: [formatters.value(slice.value)],
        })),
      };
    default:
      return {
        head: [props.categoryLabel ?? labels.category, ...props.series.map((series) => series.name)],
        rows: props.categories.map((category, index) => ({
          header: formatters.category(category),
          cells: props.series.map((series) => formatters.value(series.data[index] ?? null)),
        })),
      };
  }
}

/**
 * The table behind every chart: what the drawing shows, for screen readers (hidden on screen). Its caption
 * is the chart's title and says it is the chart's data.
 */
export function ChartDataTable({ chart, formatters }: { chart: ChartProps; formatters: ChartFormatters }) {
  const { t } = useTranslation();
  const table = chartTable(chart, formatters, {
    category: t('common.chart.category'),
    value: t('common.chart.value'),
  });
  return (
    <table style={visuallyHidden}>
      <caption>{t('common.chart.dataTable', { title: chart.title })}</caption>
      <thead>
        <tr>
          {table.head.map((header, index) => (
            <th key={index} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, index) => (
          <tr key={index}>
            <th scope="row">{row.header}</th>
            {row.cells.map((cell, cellIndex) => (
              <td key={cellIndex}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
