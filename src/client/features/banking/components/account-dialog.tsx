import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { accountKinds, type AccountKind } from '#shared/contract/banking-limits.ts';
import { createAccountInput, type CreateAccountInput } from '#shared/contract/banking.ts';

import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { inputToCents } from '../../../components/money-input/money-input.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useAccountActions } from '../api/banking-api.ts';
import { BankingDialog, FormButtons } from './banking-dialog.tsx';
import { firstIssue } from './banking-labels.ts';

/** "Add card" / "New account": a current, savings or card account (a card's display details only). */
export function AccountDialog({
  open,
  onClose,
  initialKind = 'card',
}: {
  open: boolean;
  onClose: () => void;
  initialKind?: AccountKind;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const { create } = useAccountActions();
  const [kind, setKind] = useState<AccountKind>(initialKind);
  const [name, setName] = useState('');
  const [holderName, setHolderName] = useState('');
  const [last4, setLast4] = useState('');
  const [expiry, setExpiry] = useState('');
  const [limit, setLimit] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const input: CreateAccountInput =
      kind === 'card'
        ? {
            kind,
            name,
            holderName,
            last4,
            expiry,
            ...(limit.trim() ? { creditLimit: inputToCents(limit) ?? Number.NaN } : {}),
          }
        : { kind, name };
    const checked = createAccountInput.safeParse(input);
    if (!checked.success) return setProblem(firstIssue(checked.error, t));
    create.mutate(input, {
      onSuccess: ({ account }) => {
        enqueueSnackbar(t('banking.account.created', { name: account.name }), { variant: 'success' });
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error, t)),
    });
  };

  return (
    <BankingDialog
      open={open}
      onClose={onClose}
      title={t('banking.account.new')}
      problem={problem}
      busy={create.isPending}
      actions={
        <FormButtons
          backLabel={t('banking.cancel')}
          onBack={onClose}
          submitLabel={t('banking.account.create')}
          onSubmit={submit}
          busy={create.isPending}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('banking.account.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as AccountKind)}
        >
          {accountKinds.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`banking.kinds.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('banking.account.name')}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
        />
        {kind === 'card' && (
          <>
            <TextField
              label={t('banking.account.holderName')}
              value={holderName}
              required
              onChange={(event) => setHolderName(event.target.value)}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('banking.account.last4')}
                value={last4}
                required
                onChange={(event) => setLast4(event.target.value.replace(/\D/g, '').slice(0, 4))}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
              <TextField
                label={t('banking.account.expiry')}
                value={expiry}
                required
                placeholder="MM/YY"
                onChange={(event) => setExpiry(event.target.value.slice(0, 5))}
              />
            </Stack>
            <MoneyField
              label={t('banking.account.creditLimit')}
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              unit={currency}
            />
          </>
        )}
      </Stack>
    </BankingDialog>
  );
}
