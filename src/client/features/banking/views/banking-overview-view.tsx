import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

import type { BalancePeriod } from '#shared/contract/banking-limits.ts';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import type { Person } from '../../../components/people-picker/people-picker.tsx';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBankingLive, useBankingOverview } from '../api/banking-api.ts';
import { balancePeriodOf } from '../api/banking-period.ts';
import type { BankingWidgetContext } from '../components/banking-widget.ts';
import {
  BankingBalance,
  BankingCards,
  BankingCategories,
  BankingContacts,
  BankingFlow,
  BankingInvite,
  BankingQuickTransfer,
  BankingRecent,
  BankingStatistics,
} from '../components/banking-widgets.tsx';

/** The dialogs load when first opened, not with the dashboard. */
const TransferDialog = lazy(() =>
  import('../components/transfer-dialog.tsx').then((m) => ({ default: m.TransferDialog })),
);
const AccountDialog = lazy(() =>
  import('../components/account-dialog.tsx').then((m) => ({ default: m.AccountDialog })),
);
const RequestDialog = lazy(() =>
  import('../components/request-dialog.tsx').then((m) => ({ default: m.RequestDialog })),
);

type Dialog = { kind: 'transfer'; person?: Person } | { kind: 'account' } | { kind: 'requests' } | null;

/** Links to banking's other pages, under the heading. */
export function BankingPageLinks() {
  const { t } = useTranslation();
  const links = [
    { to: paths.dashboard.general.banking, label: t('banking.nav.overview') },
    { to: paths.dashboard.banking.transactions, label: t('banking.nav.transactions') },
    { to: paths.dashboard.banking.accounts, label: t('banking.nav.accounts') },
    { to: paths.dashboard.banking.budgets, label: t('banking.nav.budgets') },
    { to: paths.dashboard.banking.import, label: t('banking.nav.import') },
  ];
  return (
    <Stack
      component="nav"
      aria-label={t('banking.pageTitle')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 3 }}
    >
      {links.map((link) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          size="small"
          color="inherit"
          variant="outlined"
        >
          {link.label}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * `/dashboard/banking` (issue 28 B): the viewer's own money on the overview blocks: total balance with
 * Send, Add card and Request; income and expenses against the previous period; balance statistics by week,
 * month or year (`?period=`); expense categories (a slice opens its transactions); recent transactions;
 * the cards and accounts; quick transfer; contacts; invite friends. `banking.changed` refreshes it live.
 */
export function BankingOverviewView() {
  const { t } = useTranslation();
  const range = useDashboardRange();
  const [params, setParams] = useSearchParams();
  const period = balancePeriodOf(params);
  const overview = useBankingOverview({ from: range.from, to: range.to, tz: range.tz, period });
  const money = useMoney();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const [dialog, setDialog] = useState<Dialog>(null);
  useBankingLive();

  const setPeriod = useCallback(
    (next: BalancePeriod) =>
      void setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === 'month') copy.delete('period');
          else copy.set('period', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  const ctx: BankingWidgetContext = {
    data: overview.data,
    loading: overview.isPending,
    error: overview.isError && !overview.data,
    retry: () => void overview.refetch(),
    range,
    money: (cents) => money(cents),
    currency,
    period,
    setPeriod,
    openTransfer: (person) => setDialog({ kind: 'transfer', person }),
    openAccount: () => setDialog({ kind: 'account' }),
    openRequests: () => setDialog({ kind: 'requests' }),
  };

  const widgets: BoardWidget[] = [
    {
      id: 'balance',
      label: t('banking.widgets.balance.title'),
      size: { md: 6, lg: 4 },
      element: <BankingBalance ctx={ctx} />,
    },
    {
      id: 'income',
      label: t('banking.widgets.income.title'),
      size: { sm: 6, lg: 4 },
      element: <BankingFlow ctx={ctx} kind="income" />,
    },
    {
      id: 'expenses',
      label: t('banking.widgets.expenses.title'),
      size: { sm: 6, lg: 4 },
      element: <BankingFlow ctx={ctx} kind="expenses" />,
    },
    {
      id: 'balance-statistics',
      label: t('banking.widgets.statistics.title'),
      size: { md: 6, lg: 8 },
      element: <BankingStatistics ctx={ctx} />,
    },
    {
      id: 'expenses-categories',
      label: t('banking.widgets.categories.title'),
      size: { md: 6, lg: 4 },
      element: <BankingCategories ctx={ctx} />,
    },
    {
      id: 'recent-transactions',
      label: t('banking.widgets.recent.title'),
      size: { md: 8 },
      element: <BankingRecent ctx={ctx} />,
    },
    {
      id: 'cards',
      label: t('banking.widgets.cards.title'),
      size: { md: 4 },
      element: <BankingCards ctx={ctx} />,
    },
    {
      id: 'quick-transfer',
      label: t('banking.widgets.quickTransfer.title'),
      size: { md: 4 },
      element: <BankingQuickTransfer ctx={ctx} />,
    },
    {
      id: 'contacts',
      label: t('banking.widgets.contacts.title'),
      size: { md: 4 },
      element: <BankingContacts ctx={ctx} />,
    },
    {
      id: 'invite-friends',
      label: t('banking.widgets.invite.title'),
      size: { md: 4 },
      element: <BankingInvite />,
    },
  ];

  const accounts = overview.data?.accounts ?? [];
  const close = () => setDialog(null);
  return (
    <>
      <PageHeading title={t('banking.pageTitle')} />
      <BankingPageLinks />
      <WidgetBoard dashboard="banking" widgets={widgets} actions={<DashboardRangeSelect />} />
      <Suspense fallback={null}>
        {dialog?.kind === 'transfer' && (
          <TransferDialog open onClose={close} accounts={accounts} initialPerson={dialog.person ?? null} />
        )}
        {dialog?.kind === 'account' && <AccountDialog open onClose={close} />}
        {dialog?.kind === 'requests' && <RequestDialog open onClose={close} accounts={accounts} />}
      </Suspense>
    </>
  );
}
