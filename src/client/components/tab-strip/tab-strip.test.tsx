import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../app/provider.tsx';
import { TabStrip } from './tab-strip.tsx';

type Status = 'all' | 'open' | 'closed';

function Strip({ onChange, dir = 'ltr' }: { onChange: (value: Status) => void; dir?: 'ltr' | 'rtl' }) {
  const [value, setValue] = useState<Status>('all');
  return (
    <div dir={dir}>
      <TabStrip<Status>
        label="Status"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        items={[
          { value: 'all', label: 'All', end: <span>12</span> },
          { value: 'open', label: 'Open', end: <span>7</span> },
          { value: 'closed', label: 'Closed', end: <span>5</span> },
        ]}
      />
    </div>
  );
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('TabStrip', () => {
  it('is a named tab list whose chosen tab is the one tab stop', async () => {
    const onChange = vi.fn();
    render(
      <AppProvider>
        <Strip onChange={onChange} />
      </AppProvider>,
    );
    expect(screen.getByRole('tablist', { name: 'Status' })).toBeTruthy();
    expect(tab(/^All 12$/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/^Open 7$/).getAttribute('aria-selected')).toBe('false');
    expect(tab(/^All/).tabIndex).toBe(0);
    expect(tab(/^Open/).tabIndex).toBe(-1);

    await userEvent.click(tab(/^Open/));
    expect(onChange).toHaveBeenCalledWith('open');
    expect(tab(/^Open/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/^Open/).tabIndex).toBe(0);
    expect(tab(/^All/).tabIndex).toBe(-1);

    // Choosing the chosen tab again changes nothing.
    await userEvent.click(tab(/^Open/));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves the focus with the arrow keys, Home and End, and chooses with Enter', async () => {
    const onChange = vi.fn();
    render(
      <AppProvider>
        <Strip onChange={onChange} />
      </AppProvider>,
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(tab(/^All/));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/^Open/));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tab(/^All/)); // wraps round
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab(/^Closed/));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab(/^All/));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab(/^Closed/));
    expect(onChange).not.toHaveBeenCalled(); // moving the focus does not choose
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('closed');
  });

  it('follows the reading direction right to left', async () => {
    render(
      <AppProvider>
        <Strip onChange={vi.fn()} dir="rtl" />
      </AppProvider>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab(/^Open/));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/^All/));
  });
});
