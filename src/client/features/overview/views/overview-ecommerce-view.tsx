import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
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

  const summary = (kind: 'productsSold' | 'totalBalance' | 'salesProfit', id: string): BoardWidget => ({
    id,
    label: summaryTexts(t, kind, isAdmin).title,
    // Two summaries for a customer, three for an administrator: one row either way.
    size: isAdmin ? { sm: 6, md: 4 } : { sm: 6 },
    element: <EcommerceSummary ctx={ctx} kind={kind} />,
  });

  const widgets: BoardWidget[] = [
    {
      id: 'welcome',
      label: t('overview.ecommerce.welcome.title', { name: user?.displayName ?? '' }),
      size: { md: 8 },
      element: <EcommerceWelcome ctx={ctx} name={user?.displayName ?? ''} />,
    },
    {
      id: 'new-products',
      label: t('overview.ecommerce.newProducts.title'),
      size: { md: 4 },
      element: <EcommerceNewProducts ctx={ctx} />,
    },
    summary('productsSold', 'products-sold'),
    summary('totalBalance', 'total-balance'),
    ...(isAdmin ? [summary('salesProfit', 'sales-profit')] : []),
    {
      id: 'sales-by-gender',
      label: t('overview.ecommerce.salesByGender.title'),
      size: { md: 6, lg: 4 },
      element: <EcommerceSalesByGender ctx={ctx} />,
    },
    {
      id: 'yearly-sales',
      label: t('overview.ecommerce.yearlySales.title'),
      size: { md: 6, lg: 8 },
      element: <EcommerceYearlySales ctx={ctx} year={year} onYearChange={setYear} />,
    },
    {
      id: 'sales-by-category',
      label: t('overview.ecommerce.salesByCategory.title'),
      size: isAdmin ? { md: 6, lg: 8 } : { md: 6 },
      element: <EcommerceSalesByCategory ctx={ctx} />,
    },
    ...(isAdmin
      ? [
          {
            id: 'current-balance',
            label: t('overview.ecommerce.currentBalance.title'),
            size: { md: 6, lg: 4 },
            element: <EcommerceCurrentBalance ctx={ctx} />,
          },
          {
            id: 'best-customers',
            label: t('overview.ecommerce.bestCustomers.title'),
            size: { md: 6, lg: 8 },
            element: <EcommerceBestCustomers ctx={ctx} />,
          },
        ]
      : []),
    {
      id: 'latest-products',
      label: t('overview.ecommerce.latestProducts.title'),
      size: isAdmin ? { md: 6, lg: 4 } : { md: 6 },
      element: <EcommerceLatestProducts ctx={ctx} />,
    },
  ];

  return (
    <>
      <PageHeading title={t('overview.ecommerce.pageTitle')} />
      <WidgetBoard dashboard="ecommerce" widgets={widgets} actions={<DashboardRangeSelect />} />
    </>
  );
}
