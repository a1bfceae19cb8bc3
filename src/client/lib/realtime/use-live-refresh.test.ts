import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setAccessToken } from '../api-client.ts';
import { fakeToken } from '../../testing/fetch-mock.ts';
import { FakeSocket } from './fake-socket.ts';
import { realtime } from './realtime-client.ts';
import { useLiveRefresh } from './use-live-refresh.ts';

/** The tab's real connection, on a socket the test plays the server of. */
const server = () => FakeSocket.all.at(-1)!;
const push = (event: object) => act(() => server().message(event));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const order = { type: 'orders.changed', orderId: 'o1', status: 'pending' };
const invoice = { type: 'invoices.changed', invoiceId: 'i1' };

/** Mounts the hook and waits until it listens (the client's code loads on demand). */
async function mount(refresh: () => void, options?: { delayMs?: number }) {
  const hook = renderHook(
    ({ callback }) => useLiveRefresh(['orders.changed', 'invoices.changed'], callback, options),
    { initialProps: { callback: refresh } },
  );
  await act(() => vi.dynamicImportSettled());
  return hook;
}

describe('useLiveRefresh', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    setAccessToken(fakeToken(900));
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    server().open();
    server().message({ type: 'ready' });
  });
  afterEach(() => realtime.stop());

  it('refreshes once, 1.5 s after the last of a burst of its events, with the latest callback', async () => {
    const first = vi.fn();
    const { rerender } = await mount(first);
    for (const event of [order, invoice, order, order, invoice]) {
      push(event);
      await wait(500);
    }
    push({ type: 'posts.changed', postId: 'p1' }); // not one of its events
    expect(first).not.toHaveBeenCalled();
    const latest = vi.fn();
    rerender({ callback: latest });
    await wait(999);
    expect(latest).not.toHaveBeenCalled();
    await wait(1);
    expect(latest).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
    await wait(10_000);
    expect(latest).toHaveBeenCalledOnce();
  });

  it('still refreshes every 10 s when the events never pause', async () => {
    const refresh = vi.fn();
    await mount(refresh);
    for (let second = 0; second < 12; second++) {
      push(order);
      await wait(1_000);
    }
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('refreshes after a reconnect’s resync (events may have been missed)', async () => {
    const refresh = vi.fn();
    await mount(refresh, { delayMs: 200 });
    act(() => server().drop());
    await wait(1_000); // the first reconnect waits at most 1 s
    expect(FakeSocket.all).toHaveLength(2);
    act(() => {
      server().open();
      server().message({ type: 'ready' });
    });
    expect(refresh).not.toHaveBeenCalled();
    await wait(200);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('waits for a hidden tab to be shown again', async () => {
    const refresh = vi.fn();
    await mount(refresh);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    push(order);
    await wait(5_000);
    expect(refresh).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await wait(1_500);
    expect(refresh).toHaveBeenCalledOnce();
    visibility.mockRestore();
  });

  it('drops a pending refresh on unmount and listens no more', async () => {
    const refresh = vi.fn();
    const { unmount } = await mount(refresh);
    push(order);
    await wait(1_000);
    unmount();
    await wait(5_000);
    push(invoice);
    await wait(5_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
