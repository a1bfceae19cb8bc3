import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { balancePeriods } from '#shared/contract/banking-limits.ts';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { usePeriodParam } from '../../../components/date-range/use-period-param.ts';
import type { Person } from '../../../components/people-picker/people-picker.tsx';
import { boardWidget } from '../../../components/widget-board/board-widget.ts';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBankingLive, useBankingOverview } from '../api/banking-api.ts';
import { BankingPageHeading, NewTransactionButton } from '../components/banking-page-heading.tsx';
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

/**
 * `/dashboard/banking` (issue 28 B): the viewer's own money on the overview blocks: total balance with
 * Send, Add card and Request; income and expenses against the previous period; balance statistics by week,
 * month or year (`?period=`); expense categories (a slice opens its transactions); recent transactions;
 * the cards and accounts; quick transfer; contacts; invite friends. `banking.changed` refreshes it live.
 */
export function BankingOverviewView() {
  const { t } = useTranslation();
  const range = useDashboardRange();
  const [period, setPeriod] = usePeriodParam(balancePeriods, 'month');
  const overview = useBankingOverview({ from: range.from, to: range.to, tz: range.tz, period });
  const money = useMoney();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const [dialog, setDialog] = useState<Dialog>(null);
  useBankingLive();

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
    ...boardWidget(
      'balance',
      t('banking.widgets.balance.title'),
      { md: 6, lg: 4 },
      <BankingBalance ctx={ctx} />,
    ),
    ...boardWidget(
      'income',
      t('banking.widgets.income.title'),
      { sm: 6, lg: 4 },
      <BankingFlow ctx={ctx} kind="income" />,
    ),
    ...boardWidget(
      'expenses',
      t('banking.widgets.expenses.title'),
      { sm: 6, lg: 4 },
      <BankingFlow ctx={ctx} kind="expenses" />,
    ),
    ...boardWidget(
      'balance-statistics',
      t('banking.widgets.statistics.title'),
      { md: 6, lg: 8 },
      <BankingStatistics ctx={ctx} />,
    ),
    ...boardWidget(
      'expenses-categories',
      t('banking.widgets.categories.title'),
      { md: 6, lg: 4 },
      <BankingCategories ctx={ctx} />,
    ),
    ...boardWidget(
      'recent-transactions',
      t('banking.widgets.recent.title'),
      { md: 8 },
      <BankingRecent ctx={ctx} />,
    ),
    ...boardWidget('cards', t('banking.widgets.cards.title'), { md: 4 }, <BankingCards ctx={ctx} />),
    ...boardWidget(
      'quick-transfer',
      t('banking.widgets.quickTransfer.title'),
      { md: 4 },
      <BankingQuickTransfer ctx={ctx} />,
    ),
    ...boardWidget('contacts', t('banking.widgets.contacts.title'), { md: 4 }, <BankingContacts ctx={ctx} />),
    ...boardWidget('invite-friends', t('banking.widgets.invite.title'), { md: 4 }, <BankingInvite />),
  ];

  const accounts = overview.data?.accounts ?? [];
  const close = () => setDialog(null);
  return (
    <>
      <BankingPageHeading action={<NewTransactionButton />} />
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
