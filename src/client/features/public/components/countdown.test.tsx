import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AppProvider } from '../../../app/provider.tsx';
import { Countdown } from './countdown.tsx';

const DAY = 24 * 60 * 60 * 1000;

function renderCountdown(target: Date) {
  return render(
    <AppProvider>
      <Countdown target={target} />
    </AppProvider>,
  );
}

describe('countdown', () => {
  it('shows days, hours, minutes and seconds, and ticks every second', async () => {
    renderCountdown(new Date(Date.now() + 3 * DAY + 2 * 3600_000 + 90_000));
    const timer = screen.getByRole('timer', { name: 'Time left before launch' });
    expect(timer.textContent).toMatch(/^03Days02Hours0[01]Minutes\d\dSeconds$/);
    const seconds = screen.getByTestId('countdown-seconds').textContent;
    await waitFor(() => expect(screen.getByTestId('countdown-seconds').textContent).not.toBe(seconds), {
      timeout: 3000,
    });
  });

  it('never shows a negative time', () => {
    renderCountdown(new Date(Date.now() - 5000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('We have launched!');
  });
});
