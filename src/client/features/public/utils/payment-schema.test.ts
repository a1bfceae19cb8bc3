import { describe, expect, it } from 'vitest';

import { emptyPaymentForm, formatExpiryInput, paymentFormSchema } from './payment-schema.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const valid = {
  ...emptyPaymentForm,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: '1 Analytical Street',
  city: 'London',
  country: 'United Kingdom',
  cardHolder: 'ADA LOVELACE',
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvc: '123',
};

function messages(values: typeof valid) {
  const result = paymentFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('payment form schema', () => {
  it('accepts a complete form with a Luhn-valid card', () => {
    expect(paymentFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says which fields are missing', () => {
    const errors = messages(emptyPaymentForm as typeof valid);
    expect(errors).toMatchObject({
      name: 'payment.errors.nameRequired',
      email: 'validation.emailRequired',
      cardNumber: 'payment.errors.numberRequired',
      expiry: 'payment.errors.expiryRequired',
      cvc: 'payment.errors.cvcInvalid',
    });
    expect(errors).not.toHaveProperty('zipCode');
  });

  it('rejects a bad card number, a past or malformed expiry, a bad CVC', () => {
    expect(messages({ ...valid, cardNumber: '4242 4242 4242 4241' })).toEqual({
      cardNumber: 'payment.errors.numberInvalid',
    });
    expect(messages({ ...valid, expiry: '01/20' })).toEqual({ expiry: 'payment.errors.expiryPast' });
    expect(messages({ ...valid, expiry: '13/30' })).toEqual({ expiry: 'payment.errors.expiryInvalid' });
    expect(messages({ ...valid, cvc: '12' })).toEqual({ cvc: 'payment.errors.cvcInvalid' });
  });

  it('formats the expiry as it is typed', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('12/')).toBe('12/');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('1228')).toBe('12/28');
    expect(formatExpiryInput('12/289')).toBe('12/28');
  });
});
