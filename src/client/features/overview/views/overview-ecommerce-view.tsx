import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { boardWidget } from '../../../components/widget-board/board-widget.ts';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { overviewKeys } from '../api/overview-keys.ts';
import { useEcommerceOverview } from '../api/overview-api.ts';
import { useOverviewYear } from '../api/overview-year.ts';
import { EcommerceBestCustomers, EcommerceCurrentBalance } from '../components/ecommerce-balance.tsx';
import { EcommerceLatestProducts, EcommerceNewProducts } from '../components/ecommerce-products.tsx';
import { EcommerceSalesByCategory } from '../components/ecommerce-sales-by-category.tsx';
import { EcommerceSalesByGender, EcommerceYearlySales } from '../components/ecommerce-sales-charts.tsx';
import { EcommerceSummary, summaryTexts } from '../components/ecommerce-summaries.tsx';
import type { EcommerceWidgetContext } from '../components/ecommerce-widget.ts';
import { EcommerceWelcome } from '../components/ecommerce-welcome.tsx';

/**
 * `/dashboard/ecommerce` (issue 26 C, ADR 045): the shop's sales over the dashboard's range for
 * administrators, the viewer's own purchases for anyone else (without the shop-only widgets: sales profit,
 * current balance, best customers). One request feeds every widget; the yearly sales' year is in the
 * address (`?year=`) beside the range. An order placed or changed anywhere refreshes the figures (debounced).
 */
export function OverviewEcommerceView() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const isAdmin = user?.role === 'admin';
  const range = useDashboardRange();
  const [year, setYear] = useOverviewYear();
  const overview = useEcommerceOverview(range, year);
  const money = useMoney();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const queryClient = useQueryClient();

  // One order can move a dozen figures, and a busy shop places many: one refetch per burst.
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: overviewKeys.ecommerceAll }),
    [queryClient],
  );
  useLiveRefresh(['orders.changed'], refresh);

  const ctx: EcommerceWidgetContext = {
    data: overview.data,
    loading: overview.isPending,
    error: overview.isError && !overview.data,
    retry: () => void overview.refetch(),
    isAdmin,
    range,
    money: (cents) => money(cents),
    currency,
  };

  const summary = (kind: 'productsSold' | 'totalBalance' | 'salesProfit', id: string, shown = true) =>
    boardWidget(
      id,
      summaryTexts(t, kind, isAdmin).title,
      // Two summaries for a customer, three for an administrator: one row either way.
      isAdmin ? { sm: 6, md: 4 } : { sm: 6 },
      <EcommerceSummary ctx={ctx} kind={kind} />,
      shown,
    );

  const widgets: BoardWidget[] = [
    ...boardWidget(
      'welcome',
      t('overview.ecommerce.welcome.title', { name: user?.displayName ?? '' }),
      { md: 8 },
      <EcommerceWelcome ctx={ctx} name={user?.displayName ?? ''} />,
    ),
    ...boardWidget(
      'new-products',
      t('overview.ecommerce.newProducts.title'),
      { md: 4 },
      <EcommerceNewProducts ctx={ctx} />,
    ),
    ...summary('productsSold', 'products-sold'),
    ...summary('totalBalance', 'total-balance'),
    ...summary('salesProfit', 'sales-profit', isAdmin),
    ...boardWidget(
      'sales-by-gender',
      t('overview.ecommerce.salesByGender.title'),
      { md: 6, lg: 4 },
      <EcommerceSalesByGender ctx={ctx} />,
    ),
    ...boardWidget(
      'yearly-sales',
      t('overview.ecommerce.yearlySales.title'),
      { md: 6, lg: 8 },
      <EcommerceYearlySales ctx={ctx} year={year} onYearChange={setYear} />,
    ),
    ...boardWidget(
      'sales-by-category',
      t('overview.ecommerce.salesByCategory.title'),
      isAdmin ? { md: 6, lg: 8 } : { md: 6 },
      <EcommerceSalesByCategory ctx={ctx} />,
    ),
    ...boardWidget(
      'current-balance',
      t('overview.ecommerce.currentBalance.title'),
      { md: 6, lg: 4 },
      <EcommerceCurrentBalance ctx={ctx} />,
      isAdmin,
    ),
    ...boardWidget(
      'best-customers',
      t('overview.ecommerce.bestCustomers.title'),
      { md: 6, lg: 8 },
      <EcommerceBestCustomers ctx={ctx} />,
      isAdmin,
    ),
    ...boardWidget(
      'latest-products',
      t('overview.ecommerce.latestProducts.title'),
      isAdmin ? { md: 6, lg: 4 } : { md: 6 },
      <EcommerceLatestProducts ctx={ctx} />,
    ),
  ];

  return (
    <>
      <PageHeading title={t('overview.ecommerce.pageTitle')} />
      <WidgetBoard dashboard="ecommerce" widgets={widgets} actions={<DashboardRangeSelect />} />
    </>
  );
}
