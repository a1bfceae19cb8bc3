import { z } from 'zod';

import { emailSchema } from '#shared/contract/account.ts';
import { checkExpiry, isValidCardNumber, isValidCvc } from '#shared/lib/payment-card.ts';

const required = (key: string, max = 120) =>
  z.string().trim().min(1, key).max(max, 'validation.fieldTooLong');

/**
 * The payment form (billing details and card). Messages are i18n keys. The card fields are checked here,
 * in the browser, and never sent anywhere: this instance takes no real payments.
 */
export const paymentFormSchema = z.object({
  name: required('payment.errors.nameRequired', 80),
  email: emailSchema,
  address: required('payment.errors.addressRequired', 200),
  city: required('payment.errors.cityRequired', 80),
  zipCode: z.string().trim().max(20, 'validation.fieldTooLong'),
  country: required('payment.errors.countryRequired', 80),
  cardHolder: required('payment.errors.holderRequired', 80),
  cardNumber: z
    .string()
    .trim()
    .min(1, 'payment.errors.numberRequired')
    .refine((value) => value === '' || isValidCardNumber(value), 'payment.errors.numberInvalid'),
  expiry: z
    .string()
    .trim()
    .min(1, 'payment.errors.expiryRequired')
    .superRefine((value, ctx) => {
      if (value === '') return;
      const check = checkExpiry(value);
      if (check === 'invalid') ctx.addIssue({ code: 'custom', message: 'payment.errors.expiryInvalid' });
      if (check === 'past') ctx.addIssue({ code: 'custom', message: 'payment.errors.expiryPast' });
    }),
  cvc: z.string().trim().refine(isValidCvc, 'payment.errors.cvcInvalid'),
});

export type PaymentFormValues = z.input<typeof paymentFormSchema>;

export const emptyPaymentForm: PaymentFormValues = {
  name: '',
  email: '',
  address: '',
  city: '',
  zipCode: '',
  country: '',
  cardHolder: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
};

/** Typing "1228" gives "12/28"; a slash typed by hand is kept. */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return value.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
