import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { createTransactionInput, type CreateTransactionInput } from '#shared/contract/banking.ts';

import { todayIn, viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { inputToCents } from '../../../components/money-input/money-input.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { mayHaveTakenEffect, newIdempotencyKey } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { BANKING_KEY_PREFIX, useAccounts, useCategories, useCreateTransaction } from '../api/banking-api.ts';
import { BankingDialog, FormButtons } from './banking-dialog.tsx';
import { accountLabel, categoryOptions, firstIssue, shortFundsText } from './banking-labels.ts';
import { SelectField } from './select-field.tsx';

type Kind = 'income' | 'expense';

/**
 * "New transaction" (issue 28 A): a deposit (income) or an expense recorded by hand on one of the person's
 * open accounts, with its day, counterparty, category (of the type's tree), note and status. A completed
 * one moves the money at once; the server refuses an expense beyond what the account may spend (current
 * and savings never go below zero), which is said plainly. Each attempt has its own idempotency key: a lost
 * answer retried records it once; an answer from the server (nothing recorded) starts a new attempt.
 */
export function TransactionDialog({
  open,
  onClose,
  initialType = 'expense',
}: {
  open: boolean;
  onClose: () => void;
  initialType?: Kind;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const accounts = (useAccounts().data?.accounts ?? []).filter((account) => account.status === 'open');
  const categories = useCategories().data ?? [];
  const create = useCreateTransaction();
  const [type, setType] = useState<Kind>(initialType);
  const [chosenAccount, setAccountId] = useState('');
  const [amountText, setAmountText] = useState('');
  const [date, setDate] = useState(() => todayIn(viewerTimeZone()));
  const [counterparty, setCounterparty] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<'completed' | 'pending'>('completed');
  const [attemptKey, setAttemptKey] = useState(() => newIdempotencyKey(BANKING_KEY_PREFIX));
  const [problem, setProblem] = useState<string | null>(null);

  // The main account until the person picks one (the accounts may arrive after the dialog opens).
  const accountId = chosenAccount || (accounts.find((account) => account.primary) ?? accounts[0])?.id || '';

  const changeType = (next: Kind | null) => {
    if (!next || next === type) return;
    setType(next);
    setCategoryId('');
  };

  const submit = () => {
    const input: CreateTransactionInput = {
      type,
      accountId,
      amount: inputToCents(amountText) ?? Number.NaN,
      date,
      counterparty,
      categoryId: categoryId || null,
      note,
      status,
      idempotencyKey: attemptKey,
    };
    if (!accountId) return setProblem(t('banking.transfer.noAccount'));
    const checked = createTransactionInput.safeParse(input);
    if (!checked.success) return setProblem(firstIssue(checked.error, t));
    setProblem(null);
    create.mutate(input, {
      onSuccess: ({ transaction }) => {
        enqueueSnackbar(t(`banking.newTransaction.recorded.${type}`, { amount: money(transaction.amount) }), {
          variant: 'success',
        });
        onClose();
      },
      onError: (error) => {
        // Refused: nothing was recorded, so what is sent next is a new attempt.
        if (!mayHaveTakenEffect(error)) setAttemptKey(newIdempotencyKey(BANKING_KEY_PREFIX));
        setProblem(
          shortFundsText(error, t, money, 'banking.newTransaction.shortFunds') ?? errorMessage(error, t),
        );
      },
    });
  };

  return (
    <BankingDialog
      open={open}
      onClose={onClose}
      title={t('banking.newTransaction.title')}
      problem={problem}
      busy={create.isPending}
      maxWidth="sm"
      phoneFullScreen
      actions={
        <FormButtons
          backLabel={t('banking.cancel')}
          onBack={onClose}
          submitLabel={t('banking.newTransaction.save')}
          onSubmit={submit}
          busy={create.isPending}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={type}
          onChange={(_, next: Kind | null) => changeType(next)}
          aria-label={t('banking.transactions.type')}
        >
          <ToggleButton value="income">{t('banking.types.income')}</ToggleButton>
          <ToggleButton value="expense">{t('banking.types.expense')}</ToggleButton>
        </ToggleButtonGroup>
        <SelectField
          size="medium"
          required
          label={t('banking.transactions.account')}
          value={accountId}
          options={accounts.map((account) => ({
            value: account.id,
            label: `${accountLabel(account)} · ${money(account.balance)}`,
          }))}
          onChange={setAccountId}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <MoneyField
            label={t('banking.transfer.amount')}
            value={amountText}
            required
            fullWidth
            onChange={(event) => setAmountText(event.target.value)}
            unit={currency}
          />
          <TextField
            type="date"
            label={t('banking.newTransaction.date')}
            value={date}
            required
            fullWidth
            onChange={(event) => setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <TextField
          label={type === 'income' ? t('banking.newTransaction.payer') : t('banking.newTransaction.payee')}
          value={counterparty}
          onChange={(event) => setCounterparty(event.target.value)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            size="medium"
            label={t('banking.transactions.category')}
            value={categoryId}
            none={t('banking.categories.none')}
            options={categoryOptions(t, categories, type)}
            onChange={setCategoryId}
          />
          <SelectField
            size="medium"
            label={t('banking.transactions.status')}
            value={status}
            options={(['completed', 'pending'] as const).map((value) => ({
              value,
              label: t(`banking.statuses.${value}`),
            }))}
            onChange={(value) => value && setStatus(value)}
          />
        </Stack>
        <TextField
          label={t('banking.transfer.note')}
          value={note}
          multiline
          minRows={2}
          onChange={(event) => setNote(event.target.value)}
        />
      </Stack>
    </BankingDialog>
  );
}
