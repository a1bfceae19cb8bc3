import type { Server } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyInstance } from 'fastify';

export interface ConnectionTracker {
  /**
   * Resolves once every connection accepted so far has sent its first request (or closed), or after
   * `timeoutMs`. A connection the server accepted whose request was not read yet counts as idle for Node,
   * which destroys it on close: its client sees a reset although it connected before the signal.
   */
  settle(timeoutMs: number): Promise<void>;
}

/** Keeps the connections that have not sent a request yet. Call before `listen`. */
export function trackConnections(server: Server): ConnectionTracker {
  const fresh = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  const started = (request: { socket: Socket }) => fresh.delete(request.socket);
  server.on('request', started);
  server.on('upgrade', started);
  return {
    async settle(timeoutMs) {
      // Connections the kernel completed before the signal but Node has not accepted yet are accepted on
      // this turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      const waiting = new Set(fresh);
      const deadline = Date.now() + timeoutMs;
      while ([...waiting].some((socket) => fresh.has(socket)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

/**
 * Closes the app so that every request on a connection accepted before the call is answered: first waits
 * (at most `settleMs`) for those connections to send their requests, then `app.close()`, which answers
 * anything newer with 503 (`return503OnClosing`), closes the websockets (the realtime plugin's preClose),
 * closes idle keep-alive connections, and resolves once the requests in flight are answered.
 */
export async function closeGracefully(
  app: FastifyInstance,
  connections: ConnectionTracker,
  settleMs = 2_000,
): Promise<void> {
  await connections.settle(settleMs);
  await app.close();
}
