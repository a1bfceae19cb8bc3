import { expect } from 'vitest';
import WebSocket from 'ws';

import { REALTIME_PATH, type RealtimeServerMessage } from '#shared/contract/realtime.ts';

/**
 * A signed-in real-time socket on a listening test app (`base` from `app.listen`), collecting what it
 * receives; resolves once the server said `ready`. Close `ws` when done.
 */
export async function signedInSocket(base: string, token: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${REALTIME_PATH}`);
  const received: RealtimeServerMessage[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as RealtimeServerMessage));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => received.some((m) => m.type === 'ready')).toBe(true);
  return { ws, received };
}
