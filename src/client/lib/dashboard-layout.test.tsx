import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { completeLayout, type DashboardLayout, type LayoutWidget } from '#shared/contract/overview.ts';

import { AppProvider } from '../app/provider.tsx';
import { jsonResponse, mockFetch } from '../testing/fetch-mock.ts';
import { useDashboardLayout } from './dashboard-layout.ts';
import { queryClient } from './query-client.ts';

const PATH = '/api/overview/layouts/ecommerce';

const answer = (widgets: LayoutWidget[] | null) =>
  jsonResponse({
    dashboard: 'ecommerce',
    widgets: completeLayout('ecommerce', widgets ?? []),
    saved: widgets !== null,
    updatedAt: widgets ? '2026-04-01T10:00:00.000Z' : null,
  } satisfies DashboardLayout);

/** A PUT the test answers when it likes: `respond(status)` lets it through. */
function heldPuts() {
  const waiting: { body: LayoutWidget[]; respond: (status: number) => void }[] = [];
  const route = {
    method: 'PUT',
    path: PATH,
    respond: ({ body }: { body: unknown }) =>
      new Promise<Response>((resolve) => {
        const { widgets } = body as { widgets: LayoutWidget[] };
        waiting.push({
          body: widgets,
          respond: (status) =>
            resolve(status === 200 ? answer(widgets) : jsonResponse({ message: 'Try again later.' }, status)),
        });
      }),
  };
  return { route, waiting };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppProvider queryClient={queryClient}>{children}</AppProvider>
);

const ids = (layout: readonly LayoutWidget[]) => layout.map((widget) => widget.id);
const saved: LayoutWidget[] = [{ id: 'best-customers', hidden: false }];
const defaultIds = ids(completeLayout('ecommerce'));

describe('useDashboardLayout', () => {
  it('is the default layout while loading, then the saved one completed', async () => {
    mockFetch([{ path: PATH, respond: () => answer(saved) }]);
    const { result } = renderHook(() => useDashboardLayout('ecommerce'), { wrapper });

    expect(result.current.loading).toBe(true);
    expect(ids(result.current.layout)).toEqual(defaultIds);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.saved).toBe(true);
    expect(ids(result.current.layout)).toEqual([
      'best-customers',
      ...defaultIds.filter((id) => id !== 'best-customers'),
    ]);
  });

  it('shows a change at once and puts the last layout back, with a toast, when the save fails', async () => {
    const puts = heldPuts();
    mockFetch([{ path: PATH, respond: () => answer(saved) }, puts.route]);
    const { result } = renderHook(() => useDashboardLayout('ecommerce'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    const before = result.current.layout;

    act(() => result.current.save([{ id: 'welcome', hidden: true }]));
    await waitFor(() => expect(result.current.layout[0]).toEqual({ id: 'welcome', hidden: true }));
    await waitFor(() => expect(puts.waiting).toHaveLength(1));

    act(() => puts.waiting[0]!.respond(503));
    await waitFor(() => expect(result.current.layout).toEqual(before));
    expect(result.current.saved).toBe(true);
    expect(await screen.findByText('Your layout could not be saved.')).toBeTruthy();
  });

  it('sends quick changes one after another and keeps the last one on screen', async () => {
    const puts = heldPuts();
    mockFetch([{ path: PATH, respond: () => answer(null) }, puts.route]);
    const { result } = renderHook(() => useDashboardLayout('ecommerce'), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    const first: LayoutWidget[] = [{ id: 'sales-profit', hidden: false }];
    const second: LayoutWidget[] = [{ id: 'latest-products', hidden: false }];

    act(() => result.current.save(first));
    act(() => result.current.save(second));
    await waitFor(() => expect(result.current.layout[0]?.id).toBe('latest-products'));
    await waitFor(() => expect(puts.waiting).toHaveLength(1));
    // The second waits for the first's answer (an earlier PUT can never land after a later one).
    expect(puts.waiting[0]!.body).toEqual(first);

    act(() => puts.waiting[0]!.respond(200));
    await waitFor(() => expect(puts.waiting).toHaveLength(2));
    // The first's answer is not shown over the second change still on its way.
    expect(result.current.layout[0]?.id).toBe('latest-products');

    act(() => puts.waiting[1]!.respond(200));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(result.current.layout[0]?.id).toBe('latest-products');
    expect(result.current.saved).toBe(true);
  });

  it('reset forgets the saved layout: the default shows at once', async () => {
    const api = mockFetch([
      { path: PATH, respond: () => answer(saved) },
      { method: 'DELETE', path: PATH, respond: () => answer(null) },
    ]);
    const { result } = renderHook(() => useDashboardLayout('ecommerce'), { wrapper });
    await waitFor(() => expect(result.current.saved).toBe(true));

    act(() => result.current.reset());
    await waitFor(() => expect(result.current.saved).toBe(false));
    expect(ids(result.current.layout)).toEqual(defaultIds);
    await waitFor(() => expect(api.calls('DELETE', PATH)).toHaveLength(1));
  });
});
