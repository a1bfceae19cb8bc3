import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  categoryKinds,
  recurringFrequencies,
  type RecurringFrequency,
} from '#shared/contract/banking-limits.ts';
import type { BankAccount } from '#shared/contract/banking.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { Label } from '../../../components/label/label.tsx';
import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { inputToCents } from '../../../components/money-input/money-input.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import {
  useAccountActions,
  useAccounts,
  useBankingLive,
  useCategories,
  useRecurring,
  useRecurringActions,
} from '../api/banking-api.ts';
import { accountLabel, categoryLabel } from '../components/banking-labels.ts';
import { SelectField } from '../components/select-field.tsx';
import { BankingPageHeading } from '../components/banking-page-heading.tsx';

const AccountDialog = lazy(() =>
  import('../components/account-dialog.tsx').then((m) => ({ default: m.AccountDialog })),
);

/**
 * `/dashboard/banking/accounts` (issue 28 B): open, rename and close accounts (closing only at zero), and
 * the recurring transactions (salary, rent) the scheduled job writes.
 */
export function BankingAccountsView() {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const accounts = useAccounts();
  const actions = useAccountActions();
  useBankingLive();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<{ account: BankAccount; name: string } | null>(null);
  const [closing, setClosing] = useState<BankAccount | null>(null);
  const failed = (error: unknown) =>
    enqueueSnackbar(
      error instanceof ApiError && error.code === 'ACCOUNT_NOT_EMPTY'
        ? t('banking.account.notEmpty')
        : errorMessage(error, t),
      { variant: 'error' },
    );

  return (
    <>
      <BankingPageHeading
        title={t('banking.nav.accounts')}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('banking.account.new')}
          </Button>
        }
      />
      <Grid container spacing={3} sx={{ mb: 5 }}>
        {(accounts.data?.accounts ?? []).map((account) => (
          <Grid key={account.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card component="section" aria-label={accountLabel(account)} sx={{ p: 3, height: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }} noWrap>
                  {accountLabel(account)}
                </Typography>
                {account.primary && <Label color="primary">{t('banking.account.primary')}</Label>}
                {account.status === 'closed' && <Label>{t('banking.account.closedLabel')}</Label>}
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`banking.kinds.${account.kind}`)}
              </Typography>
              <Typography variant="h4" component="p" sx={{ my: 2 }}>
                {money(account.balance, account.currency)}
              </Typography>
              {account.status === 'open' && (
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    color="inherit"
                    variant="outlined"
                    onClick={() => setRenaming({ account, name: account.name })}
                  >
                    {t('banking.account.rename')}
                  </Button>
                  <Button size="small" color="error" variant="outlined" onClick={() => setClosing(account)}>
                    {t('banking.account.close')}
                  </Button>
                </Stack>
              )}
            </Card>
          </Grid>
        ))}
      </Grid>
      <RecurringSection accounts={accounts.data?.accounts ?? []} />
      {creating && (
        <Suspense fallback={null}>
          <AccountDialog open onClose={() => setCreating(false)} initialKind="current" />
        </Suspense>
      )}
      <ConfirmDialog
        open={renaming !== null}
        title={t('banking.account.rename')}
        content={
          <TextField
            autoFocus
            fullWidth
            label={t('banking.account.name')}
            value={renaming?.name ?? ''}
            onChange={(event) =>
              setRenaming((current) => current && { ...current, name: event.target.value })
            }
            sx={{ mt: 1 }}
          />
        }
        action={t('banking.saved')}
        loading={actions.update.isPending}
        onClose={() => setRenaming(null)}
        onConfirm={() =>
          renaming &&
          actions.update.mutate(
            { id: renaming.account.id, name: renaming.name, version: renaming.account.version },
            {
              onSuccess: () => {
                enqueueSnackbar(t('banking.account.renamed'), { variant: 'success' });
                setRenaming(null);
              },
              onError: failed,
            },
          )
        }
      />
      <ConfirmDialog
        open={closing !== null}
        title={t('banking.account.closeTitle', { name: closing?.name ?? '' })}
        content={
          closing && closing.balance !== 0 ? t('banking.account.notEmpty') : t('banking.account.closeText')
        }
        action={t('banking.account.close')}
        loading={actions.close.isPending}
        onClose={() => setClosing(null)}
        onConfirm={() =>
          closing &&
          actions.close.mutate(closing.id, {
            onSuccess: () => {
              enqueueSnackbar(t('banking.account.closed'), { variant: 'success' });
              setClosing(null);
            },
            onError: failed,
          })
        }
      />
    </>
  );
}

