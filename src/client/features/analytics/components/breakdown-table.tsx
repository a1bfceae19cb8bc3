import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { AnalyticsDimension, AnalyticsRow } from '#shared/contract/analytics.ts';

import {
  DataTable,
  type DataTableColumn,
  type DataTableListProps,
} from '../../../components/data-table/data-table.tsx';
import type { ListSort } from '../../../lib/list-state.ts';
import { fNumber, fPercent } from '../../../lib/format.ts';
import { ChangeText } from './details-summary.tsx';
import { useValueLabel } from './use-value-label.ts';

/** Values written left to right whatever the language (addresses, paths, campaign names). */
const ltrDimensions = new Set<AnalyticsDimension>([
  'page',
  'entry',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'event',
]);

/**
 * One breakdown of the view: a row per value with its visitors, views, visits and events, its visitors over
 * the previous period (with the change) and its share of the period's visitors. A value is a link-styled
 * button that filters the whole view by it. Server-side paging and sorting (the address holds them).
 */
export function BreakdownTable({
  dim,
  rows,
  sort,
  onSortChange,
  onFilter,
  previousLabel,
  ...list
}: DataTableListProps & {
  dim: AnalyticsDimension;
  rows: readonly AnalyticsRow[];
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
  onFilter: (value: string) => void;
  previousLabel: string;
}) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const dimension = t(`analytics.dimensions.${dim}`);
  const number = (field: 'visitors' | 'views' | 'visits' | 'events'): DataTableColumn<AnalyticsRow> => ({
    field,
    header: t(`analytics.details.columns.${field}`),
    sortable: true,
    align: 'right',
    width: 110,
    render: (row) => fNumber(row[field]),
  });
  const columns: DataTableColumn<AnalyticsRow>[] = [
    {
      field: 'value',
      header: dimension,
      sortable: true,
      minWidth: 200,
      render: (row) => {
        const text = label(dim, row.value);
        return (
          <Link
            component="button"
            type="button"
            color="inherit"
            underline="hover"
            onClick={() => onFilter(row.value)}
            aria-label={t('analytics.details.filterBy', { dimension, value: text })}
            sx={{
              textAlign: 'start',
              typography: 'body2',
              fontWeight: 'fontWeightMedium',
              wordBreak: 'break-word',
            }}
          >
            <bdi dir={ltrDimensions.has(dim) ? 'ltr' : undefined}>{text}</bdi>
          </Link>
        );
      },
    },
    number('visitors'),
    number('views'),
    number('visits'),
    number('events'),
    {
      field: 'previousVisitors',
      header: t('analytics.details.columns.previousVisitors'),
      align: 'right',
      width: 140,
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'baseline' }}>
          <span>{fNumber(row.previousVisitors)}</span>
          <ChangeText value={row.visitors} previous={row.previousVisitors} label={previousLabel} />
        </Stack>
      ),
    },
    {
      field: 'share',
      header: t('analytics.details.columns.share'),
      align: 'right',
      width: 140,
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
          <Box
            aria-hidden
            sx={{ width: 48, height: 6, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
          >
            <Box
              sx={{
                width: `${Math.round(Math.min(1, row.share) * 100)}%`,
                height: 1,
                bgcolor: 'primary.main',
              }}
            />
          </Box>
          <Typography component="span" variant="body2">
            {fPercent(row.share)}
          </Typography>
        </Box>
      ),
    },
  ];
  return (
    <DataTable
      label={t('analytics.details.tableLabel', { dimension })}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.value || '∅'}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={t('analytics.details.empty')}
      rowHeight={52}
      {...list}
    />
  );
}
