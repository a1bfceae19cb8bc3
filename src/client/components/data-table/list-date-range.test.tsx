import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '../../locales/i18n.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { ListDateRange } from './list-date-range.tsx';

/** A list's filters as the address would hold them, shown for the test to read. */
function Range({
  initial,
  onChange,
}: {
  initial: string | undefined;
  onChange: (b: string, d?: string) => void;
}) {
  const [start, setStart] = useState(initial);
  const [end, setEnd] = useState<string | undefined>();
  return (
    <>
      <ListDateRange
        start={start}
        end={end}
        startLabel="Start date"
        endLabel="End date"
        onChange={(bound, day) => {
          onChange(bound, day);
          (bound === 'startDate' ? setStart : setEnd)(day);
        }}
      />
      <output data-testid="filters">
        {start ?? '-'} {end ?? '-'}
      </output>
    </>
  );
}

const sectionsOf = (name: string) =>
  screen
    .getAllByRole('spinbutton')
    .filter((s) => s.closest('.MuiFormControl-root')?.textContent?.includes(name));

describe('list date range', () => {
  afterEach(() => changeLanguage('en'));

  it('shows the day in the interface language’s order and sends it as YYYY-MM-DD', async () => {
    await changeLanguage('fr');
    const onChange = vi.fn();
    renderRoutes([{ path: '/', element: <Range initial="2026-11-24" onChange={onChange} /> }]);
    await waitFor(() => expect(sectionsOf('Start date')).toHaveLength(3));
    // French reads day, month, year (a native date field would follow the browser's locale instead).
    expect(sectionsOf('Start date').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Jour',
      'Mois',
      'Année',
    ]);
    expect(sectionsOf('Start date').map((s) => s.textContent)).toEqual(['24', '11', '2026']);

    const [, , endYear] = sectionsOf('End date');
    const [endDay, endMonth] = sectionsOf('End date');
    await userEvent.click(endDay!);
    await userEvent.keyboard('05');
    await userEvent.click(endMonth!);
    await userEvent.keyboard('12');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(endYear!);
    await userEvent.keyboard('2026');
    await waitFor(() => expect(screen.getByTestId('filters').textContent).toBe('2026-11-24 2026-12-05'));
    expect(onChange).toHaveBeenLastCalledWith('endDate', '2026-12-05');
  });

  it('removes a bound when its field is cleared', async () => {
    const onChange = vi.fn();
    renderRoutes([{ path: '/', element: <Range initial="2026-11-24" onChange={onChange} /> }]);
    await waitFor(() => expect(sectionsOf('Start date')).toHaveLength(3));
    expect(sectionsOf('Start date').map((s) => s.textContent)).toEqual(['11', '24', '2026']);
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear' })[0]!);
    await waitFor(() => expect(screen.getByTestId('filters').textContent).toBe('- -'));
    expect(onChange).toHaveBeenCalledWith('startDate', undefined);
  });
});
