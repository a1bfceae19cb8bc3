import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { formatMoney, planIds, planPrice, plans, type BillingCycle, type PlanId } from '../utils/pricing.ts';
import { useNumberLocale } from '../utils/use-number-locale.ts';
import { BillingCycleToggle } from './billing-cycle-toggle.tsx';

type PaymentSummaryProps = {
  plan: PlanId;
  cycle: BillingCycle;
  onPlanChange: (plan: PlanId) => void;
  onCycleChange: (cycle: BillingCycle) => void;
  submitting: boolean;
};

/** The order summary: plan, cycle, price per month, total, and the form's submit button. */
export function PaymentSummary({
  plan,
  cycle,
  onPlanChange,
  onCycleChange,
  submitting,
}: PaymentSummaryProps) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const price = planPrice(plans[plan], cycle);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="payment-summary-title"
      sx={{ p: { xs: 3, md: 4 } }}
    >
      <Typography id="payment-summary-title" variant="h5" component="h2" sx={{ mb: 3 }}>
        {t('payment.summary.title')}
      </Typography>
      <Stack spacing={3}>
        <TextField
          select
          label={t('payment.summary.plan')}
          value={plan}
          onChange={(event) => onPlanChange(event.target.value as PlanId)}
        >
          {planIds.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`pricing.plans.${id}.name`)}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1, color: 'text.secondary' }}>
            {t('payment.summary.billingCycle')}
          </Typography>
          <BillingCycleToggle value={cycle} onChange={onCycleChange} size="small" />
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t('payment.summary.perMonth')}</Typography>
          <Typography data-testid="summary-per-month">{formatMoney(price.perMonthCents, locale)}</Typography>
        </Stack>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="subtitle1" component="p">
            {cycle === 'yearly' ? t('payment.summary.totalYearly') : t('payment.summary.totalMonthly')}
          </Typography>
          <Typography variant="h4" component="p" data-testid="summary-total">
            {formatMoney(price.totalCents, locale)}
          </Typography>
        </Stack>
        <Button type="submit" size="large" variant="contained" fullWidth loading={submitting}>
          {t('payment.summary.submit')}
        </Button>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
        >
          <LockIcon fontSize="small" aria-hidden="true" />
          <Typography variant="caption">{t('payment.card.secure')}</Typography>
        </Stack>
      </Stack>
    </Card>
  );
}
