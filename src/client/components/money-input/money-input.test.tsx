import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '../../testing/test-utils.tsx';
import { MoneyField } from './money-field.tsx';
import { centsToInput, inputToCents, requiredCents } from './money-input.ts';

describe('money input: units in the field, cents in the API', () => {
  it('shows cents as units with two decimals, and no value as an empty field', () => {
    expect(centsToInput(1250)).toBe('12.50');
    expect(centsToInput(0)).toBe('0.00');
    expect(centsToInput(null)).toBe('');
    expect(centsToInput(undefined)).toBe('');
  });

  it('reads what is typed as cents, rounded to the cent', () => {
    expect(inputToCents('12.5')).toBe(1250);
    expect(inputToCents(' 0.015 ')).toBe(2);
    expect(inputToCents('0')).toBe(0);
  });

  it('reads an empty field as no value (null), and a non-number as NaN (the schema refuses it)', () => {
    expect(inputToCents('')).toBeNull();
    expect(inputToCents('   ')).toBeNull();
    expect(inputToCents('12abc')).toBeNaN();
  });

  it('gives a required amount NaN for an empty field, so the schema shows the field’s message', () => {
    expect(requiredCents('')).toBeNaN();
    expect(requiredCents('3')).toBe(300);
  });
});

function Field({ unit, unitPosition }: { unit?: string; unitPosition?: 'start' | 'end' }) {
  const [value, setValue] = useState('');
  return (
    <MoneyField
      label="Price"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      unit={unit}
      unitPosition={unitPosition}
    />
  );
}

describe('MoneyField', () => {
  it('is a number field in steps of a cent, never below 0, with its currency', async () => {
    renderRoutes([{ path: '/', element: <Field unit="EUR" /> }]);
    const input = await screen.findByRole('spinbutton', { name: 'Price' });
    expect(input.getAttribute('step')).toBe('0.01');
    expect(input.getAttribute('min')).toBe('0');
    expect(screen.getByText('EUR')).toBeTruthy();
    await userEvent.type(input, '12.5');
    expect((input as HTMLInputElement).value).toBe('12.5');
  });

  it('puts the currency first when asked (the product form’s ¤)', async () => {
    renderRoutes([{ path: '/', element: <Field unit="¤" unitPosition="start" /> }]);
    const input = await screen.findByRole('spinbutton', { name: 'Price' });
    const sign = screen.getByText('¤');
    expect(sign.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
