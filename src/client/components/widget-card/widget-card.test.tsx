import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { registerRoutePrefetch } from '../../lib/route-prefetch.ts';
import { saveFile } from '../../lib/save-file.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { CarouselWidget } from './carousel-widget.tsx';
import { ChangeBadge } from './change-badge.tsx';
import { ProgressListWidget } from './progress-list-widget.tsx';
import { SummaryWidget } from './summary-widget.tsx';
import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';
import type { WidgetData } from './widget-export.ts';

vi.mock('../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

type Day = { day: string; orders: number; note: string };
const data: WidgetData<Day> = {
  columns: [
    { header: 'Day', value: (row) => row.day },
    { header: 'Orders', value: (row) => row.orders },
    { header: 'Note', value: (row) => row.note },
  ],
  rows: [
    { day: '2026-01-01', orders: 3, note: 'New year, quiet' },
    { day: '2026-01-02', orders: 12, note: '=HYPERLINK("x")' },
  ],
};

function renderCard(props: Partial<WidgetCardProps<Day>> = {}) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <WidgetCard<Day> id="orders" title="Orders" {...props}>
          <p>the chart</p>
        </WidgetCard>
      ),
    },
    { path: '*', element: <p>elsewhere</p> },
  ]);
}

const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Actions: Orders' }));
  return screen.findByRole('menu');
};

function renderBadge(value: number, previous?: number) {
  renderRoutes([
    {
      path: '/',
      element: (
        <p data-testid="badge">
          <ChangeBadge value={value} previous={previous} periodLabel="vs the previous 30 days" />
        </p>
      ),
    },
  ]);
  const badge = screen.getByTestId('badge');
  return { text: badge.textContent, trend: badge.querySelector('[data-trend]')?.getAttribute('data-trend') };
}

describe('change badge', () => {
  it('shows a rise as a signed percentage of the previous figure, going up', () => {
    expect(renderBadge(125, 100)).toEqual({ text: 'Up +25%vs the previous 30 days', trend: 'up' });
  });

  it('shows a fall going down', () => {
    expect(renderBadge(60, 80)).toEqual({ text: 'Down -25%vs the previous 30 days', trend: 'down' });
  });

  it('says "New", without a percentage, when there was nothing before', () => {
    expect(renderBadge(7, 0)).toEqual({ text: 'Newvs the previous 30 days', trend: 'new' });
  });

  it('says "New" when there is no previous figure at all', () => {
    expect(renderBadge(7)).toEqual({ text: 'Newvs the previous 30 days', trend: 'new' });
  });

  it('shows no change as 0 % when both periods are 0', () => {
    expect(renderBadge(0, 0)).toEqual({ text: 'No change 0%vs the previous 30 days', trend: 'flat' });
  });

  it('keeps one decimal and writes the figure in the summary card', () => {
    renderRoutes([
      {
        path: '/',
        element: <SummaryWidget id="people" title="Active people" figure={{ value: 1234, previous: 1000 }} />,
      },
    ]);
    const card = screen.getByRole('region', { name: 'Active people' });
    expect(within(card).getByText('1,234')).toBeTruthy();
    expect(within(card).getByText('+23.4%')).toBeTruthy();
  });
});

describe('widget card', () => {
  beforeEach(() => vi.mocked(saveFile).mockClear());

  it('shows a skeleton, not the content, while the first data loads', () => {
    renderCard({ loading: true });
    const card = screen.getByRole('region', { name: 'Orders' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('the chart')).toBeNull();
  });

  it('shows an error with Retry, which calls back', async () => {
    const onRetry = vi.fn();
    renderCard({ error: true, onRetry });
    expect(screen.getByText('This widget could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('the chart')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty state instead of the content, and has nothing to export', async () => {
    renderCard({ empty: true, data });
    expect(screen.getByText('Nothing in this period yet.')).toBeTruthy();
    expect(screen.queryByText('the chart')).toBeNull();
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Export CSV' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it("explains how the figure is computed in the info button's tooltip", async () => {
    renderCard({ info: 'Orders paid or completed in the range, by the day they were placed.' });
    const info = screen.getByRole('button', { name: 'How this is computed: Orders' });
    await userEvent.hover(info);
    expect(
      await screen.findByRole('tooltip', {
        name: 'Orders paid or completed in the range, by the day they were placed.',
      }),
    ).toBeTruthy();
  });

  it("exports the widget's rows and columns as CSV", async () => {
    renderCard({ data, fileName: 'orders-2026-01' });
    const menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Download PNG' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Export CSV' }));

    expect(saveFile).toHaveBeenCalledOnce();
    const [name, blob] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('orders-2026-01.csv');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Day,Orders,Note\r\n2026-01-01,3,"New year, quiet"\r\n2026-01-02,12,"\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('saves the image a chart gives as PNG, and offers no PNG without one', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    renderCard({ image: () => png });
    const menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Export CSV' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Download PNG' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith('orders.png', png));
  });

  it('opens the list it summarises, prefetching its code on hover and focus', async () => {
    const prefetched: string[] = [];
    registerRoutePrefetch((path) => prefetched.push(path));
    const { router } = renderCard({ list: { to: '/dashboard/order?status=pending' } });
    const menu = await openMenu();
    const link = within(menu).getByRole('menuitem', { name: 'Open list' });
    expect(link.getAttribute('href')).toBe('/dashboard/order?status=pending');
    await userEvent.hover(link);
    expect(prefetched).toEqual(['/dashboard/order']);
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(screen.getByText('elsewhere')).toBeTruthy();
    registerRoutePrefetch(null);
  });

  it('has no menu when it offers nothing', () => {
    renderCard();
    expect(screen.queryByRole('button', { name: 'Actions: Orders' })).toBeNull();
    expect(screen.getByText('the chart')).toBeTruthy();
  });

  it('carousel: one slide at a time, previous and next wrap around, a dot per slide', async () => {
    const posts = ['First post', 'Second post', 'Third post'];
    renderRoutes([
      {
        path: '/',
        element: (
          <CarouselWidget
            id="featured"
            title="Featured"
            items={posts}
            itemKey={(post) => post}
            renderItem={(post) => <p>{post}</p>}
          />
        ),
      },
    ]);
    const slide = () => screen.getByRole('group', { name: /of 3$/ });
    expect(slide().textContent).toBe('First post');
    expect(slide().getAttribute('aria-label')).toBe('1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(slide().textContent).toBe('Third post');
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(slide().textContent).toBe('First post');
    await userEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(slide().textContent).toBe('Second post');
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('progress list: each bar is its share of the largest value, or of its own total', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <ProgressListWidget
            id="categories"
            title="Sales by category"
            items={[
              { key: 'shoes', label: 'Shoes', value: 200 },
              { key: 'bags', label: 'Bags', value: 50 },
              { key: 'verified', label: 'Verified', value: 3, max: 4 },
            ]}
          />
        ),
      },
    ]);
    const bar = (name: string) => screen.getByRole('progressbar', { name });
    expect(bar('Shoes').getAttribute('aria-valuenow')).toBe('100');
    expect(bar('Bags').getAttribute('aria-valuetext')).toBe('50 (25%)');
    expect(bar('Verified').getAttribute('aria-valuetext')).toBe('3 (75%)');
  });
});
