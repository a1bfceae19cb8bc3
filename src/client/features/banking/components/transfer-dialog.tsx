import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AMOUNT_MAX, type BankAccount } from '#shared/contract/banking.ts';

import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { centsToInput, inputToCents } from '../../../components/money-input/money-input.ts';
import { PeoplePicker, type Person } from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { newIdempotencyKey } from '../../../lib/api-error.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { BANKING_KEY_PREFIX, useTransfer } from '../api/banking-api.ts';
import { BankingDialog, FormButtons } from './banking-dialog.tsx';
import { accountLabel, shortFundsText } from './banking-labels.ts';

type TransferDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The caller's accounts (open ones can send). */
  accounts: readonly BankAccount[];
  /** Someone chosen beforehand (a contact of the quick transfer). */
  initialPerson?: Person | null;
};

/** What may leave an account: its balance, plus a card's credit limit. */
const spendable = (account: BankAccount | undefined) =>
  account ? Math.max(0, account.balance + account.creditLimit) : 0;

/**
 * Quick transfer (issue 28 B): whom, from which account, how much (a slider up to what the account may
 * send, and the amount typed), with "your balance"; then a confirm step with the amount and the balance
 * after. Each attempt has its own idempotency key: a retry of the same attempt (a lost answer) moves the
 * money once; going back to change it starts a new attempt. Short funds are said plainly, with what the
 * account can send.
 */
export function TransferDialog({ open, onClose, accounts, initialPerson = null }: TransferDialogProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user?.id);
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const transfer = useTransfer();
  const openAccounts = accounts.filter((account) => account.status === 'open');
  const [people, setPeople] = useState<Person[]>(initialPerson ? [initialPerson] : []);
  const [fromId, setFromId] = useState(
    () => (openAccounts.find((account) => account.primary) ?? openAccounts[0])?.id ?? '',
  );
  const [amountText, setAmountText] = useState('');
  const [note, setNote] = useState('');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [attemptKey, setAttemptKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const from = openAccounts.find((account) => account.id === fromId);
  const max = Math.min(spendable(from), AMOUNT_MAX);
  const amount = inputToCents(amountText);
  const validAmount = amount !== null && Number.isInteger(amount) && amount > 0 && amount <= AMOUNT_MAX;
  const to = people[0];

  const review = () => {
    if (!to) return setProblem(t('banking.transfer.pickSomeone'));
    if (!from) return setProblem(t('banking.transfer.noAccount'));
    if (!validAmount) return setProblem(t('validation.amountInvalid'));
    setProblem(null);
    setAttemptKey(newIdempotencyKey(BANKING_KEY_PREFIX));
    setStep('confirm');
  };

  const send = () => {
    if (!to || !from || !validAmount) return;
    transfer.mutate(
      { fromAccountId: from.id, toUserId: to.id, amount, note: note.trim(), idempotencyKey: attemptKey },
      {
        onSuccess: () => {
          enqueueSnackbar(t('banking.transfer.sent', { amount: money(amount), name: to.name }), {
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          const short = shortFundsText(error, t, money, 'banking.transfer.shortFunds');
          setProblem(short ?? errorMessage(error, t));
          // Nothing moved: a changed amount is a new attempt.
          if (short) setStep('edit');
        },
      },
    );
  };

  return (
    <BankingDialog
      open={open}
      onClose={onClose}
      title={step === 'edit' ? t('banking.transfer.title') : t('banking.transfer.confirmTitle')}
      problem={problem}
      busy={transfer.isPending}
      phoneFullScreen
      actions={
        step === 'edit' ? (
          <FormButtons
            backLabel={t('banking.cancel')}
            onBack={onClose}
            submitLabel={t('banking.transfer.next')}
            onSubmit={review}
            busy={false}
          />
        ) : (
          <FormButtons
            backLabel={t('banking.transfer.back')}
            onBack={() => setStep('edit')}
            submitLabel={t('banking.transfer.send', { amount: money(amount ?? 0) })}
            onSubmit={send}
            busy={transfer.isPending}
          />
        )
      }
    >
      {step === 'edit' ? (
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <PeoplePicker
            label={t('banking.transfer.to')}
            value={people}
            onChange={(picked) => setPeople(picked.slice(-1))}
            excludeIds={me ? [me] : []}
            max={1}
          />
          <TextField
            select
            label={t('banking.transfer.from')}
            value={fromId}
            onChange={(event) => setFromId(event.target.value)}
          >
            {openAccounts.map((account) => (
              <MenuItem key={account.id} value={account.id}>
                {accountLabel(account)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('banking.transfer.yourBalance')}
            </Typography>
            <Typography variant="h5" component="p" data-testid="your-balance">
              {from ? money(from.balance) : '—'}
            </Typography>
          </Box>
          <Slider
            aria-label={t('banking.transfer.slider')}
            value={Math.min(Math.max(0, amount ?? 0), max)}
            min={0}
            max={Math.max(max, 100)}
            step={100}
            disabled={max === 0}
            getAriaValueText={(value) => money(value)}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => money(value)}
            onChange={(_event, value) => setAmountText(centsToInput(value))}
          />
          <MoneyField
            label={t('banking.transfer.amount')}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            unit={currency}
            slotProps={{ htmlInput: { max: max / 100 } }}
          />
          <TextField
            label={t('banking.transfer.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {t('banking.transfer.confirmText', { amount: money(amount ?? 0), name: to?.name ?? '' })}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('banking.transfer.yourBalance')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'end' }}>
              {money(from?.balance ?? 0)}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('banking.transfer.amount')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'end' }}>
              {money(-(amount ?? 0))}
            </Typography>
            <Typography component="dt" variant="subtitle2">
              {t('banking.transfer.balanceAfter')}
            </Typography>
            <Typography component="dd" variant="subtitle2" sx={{ m: 0, textAlign: 'end' }}>
              {money((from?.balance ?? 0) - (amount ?? 0))}
            </Typography>
          </Box>
        </Stack>
      )}
    </BankingDialog>
  );
}
