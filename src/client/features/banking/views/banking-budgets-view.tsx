import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BankCategory } from '#shared/contract/banking.ts';

import { MoneyField } from '../../../components/money-input/money-field.tsx';
import { centsToInput, inputToCents } from '../../../components/money-input/money-input.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBankingLive, useBudgets, useCategories, useSetBudget } from '../api/banking-api.ts';
import { categoryLabel } from '../components/banking-labels.ts';
import { BankingPageHeading } from '../components/banking-page-heading.tsx';

/**
 * `/dashboard/banking/budgets` (issue 28 B): a budget per top-level expense category for a month, with what
 * was spent against it (over budget in red). Amount 0 removes a budget.
 */
export function BankingBudgetsView() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const budgets = useBudgets(month);
  const categories = useCategories();
  useBankingLive();
  const expenseCategories = (categories.data ?? []).filter(
    (c) => c.kind === 'expense' && c.parentId === null,
  );

  return (
    <>
      <BankingPageHeading title={t('banking.budgets.title')} />
      <Card sx={{ p: 3 }}>
        <TextField
          type="month"
          size="small"
          label={t('banking.budgets.month')}
          value={month}
          onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && setMonth(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mb: 3 }}
        />
        {expenseCategories.length === 0 && !categories.isPending && (
          <Typography sx={{ color: 'text.secondary' }}>{t('banking.budgets.none')}</Typography>
        )}
        <Stack component="ul" spacing={3} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {expenseCategories.map((category) => {
            const budget = budgets.data?.budgets.find((b) => b.categoryId === category.id);
            return (
              <BudgetRow
                key={`${month}-${category.id}-${budget?.amount ?? 0}`}
                month={month}
                category={category}
                amount={budget?.amount ?? 0}
                spent={budget?.spent ?? 0}
              />
            );
          })}
        </Stack>
      </Card>
    </>
  );
}

function BudgetRow({
  month,
  category,
  amount,
  spent,
}: {
  month: string;
  category: BankCategory;
  amount: number;
  spent: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const labelId = useId();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const { enqueueSnackbar } = useSnackbar();
  const setBudget = useSetBudget();
  const [text, setText] = useState(amount ? centsToInput(amount) : '');
  const name = categoryLabel(t, category);
  const over = amount > 0 && spent > amount;
  const share = amount > 0 ? Math.min(1, spent / amount) : 0;
  const valueText = t('banking.budgets.spentOf', { spent: money(spent), budget: money(amount) });
  return (
    <Box component="li">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id={labelId} variant="subtitle2">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: over ? 'error.main' : 'text.secondary' }}>
            {valueText}
            {over ? ` · ${t('banking.budgets.over')}` : ''}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MoneyField
            size="small"
            label={t('banking.budgets.budgeted', { name })}
            unit={currency}
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ width: 200 }}
          />
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            loading={setBudget.isPending}
            onClick={() =>
              setBudget.mutate(
                { month, categoryId: category.id, amount: inputToCents(text) ?? 0 },
                {
                  onSuccess: () => enqueueSnackbar(t('banking.budgets.saved'), { variant: 'success' }),
                  onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
                },
              )
            }
          >
            {t('banking.budgets.set')}
          </Button>
        </Stack>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share * 100}
        color={over ? 'error' : 'primary'}
        aria-labelledby={labelId}
        aria-valuetext={valueText}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
