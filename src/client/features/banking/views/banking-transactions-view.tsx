import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  transactionStatuses,
  transactionTypes,
  type TransactionSortKey,
} from '#shared/contract/banking-limits.ts';
import type { BankTransaction } from '#shared/contract/banking.ts';

import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ListDateRange } from '../../../components/data-table/list-date-range.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { FilterDrawer } from '../../../components/filter-drawer/filter-drawer.tsx';
import { Label } from '../../../components/label/label.tsx';
import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { centsToInput, inputToCents } from '../../../components/money-input/money-input.ts';
import { personAvatarSx } from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { exportTransactions, useAccounts, useBankingLive, useCategories } from '../api/banking-api.ts';
import { transactionsList, useTransactions } from '../api/banking-list.ts';
import { accountLabel, categoryLabel, statusColor } from '../components/banking-labels.ts';
import { describe, SignedAmount } from '../components/banking-widgets.tsx';
import { TransactionDrawer } from '../components/transaction-drawer.tsx';
import { BankingPageHeading, NewTransactionButton } from '../components/banking-page-heading.tsx';

type FilterName =
  'accountId' | 'categoryId' | 'type' | 'status' | 'startDate' | 'endDate' | 'minAmount' | 'maxAmount';
const drawerFilters: FilterName[] = [
  'accountId',
  'type',
  'status',
  'startDate',
  'endDate',
  'minAmount',
  'maxAmount',
];

/**
 * `/dashboard/banking/transactions` (issue 28 B): the viewer's transactions, paged and sorted on the server,
 * every filter (account, category, type, status, dates, amount range, search) in the address so a link
 * (the overview's donut) opens it filtered; CSV of the whole filter from the server; a drawer to edit a
 * transaction's category, note and receipts. Live: `banking.changed` refreshes the page.
 */
