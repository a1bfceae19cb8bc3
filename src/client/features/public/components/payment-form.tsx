import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
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
/** A field that spans both columns of the grid. */
const fullRow = { gridColumn: { sm: '1 / -1' } } as const;
/** Digits typed left to right (also in Arabic), with the numeric keyboard on phones. */
const digitsInput = { htmlInput: { inputMode: 'numeric', dir: 'ltr' } } as const;

type BillingField = {
  name: FieldPath<PaymentFormValues>;
  label: `payment.billing.${'name' | 'email' | 'address' | 'city' | 'zipCode' | 'country'}`;
  autoComplete: string;
  type?: 'email';
  /** Takes a whole row. */
  wide?: boolean;
};

/** The billing details, in order. */
const billingFields: BillingField[] = [
  { name: 'name', label: 'payment.billing.name', autoComplete: 'name' },
  { name: 'email', label: 'payment.billing.email', autoComplete: 'email', type: 'email' },
  { name: 'address', label: 'payment.billing.address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'payment.billing.city', autoComplete: 'address-level2' },
  { name: 'zipCode', label: 'payment.billing.zipCode', autoComplete: 'postal-code' },
  { name: 'country', label: 'payment.billing.country', autoComplete: 'country-name', wide: true },
];

/** Billing details and card fields (the form element and submit button are in the view). */
export function PaymentFields({ control }: { control: Control<PaymentFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <FormSection id="payment-billing-title" title={t('payment.billing.title')}>
        <Box sx={grid}>
          {billingFields.map((field) => (
            <FormTextField
              key={field.name}
              control={control}
              name={field.name}
              type={field.type}
              label={t(field.label)}
              autoComplete={field.autoComplete}
              sx={field.wide ? fullRow : undefined}
            />
          ))}
        </Box>
      </FormSection>

      <FormSection id="payment-card-title" title={t('payment.card.title')}>
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="cardHolder"
            label={t('payment.card.holder')}
            autoComplete="cc-name"
            sx={fullRow}
          />
          <FormattedField
            control={control}
            name="cardNumber"
            format={formatCardNumber}
            label={t('payment.card.number')}
            autoComplete="cc-number"
            placeholder="XXXX XXXX XXXX XXXX"
            slotProps={digitsInput}
            sx={fullRow}
          />
          <FormattedField
            control={control}
            name="expiry"
            format={formatExpiryInput}
            label={t('payment.card.expiry')}
            placeholder={t('payment.card.expiryPlaceholder')}
            autoComplete="cc-exp"
            slotProps={digitsInput}
          />
          <FormattedField
            control={control}
            name="cvc"
            format={(value) => value.replace(/\D/g, '').slice(0, 4)}
            label={t('payment.card.cvc')}
            helperText={t('payment.card.cvcHelp')}
            autoComplete="cc-csc"
            slotProps={digitsInput}
          />
        </Box>
      </FormSection>
    </Stack>
  );
}
