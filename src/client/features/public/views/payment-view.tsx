import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { lastFour } from '#shared/lib/payment-card.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { PageHeader } from '../components/page-header.tsx';
import { PaymentFields } from '../components/payment-form.tsx';
import { PaymentDone, type PaymentReceipt } from '../components/payment-done.tsx';
import { PaymentSummary } from '../components/payment-summary.tsx';
import { emptyPaymentForm, paymentFormSchema, type PaymentFormValues } from '../utils/payment-schema.ts';
import { isBillingCycle, isPlanId, type BillingCycle, type PlanId } from '../utils/pricing.ts';

/**
 * /payment?plan=…&cycle=…: billing details, a card form checked in the browser (Luhn, expiry, CVC), and a
 * summary. Submitting records nothing and sends nothing: this instance takes no real payments.
 */
export function PaymentView() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const [receipt, setReceipt] = useState<PaymentReceipt | null>(null);

  const planParam = searchParams.get('plan');
  const cycleParam = searchParams.get('cycle');
  const plan: PlanId = isPlanId(planParam) ? planParam : 'starter';
  const cycle: BillingCycle = isBillingCycle(cycleParam) ? cycleParam : 'monthly';
  const setChoice = (next: { plan?: PlanId; cycle?: BillingCycle }) =>
    setSearchParams({ plan: next.plan ?? plan, cycle: next.cycle ?? cycle }, { replace: true });

  const { control, handleSubmit, reset, formState } = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: emptyPaymentForm,
  });

  const onSubmit = handleSubmit((values) => {
    // Keep only what the confirmation shows; the card fields are cleared from the form at once.
    setReceipt({ plan, cycle, last4: lastFour(values.cardNumber) });
    reset({ ...values, cardHolder: '', cardNumber: '', expiry: '', cvc: '' });
    enqueueSnackbar(t('payment.done.toast'), { variant: 'success' });
  });

  return (
    <Container sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeader title={t('payment.title')} description={t('payment.description')} />
      {receipt ? (
        <PaymentDone receipt={receipt} onStartOver={() => setReceipt(null)} />
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 4 }}>
            {t('payment.demoNotice')}
          </Alert>
          <Box
            component="form"
            noValidate
            // The server renders this page: a submit before the app runs sends nothing (no card in a URL).
            method="dialog"
            onSubmit={onSubmit}
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
              alignItems: 'start',
            }}
          >
            <PaymentFields control={control} />
            <Box sx={{ position: { md: 'sticky' }, top: { md: 24 } }}>
              <PaymentSummary
                plan={plan}
                cycle={cycle}
                onPlanChange={(next) => setChoice({ plan: next })}
                onCycleChange={(next) => setChoice({ cycle: next })}
                submitting={formState.isSubmitting}
              />
            </Box>
          </Box>
        </>
      )}
    </Container>
  );
}
