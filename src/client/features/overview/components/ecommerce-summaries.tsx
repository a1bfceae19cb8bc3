import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { SeriesPoint, TrendFigure } from '#shared/contract/overview.ts';

import { SummaryWidget } from '../../../components/widget-card/summary-widget.tsx';
import { fNumber } from '../../../lib/format.ts';
import { ordersOfDays, SOLD } from './ecommerce-links.ts';
import { TrendSparkline } from './trend-sparkline.tsx';
import { cardState, isNothing, units, type EcommerceWidgetContext } from './ecommerce-widget.ts';

export type SummaryKind = 'productsSold' | 'totalBalance' | 'salesProfit';

const widgetIds: Record<SummaryKind, string> = {
  productsSold: 'products-sold',
  totalBalance: 'total-balance',
  salesProfit: 'sales-profit',
};

/** A summary's title and definition: the shop's for administrators, one's own purchases otherwise. */
export function summaryTexts(t: TFunction, kind: SummaryKind, isAdmin: boolean) {
  if (kind === 'salesProfit') {
    return {
      title: t('overview.ecommerce.salesProfit.title'),
      info: t('overview.ecommerce.salesProfit.info'),
    };
  }
  return isAdmin
    ? { title: t(`overview.ecommerce.${kind}.title`), info: t(`overview.ecommerce.${kind}.info`) }
    : { title: t(`overview.ecommerce.${kind}.titleMine`), info: t(`overview.ecommerce.${kind}.infoMine`) };
}

/**
 * A summary of the range (products sold, total balance, sales profit): the figure, its change against the
 * previous period of the same length, and its days as a sparkline; it opens the range's sales.
 */
export function EcommerceSummary({ ctx, kind }: { ctx: EcommerceWidgetContext; kind: SummaryKind }) {
  const { t } = useTranslation();
  const texts = summaryTexts(t, kind, ctx.isAdmin);
  const figure: TrendFigure | undefined = ctx.data?.[kind];
  const money = kind !== 'productsSold';
  const timeZone = ctx.data?.range.timeZone ?? ctx.range.tz;
  // Each summary adds up the range's sales: paid and completed orders.
  const ordersLink = ordersOfDays(ctx.range.from, ctx.range.to, timeZone, { status: SOLD });
  return (
    <SummaryWidget<SeriesPoint>
      id={widgetIds[kind]}
      title={texts.title}
      info={texts.info}
      {...cardState(ctx)}
      // An administrator's answer always has every figure; one missing is nothing to show, not zero.
      empty={!figure || isNothing(figure)}
      emptyText={ctx.isAdmin ? t('overview.ecommerce.noSales') : t('overview.ecommerce.noPurchases')}
      figure={figure}
      format={money ? ctx.money : (value) => fNumber(value)}
      periodLabel={ctx.range.previousLabel}
      sparkline={figure && <TrendSparkline series={figure.series} />}
      data={{
        columns: [
          { header: t('overview.ecommerce.columns.day'), value: (point) => point.day },
          {
            header: money
              ? t('overview.ecommerce.columns.amount', { currency: ctx.currency })
              : t('overview.ecommerce.columns.units'),
            value: (point) => (money ? units(point.value) : point.value),
          },
        ],
        rows: figure?.series ?? [],
      }}
      fileName={`${widgetIds[kind]}-${ctx.range.from}-${ctx.range.to}`}
      list={{ to: ordersLink }}
      sx={{ height: '100%' }}
    />
  );
}
