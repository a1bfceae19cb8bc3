/**
 * Graceful shutdown (issue 24 C): every request on a connection accepted before the shutdown began is
 * answered, both those already being handled and those whose bytes the server had not read yet (before,
 * 9 of 20 were reset).
 */
import net from 'node:net';

import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDb } from '../testing/test-db.ts';
import { closeGracefully, trackConnections } from './graceful-close.ts';

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

/** A raw HTTP/1.1 client: resolves to what the server wrote, or to `reset` when the connection was reset. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const answer = new Promise<string>((resolve) => {
    socket.on('error', () => resolve('reset'));
    socket.on('close', () => resolve(received || 'reset'));
  });
  return {
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send: (path: string) =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    answer,
  };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('graceful shutdown', () => {
  it('answers all 20 requests accepted before the shutdown, in flight or not read yet', async () => {
    database = await createTestDb();
    const app: FastifyInstance = await buildApp({
      database,
      logger: false,
      mailer: { send: async () => {} },
    });
    // A slow route: its requests wait until the test lets them go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let handling = 0;
    app.get('/api/test-slow', async () => {
      handling++;
      await gate;
      return { answered: true };
    });
    let accepted = 0;
    app.server.on('connection', () => accepted++);
    const connections = trackConnections(app.server);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    // 10 requests being handled when the shutdown begins.
    const inFlight = Array.from({ length: 10 }, () => rawClient(port));
    await Promise.all(inFlight.map((client) => client.connected));
    for (const client of inFlight) client.send('/api/test-slow');
    await until(() => handling === 10);
    // 10 connections the server accepted, whose requests it has not read yet.
    const waiting = Array.from({ length: 10 }, () => rawClient(port));
    await Promise.all(waiting.map((client) => client.connected));
    await until(() => accepted === 20);

    const closed = closeGracefully(app, connections);
    // The requests arrive after the shutdown began (as bytes still on the way would).
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const client of waiting) client.send('/api/test-slow');
    let ended = 0;
    for (const client of waiting) void client.answer.then(() => ended++);
    // Each waiting request is being handled, or its connection ended without it (reset before the fix).
    await until(() => handling + ended >= 20);
    release();

    const answers = await Promise.all([...inFlight, ...waiting].map((client) => client.answer));
    expect(answers.map((answer) => answer.split('\r\n')[0])).toEqual(
      Array.from({ length: 20 }, () => 'HTTP/1.1 200 OK'),
    );
    for (const answer of answers) expect(answer).toContain('{"answered":true}');
    await closed;

    // Once closed, nobody is let in.
    const late = net.connect(port, '127.0.0.1');
    const refused = await new Promise<string>((resolve) => {
      late.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      late.on('connect', () => resolve('connected'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