/** Each field's cell in the new recurring transaction's grid. */
const cell = { xs: 12, sm: 6, md: 3 } as const;

function RecurringSection({ accounts }: { accounts: readonly BankAccount[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const { enqueueSnackbar } = useSnackbar();
  const recurring = useRecurring();
  const categories = useCategories();
  const actions = useRecurringActions();
  const open = accounts.filter((account) => account.status === 'open');
  const [type, setType] = useState<'income' | 'expense'>('expense');
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [counterparty, setCounterparty] = useState('');
  const [frequency, setFrequency] = useState<RecurringFrequency>('monthly');
  const [startDate, setStartDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [categoryId, setCategoryId] = useState('');
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const chosenAccount = accountId || open[0]?.id || '';

  const add = () =>
    actions.create.mutate(
      {
        type,
        accountId: chosenAccount,
        amount: inputToCents(amount) ?? Number.NaN,
        counterparty: counterparty.trim(),
        categoryId: categoryId || null,
        frequency,
        startDate,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(t('banking.recurring.created'), { variant: 'success' });
          setAmount('');
          setCounterparty('');
        },
        onError: failed,
      },
    );

  return (
    <Card component="section" aria-labelledby="banking-recurring-title">
      <CardHeader
        title={t('banking.recurring.title')}
        slotProps={{ title: { id: 'banking-recurring-title', variant: 'h6', component: 'h2' } }}
      />
      <Stack spacing={2} sx={{ p: 3 }}>
        {(recurring.data ?? []).length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('banking.recurring.none')}
          </Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {(recurring.data ?? []).map((item) => {
            const name =
              item.counterparty ||
              categoryLabel(t, categories.data?.find((c) => c.id === item.categoryId) ?? null);
            return (
              <Stack component="li" key={item.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" noWrap>
                    {name} · {item.type === 'income' ? '+' : '−'}
                    {money(item.amount)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t(`banking.recurring.frequencies.${item.frequency}`)} ·{' '}
                    {t('banking.recurring.next', { date: fDate(item.nextDate) })}
                  </Typography>
                </Stack>
                <Switch
                  checked={item.active}
                  slotProps={{ input: { 'aria-label': `${t('banking.recurring.active')}: ${name}` } }}
                  onChange={(event) =>
                    actions.update.mutate({ id: item.id, active: event.target.checked }, { onError: failed })
                  }
                />
                <IconButton
                  aria-label={t('banking.recurring.remove', { name })}
                  onClick={() => actions.remove.mutate(item.id, { onError: failed })}
                >
                  <DeleteOutlined />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
        <Typography variant="subtitle1" component="h3">
          {t('banking.recurring.new')}
        </Typography>
        <Grid container spacing={2}>
          {[
            <SelectField
              label={t('banking.transactions.type')}
              value={type}
              options={categoryKinds.map((value) => ({ value, label: t(`banking.types.${value}`) }))}
              onChange={(value) => value && setType(value)}
            />,
            <SelectField
              label={t('banking.transactions.account')}
              value={chosenAccount}
              options={open.map((account) => ({ value: account.id, label: accountLabel(account) }))}
              onChange={setAccountId}
            />,
            <MoneyField
              fullWidth
              size="small"
              label={t('banking.transfer.amount')}
              unit={currency}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />,
            <TextField
              fullWidth
              size="small"
              label={t('banking.recurring.payee')}
              value={counterparty}
              onChange={(e) => setCounterparty(e.target.value)}
            />,
            <SelectField
              label={t('banking.transactions.category')}
              value={categoryId}
              none={t('banking.categories.none')}
              options={(categories.data ?? [])
                .filter((category) => category.kind === type)
                .map((category) => ({ value: category.id, label: categoryLabel(t, category) }))}
              onChange={setCategoryId}
            />,
            <SelectField
              label={t('banking.recurring.frequency')}
              value={frequency}
              options={recurringFrequencies.map((value) => ({
                value,
                label: t(`banking.recurring.frequencies.${value}`),
              }))}
              onChange={(value) => value && setFrequency(value)}
            />,
            <TextField
              fullWidth
              size="small"
              type="date"
              label={t('banking.recurring.startDate')}
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />,
            <Button
              variant="contained"
              onClick={add}
              loading={actions.create.isPending}
              disabled={!chosenAccount}
            >
              {t('banking.recurring.create')}
            </Button>,
          ].map((field, index) => (
            <Grid key={index} size={cell}>
              {field}
            </Grid>
          ))}
        </Grid>
      </Stack>
    </Card>
  );
}
