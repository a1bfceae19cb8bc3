import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { RateFigure } from '#shared/contract/overview.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { ChangeBadge } from '../../../components/widget-card/change-badge.tsx';
import { RadialWidget } from '../../../components/widget-card/radial-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { fNumber } from '../../../lib/format.ts';
import { usersCreatedIn } from './app-links.ts';
import { cardState, rangeFileName, type AppWidgetProps } from './app-widget.ts';
import { chartSvgIn } from '../../../components/chart/chart-image.ts';

type Period = 'current' | 'previous';

/** A rate's fraction; no accounts is no rate at all (not 0 %). */
const rateOf = (part: number, total: number) => (total > 0 ? part / total : undefined);

type RateProps = AppWidgetProps & {
  id: 'verified-email' | 'profile-completion';
  figure: RateFigure | undefined;
  texts: 'verifiedEmails' | 'completeProfiles';
};

/**
 * A cohort rate of the accounts created in the range (administrators): the share that has done something
 * by now, as a ring, with the previous period's cohort for the change. No new accounts is the empty state.
 */
function AppRate({ overview, range, id, figure, texts }: RateProps) {
  const { t } = useTranslation();
  const drawing = useRef<HTMLDivElement>(null);
  const title = t(`overview.app.${texts}.title`);
  const rate = figure && rateOf(figure.part, figure.total);
  const previous = figure && rateOf(figure.previousPart, figure.previousTotal);
  const data: WidgetData<Period> = {
    columns: [
      { header: t('overview.app.columns.period'), value: (period) => t(`overview.app.rates.${period}`) },
      {
        header: t(`overview.app.${texts}.part`),
        value: (p) => (p === 'current' ? figure?.part : figure?.previousPart) ?? 0,
      },
      {
        header: t('overview.app.rates.total'),
        value: (p) => (p === 'current' ? figure?.total : figure?.previousTotal) ?? 0,
      },
    ],
    rows: figure ? ['current', 'previous'] : [],
  };
  return (
    <RadialWidget<Period>
      id={id}
      title={title}
      info={t(`overview.app.${texts}.info`)}
      subheader={
        rate !== undefined && (
          <ChangeBadge value={rate} previous={previous} periodLabel={range.previousLabel} />
        )
      }
      {...cardState(overview)}
      empty={figure !== undefined && rate === undefined}
      emptyText={t('overview.app.rates.empty')}
      data={data}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName(id, range)}
      list={{ to: usersCreatedIn(range.from, range.to, range.tz) }}
      size={220}
      chart={
        figure &&
        rate !== undefined && (
          <Box ref={drawing} sx={{ width: 1 }}>
            <Chart
              type="radial"
              title={title}
              valueFormat="percent"
              height={220}
              hideLegend
              slices={[{ label: t(`overview.app.${texts}.part`), value: rate }]}
            />
            <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', textAlign: 'center' }}>
              {t(`overview.app.${texts}.of`, { part: fNumber(figure.part), count: figure.total })}
            </Typography>
          </Box>
        )
      }
      legend={
        rate === undefined
          ? []
          : [
              { key: 'current', label: t('overview.app.rates.current'), value: rate },
              ...(previous === undefined
                ? []
                : [
                    {
                      key: 'previous',
                      label: t('overview.app.rates.previous'),
                      value: previous,
                      color: 'text.disabled',
                    },
                  ]),
            ]
      }
      sx={{ height: 1 }}
    />
  );
}

export function AppVerifiedEmails(props: AppWidgetProps) {
  return (
    <AppRate
      {...props}
      id="verified-email"
      figure={props.overview.data?.verifiedEmails}
      texts="verifiedEmails"
    />
  );
}

export function AppCompleteProfiles(props: AppWidgetProps) {
  return (
    <AppRate
      {...props}
      id="profile-completion"
      figure={props.overview.data?.completeProfiles}
      texts="completeProfiles"
    />
  );
}
