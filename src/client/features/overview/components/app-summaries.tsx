import { useTranslation } from 'react-i18next';

import type { SeriesPoint, TrendFigure } from '#shared/contract/overview.ts';

import { SummaryWidget } from '../../../components/widget-card/summary-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { usersCreatedIn } from './app-links.ts';
import { cardState, rangeFileName, type AppWidgetProps } from './app-widget.ts';
import { TrendSparkline } from './trend-sparkline.tsx';

type SummaryProps = AppWidgetProps & {
  id: string;
  title: string;
  info: string;
  emptyText: string;
  figure: TrendFigure | undefined;
  list: string;
};

/**
 * A summary figure of the range: its value, its change against the previous period and its daily
 * sparkline. Nothing in either period is the empty state, not a 0 that looks like a measurement.
 */
function AppSummary({ overview, range, id, title, info, emptyText, figure, list }: SummaryProps) {
  const { t } = useTranslation();
  const data: WidgetData<SeriesPoint> = {
    columns: [
      { header: t('overview.app.columns.day'), value: (point) => point.day },
      { header: title, value: (point) => point.value },
    ],
    rows: figure?.series ?? [],
  };
  return (
    <SummaryWidget<SeriesPoint>
      id={id}
      title={title}
      info={info}
      {...cardState(overview)}
      empty={figure !== undefined && figure.value === 0 && figure.previous === 0}
      emptyText={emptyText}
      figure={figure}
      periodLabel={range.previousLabel}
      sparkline={figure && <TrendSparkline series={figure.series} />}
      data={data}
      fileName={rangeFileName(id, range)}
      list={{ to: list }}
      sx={{ height: 1 }}
    />
  );
}

/** Active people (administrators): people with a session in use on a day of the range. */
export function AppActivePeople({ overview, range }: AppWidgetProps) {
  const { t } = useTranslation();
  return (
    <AppSummary
      overview={overview}
      range={range}
      id="active-people"
      title={t('overview.app.activePeople.title')}
      info={t('overview.app.activePeople.info')}
      emptyText={t('overview.app.activePeople.empty')}
      figure={overview.data?.activePeople}
      list={paths.dashboard.user.list}
    />
  );
}

/** New accounts (administrators): accounts created in the range; opens them in the users list. */
export function AppNewAccounts({ overview, range }: AppWidgetProps) {
  const { t } = useTranslation();
  return (
    <AppSummary
      overview={overview}
      range={range}
      id="new-accounts"
      title={t('overview.app.newAccounts.title')}
      info={t('overview.app.newAccounts.info')}
      emptyText={t('overview.app.newAccounts.empty')}
      figure={overview.data?.newAccounts}
      list={usersCreatedIn(range.from, range.to, range.tz)}
    />
  );
}

/** Messages: chat messages and sent mail (the workspace's for administrators, one's own otherwise). */
export function AppMessages({ overview, range, isAdmin }: AppWidgetProps & { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <AppSummary
      overview={overview}
      range={range}
      id="messages"
      title={t('overview.app.messages.title')}
      info={t(isAdmin ? 'overview.app.messages.info' : 'overview.app.messages.infoMine')}
      emptyText={t('overview.app.messages.empty')}
      figure={overview.data?.messages}
      list={paths.dashboard.chat.root}
    />
  );
}
