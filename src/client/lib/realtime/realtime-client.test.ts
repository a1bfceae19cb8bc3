import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { realtimeCloseCodes } from '#shared/contract/realtime.ts';

import { setAccessToken } from '../api-client.ts';
import { fakeToken, jsonResponse, mockFetch, testUser } from '../../testing/fetch-mock.ts';
import { FakeSocket } from './fake-socket.ts';
import { reconnectDelay, RealtimeClient } from './realtime-client.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RealtimeClient', () => {
  let client: RealtimeClient;
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    client = new RealtimeClient(() => 'ws://localhost/api/realtime');
  });
  afterEach(() => client.stop());

  it('signs in with the token in its first message (never in the address) and dispatches events', async () => {
    const token = fakeToken(900);
    setAccessToken(token);
    const seen: number[] = [];
    client.on('notifications.changed', (event) => seen.push(event.unreadCount));
    client.start();
    await flush();
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost/api/realtime');
    socket.open();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token });
    socket.message({ type: 'ready' });
    expect(client.status).toBe('open');
    socket.message({ type: 'notifications.changed', unreadCount: 3 });
    expect(seen).toEqual([3]);
  });

  it('tells the server the person is active, at most once a minute (presence)', async () => {
    setAccessToken(fakeToken(900));
    client.start();
    await flush();
    const socket = FakeSocket.all[0]!;
    socket.open();
    const activity = () => socket.sent.filter((m) => JSON.parse(m).type === 'active').length;
    window.dispatchEvent(new Event('keydown'));
    expect(activity()).toBe(0); // not signed in on the socket yet
    socket.message({ type: 'ready' });
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(activity()).toBe(1);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(activity()).toBe(2);
    client.stop();
    window.dispatchEvent(new Event('keydown'));
    expect(activity()).toBe(2);
    vi.restoreAllMocks();
  });

  it('reconnects after a drop with backoff and asks the areas to resync', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setAccessToken(fakeToken(900));
    const resync = vi.fn();
    client.onResync(resync);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.message({ type: 'ready' });
    expect(resync).not.toHaveBeenCalled();

    FakeSocket.all[0]!.drop();
    expect(client.status).toBe('closed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    FakeSocket.all[1]!.message({ type: 'ready' });
    expect(resync).toHaveBeenCalledOnce();
    // The server may also say that events were lost.
    FakeSocket.all[1]!.message({ type: 'resync' });
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('does not reconnect when the server ends the session, and lets the 401 path sign the tab out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setAccessToken(fakeToken(900));
    const { calls } = mockFetch([
      { path: '/api/account/my-account', respond: () => jsonResponse({ user: testUser }) },
    ]);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(realtimeCloseCodes.sessionEnded);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(calls('GET', '/api/account/my-account')).toHaveLength(1);
  });

  it('waits 0.5–1 s, then 1–2 s … up to 30 s between tries', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, () => 0)).toBe(15_000);
  });
});
