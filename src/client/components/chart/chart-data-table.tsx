import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

import { visuallyHidden } from '../../lib/visually-hidden.ts';
import type { ChartFormatters } from './chart-format.ts';
import type { ChartItem, ChartProps } from './chart-types.ts';

type Table = {
  head: string[];
  /** `items`: what each row's cells are (one per series; the slice for donut, pie and radial). */
  rows: { header: string; cells: string[]; items: ChartItem[] }[];
  /** The series' names (empty for slices), for the buttons' fallback names. */
  series: string[];
};

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
        rows: props.slices.map((slice, index) => ({
          header: slice.label,
          cells: [formatters.value(slice.value)],
          items: [{ seriesIndex: 0, dataIndex: index }],
        })),
        series: [],
      };
    default:
      return {
        head: [props.categoryLabel ?? labels.category, ...props.series.map((series) => series.name)],
        rows: props.categories.map((category, index) => ({
          header: formatters.category(category),
          cells: props.series.map((series) => formatters.value(series.data[index] ?? null)),
          items: props.series.map((_, seriesIndex) => ({ seriesIndex, dataIndex: index })),
        })),
        series: props.series.map((series) => series.name),
      };
  }
}

/**
 * The table behind every chart: what the drawing shows, for screen readers (hidden on screen). Its caption
 * is the chart's title and says it is the chart's data.
 *
 * With `onItemClick` (drill-down), a last column holds a button per series that opens the row's list: the
 * keyboard's and screen readers' way to what a click on the drawing does. While one of them has the focus,
 * the table shows over the drawing, so a sighted keyboard user sees where they are.
 */
export function ChartDataTable({ chart, formatters }: { chart: ChartProps; formatters: ChartFormatters }) {
  const { t } = useTranslation();
  const table = chartTable(chart, formatters, {
    category: t('common.chart.category'),
    value: t('common.chart.value'),
  });
  const { onItemClick, itemActionLabel } = chart;
  const actionLabel = (item: ChartItem, category: string) =>
    itemActionLabel?.(item) ??
    t('common.chart.openItem', {
      item: table.series.length > 1 ? `${table.series[item.seriesIndex] ?? ''}, ${category}` : category,
    });
  return (
    <Box
      sx={{
        ...visuallyHidden,
        '&:focus-within': {
          clip: 'auto',
          height: 'auto',
          width: '100%',
          maxHeight: '100%',
          margin: 0,
          overflow: 'auto',
          top: 0,
          insetInlineStart: 0,
          zIndex: 1,
          p: 1,
          whiteSpace: 'normal',
          typography: 'body2',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '& th, & td': { px: 1, py: 0.5, textAlign: 'start' },
        },
      }}
    >
      <table>
        <caption>{t('common.chart.dataTable', { title: chart.title })}</caption>
        <thead>
          <tr>
            {table.head.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
            {onItemClick ? <th scope="col">{t('common.chart.open')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row.header}</th>
              {row.cells.map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
              {onItemClick ? (
                <td>
                  {row.items.map((item) => (
                    <Button
                      key={item.seriesIndex}
                      size="small"
                      onClick={() => onItemClick(item)}
                      sx={{ textAlign: 'start' }}
                    >
                      {actionLabel(item, row.header)}
                    </Button>
                  ))}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