export function BankingTransactionsView() {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState(transactionsList.config);
  const params = transactionsList.paramsOf(list);
  const transactions = useTransactions(params);
  const accounts = useAccounts();
  const categories = useCategories();
  useBankingLive();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const rows = transactions.data?.transactions ?? [];
  const open = rows.find((row) => row.id === openId) ?? null;
  const active = drawerFilters.filter((name) => list.filters[name] !== undefined).length;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportTransactions(params);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const select = (name: FilterName, label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={list.filters[name] ?? ''}
      onChange={(event) => list.setFilter(name, event.target.value || undefined)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('banking.transactions.any')}</MenuItem>
      {/* The address's value while its name is on its way (the accounts, the categories). */}
      {list.filters[name] !== undefined && !options.some((option) => option.value === list.filters[name]) && (
        <MenuItem value={list.filters[name]}>…</MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const amountField = (name: 'minAmount' | 'maxAmount', label: string) => (
    <MoneyField
      size="small"
      label={label}
      unit={currency}
      defaultValue={centsToInput(list.filters[name] === undefined ? null : Number(list.filters[name]))}
      key={`${name}-${list.filters[name] ?? ''}`}
      onBlur={(event) => {
        const cents = inputToCents(event.target.value);
        list.setFilter(name, cents === null || Number.isNaN(cents) ? undefined : String(Math.max(0, cents)));
      }}
    />
  );

  const categoryOptions = [
    { value: 'none', label: t('banking.categories.none') },
    ...(categories.data ?? []).map((category) => ({
      value: category.id,
      label: `${category.parentId ? '— ' : ''}${categoryLabel(t, category)}`,
    })),
  ];

  const columns: DataTableColumn<BankTransaction, TransactionSortKey>[] = [
    {
      field: 'counterparty',
      header: t('banking.transactions.columns.description'),
      sortable: true,
      minWidth: 220,
      render: (row) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar
            alt=""
            src={row.person?.avatarUrl ?? undefined}
            sx={{ ...personAvatarSx, width: 36, height: 36 }}
          >
            {describe(t, row).charAt(0)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              color="inherit"
              underline="hover"
              onClick={() => setOpenId(row.id)}
              aria-label={t('banking.transactions.open', { name: describe(t, row) })}
              sx={{ textAlign: 'start' }}
            >
              {describe(t, row)}
            </Link>
            {row.note && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} noWrap>
                {row.note}
              </Typography>
            )}
          </Box>
        </Stack>
      ),
    },
    {
      field: 'date',
      header: t('banking.transactions.columns.date'),
      sortable: true,
      width: 130,
      render: (row) => fDate(row.date),
    },
    {
      field: 'account',
      header: t('banking.transactions.columns.account'),
      width: 160,
      render: (row) => row.account.name,
    },
    {
      field: 'category',
      header: t('banking.transactions.columns.category'),
      width: 160,
      render: (row) => categoryLabel(t, row.category),
    },
    {
      field: 'amount',
      header: t('banking.transactions.columns.amount'),
      sortable: true,
      width: 140,
      align: 'right',
      render: (row) => <SignedAmount transaction={row} money={money} />,
    },
    {
      field: 'status',
      header: t('banking.transactions.columns.status'),
      sortable: true,
      width: 120,
      render: (row) => <Label color={statusColor[row.status]}>{t(`banking.statuses.${row.status}`)}</Label>,
    },
  ];

  return (
    <>
      <BankingPageHeading title={t('banking.transactions.title')} action={<NewTransactionButton />} />
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ p: 2.5, alignItems: { md: 'center' } }}
        >
          {select('categoryId', t('banking.transactions.category'), categoryOptions)}
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('banking.transactions.search')}
            placeholder={t('banking.transactions.searchPlaceholder')}
          />
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Badge color="primary" badgeContent={active}>
              <Button color="inherit" startIcon={<FilterListRounded />} onClick={() => setFiltersOpen(true)}>
                {t('banking.transactions.filters')}
              </Button>
            </Badge>
            <Button
              color="inherit"
              startIcon={<FileDownloadOutlined />}
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              {t('banking.transactions.export')}
            </Button>
          </Stack>
        </Stack>
        <DataTable
          label={t('banking.transactions.title')}
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          rowCount={transactions.data?.total ?? 0}
          hasNextPage={transactions.data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            transactionsList.config,
            transactions,
            transactions.error && errorMessage(transactions.error, t),
          )}
          emptyText={t('banking.transactions.none')}
          sort={list.sort}
          onSortChange={list.setSort}
          rowHeight={64}
        />
      </Card>
      <FilterDrawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={t('banking.transactions.filters')}
        resetLabel={t('banking.transactions.resetFilters')}
        closeLabel={t('banking.transactions.closeFilters')}
        canReset={active > 0}
        onReset={() =>
          list.setFilters(
            Object.fromEntries(drawerFilters.map((name) => [name, undefined])) as Record<
              FilterName,
              undefined
            >,
          )
        }
      >
        <Stack spacing={2.5} sx={{ p: 2.5 }}>
          {select(
            'accountId',
            t('banking.transactions.account'),
            (accounts.data?.accounts ?? []).map((account) => ({
              value: account.id,
              label: accountLabel(account),
            })),
          )}
          {select(
            'type',
            t('banking.transactions.type'),
            transactionTypes.map((value) => ({ value, label: t(`banking.types.${value}`) })),
          )}
          {select(
            'status',
            t('banking.transactions.status'),
            transactionStatuses.map((value) => ({ value, label: t(`banking.statuses.${value}`) })),
          )}
          <ListDateRange
            start={list.filters.startDate}
            end={list.filters.endDate}
            startLabel={t('banking.transactions.startDate')}
            endLabel={t('banking.transactions.endDate')}
            onChange={list.setFilter}
          />
          {amountField('minAmount', t('banking.transactions.minAmount'))}
          {amountField('maxAmount', t('banking.transactions.maxAmount'))}
        </Stack>
      </FilterDrawer>
      <TransactionDrawer
        transaction={open}
        categories={categories.data ?? []}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}
