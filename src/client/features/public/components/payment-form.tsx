import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { formatCardNumber } from '#shared/lib/payment-card.ts';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { formatExpiryInput, type PaymentFormValues } from '../utils/payment-schema.ts';
import { FormattedField } from './formatted-field.tsx';

function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 3, md: 4 } }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Billing details and card fields (the form element and submit button are in the view). */
export function PaymentFields({ control }: { control: Control<PaymentFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <FormSection id="payment-billing-title" title={t('payment.billing.title')}>
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="name"
            label={t('payment.billing.name')}
            autoComplete="name"
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('payment.billing.email')}
            autoComplete="email"
          />
          <FormTextField
            control={control}
            name="address"
            label={t('payment.billing.address')}
            autoComplete="street-address"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <FormTextField
            control={control}
            name="city"
            label={t('payment.billing.city')}
            autoComplete="address-level2"
          />
          <FormTextField
            control={control}
            name="zipCode"
            label={t('payment.billing.zipCode')}
            autoComplete="postal-code"
          />
          <FormTextField
            control={control}
            name="country"
            label={t('payment.billing.country')}
            autoComplete="country-name"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        </Box>
      </FormSection>

      <FormSection id="payment-card-title" title={t('payment.card.title')}>
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="cardHolder"
            label={t('payment.card.holder')}
            autoComplete="cc-name"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <FormattedField
            control={control}
            name="cardNumber"
            format={formatCardNumber}
            label={t('payment.card.number')}
            autoComplete="cc-number"
            placeholder="XXXX XXXX XXXX XXXX"
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <FormattedField
            control={control}
            name="expiry"
            format={formatExpiryInput}
            label={t('payment.card.expiry')}
            placeholder={t('payment.card.expiryPlaceholder')}
            autoComplete="cc-exp"
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
          />
          <FormattedField
            control={control}
            name="cvc"
            format={(value) => value.replace(/\D/g, '').slice(0, 4)}
            label={t('payment.card.cvc')}
            helperText={t('payment.card.cvcHelp')}
            autoComplete="cc-csc"
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
          />
        </Box>
      </FormSection>
    </Stack>
  );
}
