import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { AnalyticsSummary } from '#shared/contract/analytics.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fNumber, fPercent } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { changeOf } from './analytics-views.ts';

const figures = ['visitors', 'views', 'visits', 'viewsPerVisit', 'conversions'] as const;
type Figure = (typeof figures)[number];

const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** "+12.5%" in green, "−3%" in red, "new" where there was nothing before. */
export function ChangeText({ value, previous, label }: { value: number; previous: number; label: string }) {
  const { t } = useTranslation();
  const change = changeOf(value, previous);
  const text =
    change === null ? t('analytics.details.change.new') : `${change > 0 ? '+' : ''}${fPercent(change)}`;
  const color = change === null || change > 0 ? 'success.main' : change < 0 ? 'error.main' : 'text.secondary';
  return (
    <Typography
      component="span"
      variant="caption"
      title={label}
      sx={{ color, fontWeight: 'fontWeightSemiBold', whiteSpace: 'nowrap' }}
    >
      <bdi>{text}</bdi>
      <Box component="span" sx={visuallyHidden}>
        {` ${label}`}
      </Box>
    </Typography>
  );
}

/**
 * The view's totals (visitors, views, visits, views per visit, conversions), each with its change against
 * the previous period of the same length, and the visitors of each day, this period against the previous.
 * Every figure is of the view's filters.
 */
export function DetailsSummary({
  summary,
  error,
  previousLabel,
}: {
  summary: AnalyticsSummary | undefined;
  error: unknown;
  previousLabel: string;
}) {
  const { t } = useTranslation();
  const format = (figure: Figure, value: number) =>
    figure === 'viewsPerVisit' ? fNumber(value, { maximumFractionDigits: 1 }) : fNumber(value);
  const current = summary?.series.current ?? [];
  const previous = summary?.series.previous ?? [];
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }}>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error, t)}
        </Alert>
      ) : null}
      <Box
        component="dl"
        aria-label={t('analytics.details.summary.label')}
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {figures.map((figure) => {
          const entry = summary?.[figure];
          return (
            <Box key={figure} data-figure={figure} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`analytics.details.summary.${figure}`)}
              </Typography>
              <Box
                component="dd"
                sx={{ m: 0, display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}
              >
                {entry ? (
                  <>
                    <Typography component="span" variant="h4">
                      {format(figure, entry.value)}
                    </Typography>
                    <ChangeText value={entry.value} previous={entry.previous} label={previousLabel} />
                  </>
                ) : (
                  <Skeleton width={80} height={40} />
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ mt: 3 }}>
        <Chart
          type="area"
          title={t('analytics.details.chart.title')}
          dateFormat="day"
          categories={current.map((point) => dayDate(point.day))}
          series={[
            { name: t('analytics.details.chart.current'), data: current.map((point) => point.visitors) },
            {
              name: t('analytics.details.chart.previous'),
              data: current.map((_, i) => previous[i]?.visitors ?? null),
            },
          ]}
          height={280}
          emptyText={t('analytics.details.chart.empty')}
        />
      </Box>
    </Card>
  );
}
