import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { formatMoney, planPrice, plans, type BillingCycle, type PlanId } from '../utils/pricing.ts';
import { useNumberLocale } from '../utils/use-number-locale.ts';

export type PaymentReceipt = { plan: PlanId; cycle: BillingCycle; last4: string };

/** The confirmation after a simulated payment: what was "ordered", and that nothing was charged. */
export function PaymentDone({ receipt, onStartOver }: { receipt: PaymentReceipt; onStartOver: () => void }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const price = planPrice(plans[receipt.plan], receipt.cycle);

  // Move focus to the confirmation, so keyboard and screen reader users land on it.
  useEffect(() => headingRef.current?.focus(), []);

  const rows: Array<[string, string]> = [
    [t('payment.summary.plan'), t(`pricing.plans.${receipt.plan}.name`)],
    [
      t('payment.summary.billingCycle'),
      receipt.cycle === 'yearly' ? t('pricing.yearly') : t('pricing.monthly'),
    ],
    [t('payment.summary.total'), formatMoney(price.totalCents, locale)],
    [t('payment.card.title'), t('payment.done.cardEnding', { last4: receipt.last4 })],
  ];

  return (
    <Card
      variant="outlined"
      component="section"
      sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}
    >
      <CheckCircleIcon sx={{ fontSize: 64, color: 'success.main', mb: 2 }} aria-hidden="true" />
      <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h2" sx={{ mb: 2, outline: 'none' }}>
        {t('payment.done.title')}
      </Typography>
      <Alert severity="info" sx={{ textAlign: 'start', mb: 3 }}>
        {t('payment.done.description')}
      </Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, m: 0, mb: 4, textAlign: 'start' }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'end' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" color="inherit" onClick={onStartOver}>
          {t('payment.done.another')}
        </Button>
        <Button component={RouterLink} to={paths.root} variant="contained">
          {t('payment.done.home')}
        </Button>
      </Box>
    </Card>
  );
}
