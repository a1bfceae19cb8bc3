import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BankAccount, MoneyRequest } from '#shared/contract/banking.ts';

import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { inputToCents } from '../../../components/money-input/money-input.ts';
import {
  PeoplePicker,
  personAvatarSx,
  type Person,
} from '../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { newIdempotencyKey } from '../../../lib/api-error.ts';
import { BANKING_KEY_PREFIX, useRequestActions, useRequests } from '../api/banking-api.ts';
import { BankingDialog } from './banking-dialog.tsx';

/**
 * "Request": ask a person of the workspace for an amount; below, the requests made to the viewer (pay
 * from the main account, or decline) and their own.
 */
export function RequestDialog({
  open,
  onClose,
  accounts,
}: {
  open: boolean;
  onClose: () => void;
  accounts: readonly BankAccount[];
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user?.id);
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const requests = useRequests(open);
  const actions = useRequestActions();
  const [people, setPeople] = useState<Person[]>([]);
  const [amountText, setAmountText] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const payFrom =
    accounts.find((account) => account.status === 'open' && account.primary) ??
    accounts.find((account) => account.status === 'open');

  const ask = () => {
    const payer = people[0];
    const amount = inputToCents(amountText);
    if (!payer) return setProblem(t('banking.transfer.pickSomeone'));
    if (amount === null || !Number.isInteger(amount) || amount <= 0)
      return setProblem(t('validation.amountInvalid'));
    setProblem(null);
    actions.create.mutate(
      { payerId: payer.id, amount, note: note.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(t('banking.request.sent', { name: payer.name }), { variant: 'success' });
          setPeople([]);
          setAmountText('');
          setNote('');
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };

  const pay = (request: MoneyRequest) => {
    if (!payFrom) return setProblem(t('banking.transfer.noAccount'));
    actions.accept.mutate(
      { id: request.id, fromAccountId: payFrom.id, idempotencyKey: newIdempotencyKey(BANKING_KEY_PREFIX) },
      {
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS'
              ? t('banking.transfer.shortFundsPlain')
              : errorMessage(error, t),
          ),
      },
    );
  };

  const incoming = requests.data?.incoming ?? [];
  const outgoing = requests.data?.outgoing ?? [];
  return (
    <BankingDialog
      open={open}
      onClose={onClose}
      title={t('banking.request.title')}
      problem={problem}
      maxWidth="sm"
      actions={
        <Button color="inherit" variant="outlined" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <PeoplePicker
          label={t('banking.request.from')}
          value={people}
          onChange={(picked) => setPeople(picked.slice(-1))}
          excludeIds={me ? [me] : []}
          max={1}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <MoneyField
            label={t('banking.request.amount')}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            unit={currency}
          />
          <TextField
            label={t('banking.request.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            sx={{ flexGrow: 1 }}
          />
        </Stack>
        <Box>
          <Button variant="contained" loading={actions.create.isPending} onClick={ask}>
            {t('banking.request.send')}
          </Button>
        </Box>
        <Divider />
        <RequestList
          title={t('banking.request.incoming')}
          requests={incoming}
          line={(r) =>
            t('banking.request.asks', { name: r.requester.name, amount: money(r.amount, r.currency) })
          }
          person={(r) => r.requester}
          actions={(r) =>
            r.status === 'pending' ? (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="contained"
                  loading={actions.accept.isPending && actions.accept.variables?.id === r.id}
                  onClick={() => pay(r)}
                >
                  {t('banking.request.accept')}
                </Button>
                <Button
                  size="small"
                  color="inherit"
                  variant="outlined"
                  loading={actions.decline.isPending && actions.decline.variables === r.id}
                  onClick={() =>
                    actions.decline.mutate(r.id, { onError: (e) => setProblem(errorMessage(e, t)) })
                  }
                >
                  {t('banking.request.decline')}
                </Button>
              </Stack>
            ) : null
          }
        />
        <RequestList
          title={t('banking.request.outgoing')}
          requests={outgoing}
          line={(r) =>
            t('banking.request.asked', { name: r.payer.name, amount: money(r.amount, r.currency) })
          }
          person={(r) => r.payer}
          actions={() => null}
        />
      </Stack>
    </BankingDialog>
  );
}

function RequestList({
  title,
  requests,
  line,
  person,
  actions,
}: {
  title: string;
  requests: readonly MoneyRequest[];
  line: (request: MoneyRequest) => string;
  person: (request: MoneyRequest) => MoneyRequest['payer'];
  actions: (request: MoneyRequest) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {requests.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('banking.request.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {requests.map((request) => (
            <Stack
              component="li"
              key={request.id}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center' }}
            >
              <Avatar alt="" src={person(request).avatarUrl ?? undefined} sx={personAvatarSx}>
                {person(request).name.charAt(0)}
              </Avatar>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2">{line(request)}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {request.note ? `${request.note} · ` : ''}
                  {t(`banking.request.requestStatuses.${request.status}`)}
                </Typography>
              </Box>
              {actions(request)}
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
