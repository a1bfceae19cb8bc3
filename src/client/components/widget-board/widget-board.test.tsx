import { ThemeProvider } from '@mui/material/styles';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  completeLayout,
  dashboardLayoutInput,
  dashboardWidgets,
  layoutProblem,
  type DashboardLayout,
  type LayoutWidget,
} from '#shared/contract/overview.ts';

import { jsonResponse, mockFetch } from '../../testing/fetch-mock.ts';
import { createAppTheme } from '../../theme/create-theme.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { WidgetBoard, type BoardWidget } from './widget-board.tsx';

const PATH = '/api/overview/layouts/app';

/**
 * The layouts API as the server keeps it, for one person: GET answers the saved layout completed (or the
 * default), PUT checks the body with the contract's schema and `layoutProblem` and keeps it, DELETE forgets it.
 */
function fakeLayoutsApi(initial: LayoutWidget[] | null = null, { failPut = false } = {}) {
  let saved = initial;
  const puts: LayoutWidget[][] = [];
  let deletes = 0;
  let answerGet: Promise<void> = Promise.resolve();
  let answerPut: Promise<void> = Promise.resolve();
  const hold = () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { gate, release: () => release() };
  };
  const answer = () =>
    jsonResponse({
      dashboard: 'app',
      widgets: completeLayout('app', saved ?? []),
      saved: saved !== null,
      updatedAt: saved ? '2026-04-01T10:00:00.000Z' : null,
    } satisfies DashboardLayout);
  const api = mockFetch([
    { path: PATH, respond: () => answerGet.then(answer) },
    {
      method: 'PUT',
      path: PATH,
      respond: async ({ body }) => {
        await answerPut;
        const parsed = dashboardLayoutInput.safeParse(body);
        if (!parsed.success || layoutProblem('app', parsed.data.widgets)) {
          return jsonResponse({ message: 'widgets: invalid' }, 400);
        }
        puts.push(parsed.data.widgets);
        if (failPut) return jsonResponse({ message: 'The database is away.' }, 503);
        saved = parsed.data.widgets;
        return answer();
      },
    },
    {
      method: 'DELETE',
      path: PATH,
      respond: () => {
        deletes += 1;
        saved = null;
        return answer();
      },
    },
  ]);
  return {
    ...api,
    puts,
    deletes: () => deletes,
    /** GETs wait until the returned function is called. */
    holdGets: () => {
      const { gate, release } = hold();
      answerGet = gate;
      return release;
    },
    /** PUTs wait until the returned function is called. */
    holdPuts: () => {
      const { gate, release } = hold();
      answerPut = gate;
      return release;
    },
  };
}

const widget = (id: string, label: string): BoardWidget => ({
  id,
  label,
  size: { md: 6 },
  element: <p>{label} figures</p>,
});

/** Four of the app dashboard's thirteen widgets, given out of order: the layout orders them. */
const widgets: BoardWidget[] = [
  widget('messages', 'Messages'),
  widget('welcome', 'Welcome'),
  widget('active-people', 'Active people'),
  widget('new-accounts', 'New accounts'),
];

function renderBoard(given: readonly BoardWidget[] = widgets, { direction = 'ltr' as 'ltr' | 'rtl' } = {}) {
  const board = (
    <WidgetBoard dashboard="app" widgets={given} actions={<button type="button">Range</button>} />
  );
  return renderRoutes([
    {
      path: '/',
      element:
        direction === 'rtl' ? (
          <ThemeProvider theme={createAppTheme({ direction })}>
            <div dir="rtl">{board}</div>
          </ThemeProvider>
        ) : (
          board
        ),
    },
  ]);
}

/**
 * jsdom lays nothing out: the slots get the boxes of a two-column grid in their DOM order (480 × 280 px,
 * 20 px apart), so dnd-kit's keyboard sensor finds the widget beside or below.
 */
function layOutAsGrid() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const slot = this.closest('[data-widget-slot]');
    if (slot !== this) return original.call(this);
    const index = Array.from(document.querySelectorAll('[data-widget-slot]')).indexOf(this);
    const [left, top] = [(index % 2) * 500, Math.floor(index / 2) * 300];
    return DOMRect.fromRect({ x: left, y: top, width: 480, height: 280 });
  });
}

/** The widgets on screen, in order. */
const shownOrder = () =>
  Array.from(document.querySelectorAll('[data-widget-slot]')).map((slot) =>
    slot.getAttribute('data-widget-slot'),
  );

async function customize() {
  await userEvent.click(await screen.findByRole('button', { name: 'Customize' }));
  return screen.findByRole('button', { name: 'Done' });
}

/** What the board's live region last said (dnd-kit has a live region of its own). */
const spoken = () => document.querySelector('[data-layout-status]')?.textContent;

