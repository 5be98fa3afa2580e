/**
 * The worker side of the cluster: it learns from the primary how many workers serve (for /health), and drains
 * when asked: it stops accepting, answers every request still to come on an open connection with
 * `Connection: close`, and exits once its connections are gone, or after DRAIN_MS at the latest.
 *
 * Idle keep-alive connections are left to expire on their keep-alive timeout rather than cut: a client that
 * honours the advertised timeout has already stopped reusing them by then, whereas cutting one races with a
 * request the client is sending on it, which then fails.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import { Server } from 'node:net';

export const WORKERS_MESSAGE = 'occ:workers';
export const DRAIN_MESSAGE = 'occ:drain';
const DRAIN_MS = 10_000;

interface RequestStart {
  response: ServerResponse;
  server: Server & { closeAllConnections(): void };
}

export function installDrain(): void {
  const servers = new Set<RequestStart['server']>();
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };

  // The server is created by main.ts; requests reveal it without main.ts having to hand it over.
  subscribe('http.server.request.start', (message) => {
    const { response, server } = message as RequestStart;
    servers.add(server);
    if (draining) return closeAfter(response);
    open.add(response);
    response.once('close', () => open.delete(response));
  });

  process.on('message', (message: { type?: string; serving?: number }) => {
    if (message.type === WORKERS_MESSAGE) process.env['OCC_WORKERS_SERVING'] = String(message.serving);
    if (message.type !== DRAIN_MESSAGE || draining) return;
    draining = true;
    open.forEach(closeAfter);
    setTimeout(() => {
      for (const server of servers) server.closeAllConnections();
      process.exit(0);
    }, DRAIN_MS).unref();
    // No request yet means no connection worth keeping: main.ts's own SIGTERM handler closes and exits.
    if (servers.size === 0) return void process.kill(process.pid, 'SIGTERM');
    let left = servers.size;
    // net.Server's close, not http.Server's: the latter also cuts idle keep-alive connections (see above).
    for (const server of servers) Server.prototype.close.call(server, () => --left === 0 && process.exit(0));
  });
}
