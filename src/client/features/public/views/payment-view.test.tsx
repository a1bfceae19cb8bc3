import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PaymentView } from './payment-view.tsx';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function renderPayment(entry = '/payment?plan=starter&cycle=yearly') {
  return renderRoutes([{ path: '/payment', element: <PaymentView /> }], { initialEntries: [entry] });
}

async function fillBilling() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Address'), '1 Analytical Street');
  await userEvent.type(screen.getByLabelText('City'), 'London');
  await userEvent.type(screen.getByLabelText('Country'), 'United Kingdom');
  await userEvent.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
}

describe('payment page', () => {
  it('shows the plan and cycle from the URL in the summary', () => {
    renderPayment();
    expect(screen.getByRole('heading', { level: 1, name: 'Let’s finish powering you up!' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Plan' }).textContent).toBe('Starter');
    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('summary-per-month').textContent).toBe('$7.20');
    expect(screen.getByTestId('summary-total').textContent).toBe('$86.40');
  });

  it('shows translated inline errors on an empty submit', async () => {
    renderPayment();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Card number is required')).toBeTruthy();
    expect(screen.getByText('Expiry date is required')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit security code')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
  });

  it('rejects a card number that fails the Luhn check and an expired card', async () => {
    renderPayment();
    await fillBilling();
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4241');
    await userEvent.type(screen.getByLabelText('Expiry date (MM/YY)'), '0120');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));

    expect(await screen.findByText('Enter a valid card number (13 to 19 digits)')).toBeTruthy();
    expect(screen.getByText('This card has expired')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /your order is confirmed/ })).toBeNull();
  });

  it('accepts a Luhn-valid card, sends nothing, clears the card and confirms that nothing was charged', async () => {
    const { fetchMock } = mockFetch([]);
    renderPayment('/payment?plan=premium&cycle=monthly');
    await fillBilling();
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry date (MM/YY)'), `12${nextYear}`);
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));

    const heading = await screen.findByRole('heading', {
      name: 'Thank you — your order is confirmed (demo)',
    });
    expect(document.activeElement).toBe(heading);
    expect(await screen.findByText('Payment simulated: nothing was charged')).toBeTruthy();
    expect(screen.getByText(/no card details were sent or stored/)).toBeTruthy();
    const summary = within(heading.closest('section') as HTMLElement);
    expect(summary.getByText('Premium')).toBeTruthy();
    expect(summary.getByText('Monthly')).toBeTruthy();
    expect(summary.getByText('$29')).toBeTruthy();
    expect(summary.getByText('Card ending in 4242')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });
});