/** The ids in the order a layout holds them. */
const ids = (layout: readonly LayoutWidget[]) => layout.map((entry) => entry.id);

describe('widget board', () => {
  it('orders the widgets by the saved layout, skips ids not given and does not mount hidden ones', async () => {
    fakeLayoutsApi([
      { id: 'new-accounts', hidden: false },
      { id: 'top-products', hidden: false },
      { id: 'messages', hidden: true },
      { id: 'active-people', hidden: false },
    ]);
    renderBoard();

    await screen.findByText('New accounts figures');
    // Saved first, then the rest in the default order; `top-products` is not given, `messages` is hidden.
    expect(shownOrder()).toEqual(['new-accounts', 'active-people', 'welcome']);
    expect(screen.queryByText('Messages figures')).toBeNull();
    expect(screen.getByRole('button', { name: 'Range' })).toBeTruthy();
  });

  it('says how to bring widgets back when every one is hidden', async () => {
    fakeLayoutsApi(widgets.map(({ id }) => ({ id, hidden: true })));
    renderBoard();

    expect(
      await screen.findByText('Every widget is hidden. Choose Customize to show them again.'),
    ).toBeTruthy();
    expect(shownOrder()).toEqual([]);
    await customize();
    const hiddenList = screen.getByRole('region', { name: 'Hidden widgets' });
    // In the saved layout's order (the order `widgets` was given in).
    expect(
      within(hiddenList)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Messages', 'Welcome', 'Active people', 'New accounts']);
  });

  it('mounts no widget before the layout is known, then the default order', async () => {
    const api = fakeLayoutsApi();
    const release = api.holdGets();
    renderBoard();

    await waitFor(() => expect(api.calls('GET', PATH)).toHaveLength(1));
    expect(shownOrder()).toEqual([]);
    expect(screen.queryByText('Welcome figures')).toBeNull();
    expect((screen.getByRole('button', { name: 'Customize' }) as HTMLButtonElement).disabled).toBe(true);

    release();
    await screen.findByText('Welcome figures');
    expect(shownOrder()).toEqual(['welcome', 'active-people', 'new-accounts', 'messages']);
  });

  it('hides a widget: gone from the board, saved hidden, listed to show again', async () => {
    const api = fakeLayoutsApi();
    renderBoard();
    await customize();
    expect(screen.getByText('No hidden widgets. Hide one to take it off your dashboard.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Hide Active people' }));

    expect(shownOrder()).toEqual(['welcome', 'new-accounts', 'messages']);
    await waitFor(() => expect(api.puts).toHaveLength(1));
    const body = api.puts[0]!;
    // The whole layout, by id, in the default order: every other widget where it was.
    expect(ids(body)).toEqual([...dashboardWidgets.app]);
    expect(body.find((entry) => entry.id === 'active-people')).toEqual({ id: 'active-people', hidden: true });
    expect(body.filter((entry) => entry.hidden)).toHaveLength(1);
    const hiddenList = screen.getByRole('region', { name: 'Hidden widgets' });
    expect(within(hiddenList).getByRole('button', { name: 'Show Active people' })).toBeTruthy();
    expect(spoken()).toBe('Active people hidden.');
    // Focus goes to the next widget's Hide, not to the page's start.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide New accounts' }));

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Active people figures')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Hidden widgets' })).toBeNull();
  });

  it('shows a hidden widget again from the hidden list, in its place', async () => {
    const api = fakeLayoutsApi([{ id: 'welcome', hidden: true }]);
    renderBoard();
    await screen.findByText('Active people figures');
    expect(screen.queryByText('Welcome figures')).toBeNull();
    await customize();

    const hiddenList = screen.getByRole('region', { name: 'Hidden widgets' });
    await userEvent.click(within(hiddenList).getByRole('button', { name: 'Show Welcome' }));

    expect(shownOrder()).toEqual(['welcome', 'active-people', 'new-accounts', 'messages']);
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]![0]).toEqual({ id: 'welcome', hidden: false });
    expect(api.puts[0]!.some((entry) => entry.hidden)).toBe(false);
    expect(within(hiddenList).queryByRole('button', { name: 'Show Welcome' })).toBeNull();
  });

  it('moves a widget later with its button, by id: widgets not on the board keep their places', async () => {
    const api = fakeLayoutsApi();
    renderBoard();
    await customize();
    expect((screen.getByRole('button', { name: 'Move Welcome earlier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Move Welcome later' }));

    expect(shownOrder()).toEqual(['active-people', 'welcome', 'new-accounts', 'messages']);
    await waitFor(() => expect(api.puts).toHaveLength(1));
    // `featured` sits between welcome and active-people in the default layout and is not on this board:
    // welcome goes just after active-people, featured stays where it was.
    expect(ids(api.puts[0]!).slice(0, 5)).toEqual([
      'featured',
      'active-people',
      'welcome',
      'new-accounts',
      'messages',
    ]);
    expect(spoken()).toBe('Welcome moved to position 2 of 4.');
  });

  it('reorders from the keyboard with the move buttons, keeping focus on the moved widget', async () => {
    const api = fakeLayoutsApi();
    renderBoard();
    await customize();

    // Tab from Done reaches the first widget's controls (its drag handle, then its move buttons).
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drag Welcome' }));
    screen.getByRole('button', { name: 'Move Messages earlier' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(shownOrder()).toEqual(['welcome', 'active-people', 'messages', 'new-accounts']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Messages earlier' }));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(shownOrder()).toEqual(['messages', 'welcome', 'active-people', 'new-accounts']);
    // At the start, Move earlier is disabled: focus moves to Move later instead of being lost.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Messages later' }));

    await waitFor(() => expect(api.puts).toHaveLength(3));
    expect(ids(api.puts[2]!).slice(0, 6)).toEqual([
      'messages',
      'welcome',
      'featured',
      'active-people',
      'new-accounts',
      'sessions-by-device',
    ]);
  });

  it("drags a widget from the keyboard with dnd-kit's sensor: Space, an arrow key, Space", async () => {
    layOutAsGrid();
    const api = fakeLayoutsApi();
    renderBoard();
    await customize();
    expect(shownOrder()).toEqual(['welcome', 'active-people', 'new-accounts', 'messages']);

    const handle = screen.getByRole('button', { name: 'Drag Welcome' });
    expect(handle.getAttribute('aria-roledescription')).toBe('movable widget');
    handle.focus();
    await userEvent.keyboard(' ');
    // Welcome is at the top left; the widget below it is new-accounts (the grid's third).
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');

    await waitFor(() =>
      expect(shownOrder()).toEqual(['active-people', 'new-accounts', 'welcome', 'messages']),
    );
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(ids(api.puts[0]!).slice(0, 5)).toEqual([
      'featured',
      'active-people',
      'new-accounts',
      'welcome',
      'messages',
    ]);
    // Focus stays on the dragged widget's handle.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drag Welcome' }));
  });

  it('points "earlier" to the start side: right in Arabic', async () => {
    fakeLayoutsApi();
    renderBoard(widgets, { direction: 'rtl' });
    await customize();

    const earlier = screen.getByRole('button', { name: 'Move Active people earlier' });
    const later = screen.getByRole('button', { name: 'Move Active people later' });
    expect(earlier.querySelector('[data-testid="ArrowForwardRoundedIcon"]')).toBeTruthy();
    expect(later.querySelector('[data-testid="ArrowBackRoundedIcon"]')).toBeTruthy();
    // Up and down in the phone's single column.
    expect(earlier.querySelector('[data-testid="ArrowUpwardRoundedIcon"]')).toBeTruthy();
  });

  it('resets to the default layout with DELETE, and Undo saves the layout back', async () => {
    const saved: LayoutWidget[] = [
      { id: 'messages', hidden: false },
      { id: 'welcome', hidden: true },
    ];
    const api = fakeLayoutsApi(saved);
    renderBoard();
    await customize();
    expect(shownOrder()).toEqual(['messages', 'active-people', 'new-accounts']);

    await userEvent.click(screen.getByRole('button', { name: 'Reset layout' }));

    expect(shownOrder()).toEqual(['welcome', 'active-people', 'new-accounts', 'messages']);
    await waitFor(() => expect(api.deletes()).toBe(1));
    expect(await screen.findByText('The default layout is back.')).toBeTruthy();
    // Nothing saved any more: nothing to reset.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Reset layout' }) as HTMLButtonElement).disabled).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]!.slice(0, 2)).toEqual(saved);
    expect(shownOrder()).toEqual(['messages', 'active-people', 'new-accounts']);
  });

  it('puts the layout back and says so when the server refuses a change', async () => {
    const api = fakeLayoutsApi(null, { failPut: true });
    const release = api.holdPuts();
    renderBoard();
    await customize();

    await userEvent.click(screen.getByRole('button', { name: 'Hide Welcome' }));
    // Shown at once, before the server answers.
    expect(screen.queryByText('Welcome figures')).toBeNull();
    release();

    expect(await screen.findByText('Your layout could not be saved.')).toBeTruthy();
    await waitFor(() =>
      expect(shownOrder()).toEqual(['welcome', 'active-people', 'new-accounts', 'messages']),
    );
    expect(api.puts).toHaveLength(1);
  });
});
