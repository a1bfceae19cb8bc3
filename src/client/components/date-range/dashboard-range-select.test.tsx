import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '../../testing/test-utils.tsx';
import { DashboardRangeSelect } from './dashboard-range-select.tsx';
import { useDashboardRange } from './use-dashboard-range.ts';

/** Shows what a widget would send: `GET /api/overview/app?from=&to=&tz=`, and the comparison's label. */
function Probe() {
  const { from, to, tz, previousLabel } = useDashboardRange();
  return (
    <output data-testid="range">
      {new URLSearchParams({ from, to, tz }).toString()} | {previousLabel}
    </output>
  );
}

function renderRange(initial = '/') {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <DashboardRangeSelect />
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: [initial] },
  );
}

const shown = () => screen.getByTestId('range').textContent;

async function choose(name: string | RegExp) {
  await userEvent.click(screen.getByRole('button', { name: /^Date range:/ }));
  const menu = await screen.findByRole('menu', { name: 'Date range' });
  await userEvent.click(within(menu).getByRole('menuitemradio', { name }));
}

describe('dashboard range select', () => {
  beforeEach(() => {
    // 20:00 UTC on 31 March is already 1 April in Tokyo, where the viewer is.
    vi.useFakeTimers({ now: new Date('2026-03-31T20:00:00Z'), toFake: ['Date'] });
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'Asia/Tokyo' };
    });
  });
  afterEach(() => vi.useRealTimers());

  it("asks for the last 30 days of the viewer's days, in the viewer's zone, by default", async () => {
    renderRange();
    expect(await screen.findByRole('button', { name: 'Date range: Last 30 days' })).toBeTruthy();
    expect(shown()).toBe('from=2026-03-03&to=2026-04-01&tz=Asia%2FTokyo | vs the previous 30 days');
    expect(screen.getByText('Mar 3 – Apr 1, 2026')).toBeTruthy();
  });

  it('writes a preset in the address, keeping the other parameters, and reads it back', async () => {
    const { router } = renderRange('/?tab=sales');
    await screen.findByRole('button', { name: 'Date range: Last 30 days' });

    await choose('Last 7 days');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sales&range=7d'));
    expect(shown()).toBe('from=2026-03-26&to=2026-04-01&tz=Asia%2FTokyo | vs the previous 7 days');
    expect(screen.getByRole('button', { name: 'Date range: Last 7 days' })).toBeTruthy();

    // This month is Tokyo's April.
    await choose('This month');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sales&range=month'));
    expect(shown()).toBe('from=2026-04-01&to=2026-04-01&tz=Asia%2FTokyo | vs the previous day');

    await choose('Today');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sales&range=today'));

    // The address alone gives the range (a reload, a shared link).
    await router.navigate('/?range=year');
    await waitFor(() =>
      expect(shown()).toBe('from=2026-01-01&to=2026-04-01&tz=Asia%2FTokyo | vs the previous 91 days'),
    );
    await router.navigate('/?range=quarter');
    await waitFor(() => expect(shown()).toMatch(/^from=2026-04-01&to=2026-04-01/));
  });

  it('falls back to the last 30 days on an unknown preset or a bad custom range', async () => {
    const { router } = renderRange('/?range=forever');
    expect(await screen.findByRole('button', { name: 'Date range: Last 30 days' })).toBeTruthy();
    expect(shown()).toMatch(/^from=2026-03-03&to=2026-04-01&/);

    await router.navigate('/?from=2026-02-01&to=2026-01-01');
    await waitFor(() => expect(shown()).toMatch(/^from=2026-03-03&to=2026-04-01&/));
    await router.navigate('/?from=2023-01-01&to=2026-01-01');
    await waitFor(() => expect(shown()).toMatch(/^from=2026-03-03&to=2026-04-01&/));
  });

  it('reads a custom range from the address and applies one from the dialog', async () => {
    const { router } = renderRange('/?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByRole('button', { name: 'Date range: Custom range' })).toBeTruthy();
    expect(shown()).toBe('from=2026-01-01&to=2026-01-31&tz=Asia%2FTokyo | vs the previous 31 days');

    await router.navigate('/?range=7d');
    await screen.findByRole('button', { name: 'Date range: Last 7 days' });
    await choose('Custom range…');
    // The dialog (and the date pickers) load now; it opens on the current range.
    const dialog = await screen.findByRole('dialog', { name: 'Custom range' });
    expect(within(dialog).queryByText(/at most|on or before/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-26&to=2026-04-01'));
    expect(await screen.findByRole('button', { name: 'Date range: Custom range' })).toBeTruthy();
  });

  it('refuses a custom range whose start is after its end, or longer than the API allows', async () => {
    const { router } = renderRange('/?from=2026-01-10&to=2026-01-20');
    await choose('Custom range…');
    const dialog = await screen.findByRole('dialog', { name: 'Custom range' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    const [startYear, endYear] = within(dialog).getAllByRole('spinbutton', { name: 'Year' });
    const [startMonth] = within(dialog).getAllByRole('spinbutton', { name: 'Month' });
    const type = async (section: HTMLElement | undefined, text: string) => {
      await userEvent.click(section!);
      await userEvent.keyboard(text);
    };

    // 10 January 2026 to 20 January 2028: 741 days, longer than the 731 the API allows.
    await type(endYear, '2028');
    expect(await within(dialog).findByText('A range can be at most 731 days long.')).toBeTruthy();
    expect(apply).toHaveProperty('disabled', true);

    // From 10 February: 710 days, fine.
    await type(startMonth, '02');
    await waitFor(() => expect(apply).toHaveProperty('disabled', false));
    expect(within(dialog).queryByText(/at most/)).toBeNull();

    // A start after the end.
    await type(startYear, '2029');
    expect(await within(dialog).findByText('The start must be on or before the end.')).toBeTruthy();
    expect(apply).toHaveProperty('disabled', true);

    await type(startYear, '2027');
    await waitFor(() => expect(apply).toHaveProperty('disabled', false));
    await userEvent.click(apply);
    await waitFor(() => expect(router.state.location.search).toBe('?from=2027-02-10&to=2028-01-20'));
  });
});
