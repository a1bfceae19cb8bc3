import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PricingView } from './pricing-view.tsx';

function renderPricing() {
  return renderRoutes([{ path: '/pricing', element: <PricingView /> }], { initialEntries: ['/pricing'] });
}

describe('pricing page', () => {
  it('shows the monthly prices, then the discounted yearly ones with the yearly total', async () => {
    renderPricing();
    expect(screen.getByRole('heading', { level: 1, name: 'Simple plans for growing teams' })).toBeTruthy();
    const starter = within(screen.getByTestId('price-starter'));
    const premium = within(screen.getByTestId('price-premium'));
    expect(starter.getByText('$9')).toBeTruthy();
    expect(starter.getByText('Billed monthly')).toBeTruthy();
    expect(premium.getByText('$29')).toBeTruthy();
    expect(within(screen.getByTestId('price-basic')).getByText('Free')).toBeTruthy();

    const monthly = screen.getByRole('button', { name: 'Monthly' });
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));

    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe('true');
    expect(starter.getByText('$7.20')).toBeTruthy();
    expect(starter.getByText('Billed yearly: $86.40')).toBeTruthy();
    expect(premium.getByText('$23.20')).toBeTruthy();
    expect(premium.getByText('Billed yearly: $278.40')).toBeTruthy();
    expect(starter.queryByText('$9')).toBeNull();
  });

  it('leads each plan to the payment page with the plan and the cycle', async () => {
    renderPricing();
    expect(screen.getByRole('link', { name: 'Choose Starter' }).getAttribute('href')).toBe(
      '/payment?plan=starter&cycle=monthly',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByRole('link', { name: 'Choose Premium' }).getAttribute('href')).toBe(
      '/payment?plan=premium&cycle=yearly',
    );
    expect(screen.getByRole('link', { name: 'Start with Basic' }).getAttribute('href')).toBe(
      '/payment?plan=basic&cycle=yearly',
    );
  });

  it('lists what each plan includes and what it does not', () => {
    renderPricing();
    const basic = within(screen.getByRole('list', { name: 'Features of the Basic plan' }));
    expect(basic.getByText('Up to 3 team members')).toBeTruthy();
    expect(basic.getAllByText(/Not included/).map((item) => item.parentElement?.textContent)).toContain(
      'Not included: Priority support',
    );
    const premium = within(screen.getByRole('list', { name: 'Features of the Premium plan' }));
    expect(premium.getByText('Unlimited team members')).toBeTruthy();
    expect(premium.queryByText(/Not included/)).toBeNull();
  });
});
