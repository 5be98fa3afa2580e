/**
 * The one way a server process stops, whether a single process gets SIGTERM/SIGINT or a cluster worker is asked
 * by its primary to drain (the same steps, so both behave alike):
 * 1. it stops accepting connections;
 * 2. every answer still to come on an open connection, in flight or on a request arriving later, carries
 *    `Connection: close`, so the client opens its next connection elsewhere;
 * 3. idle keep-alive connections close when their keep-alive timeout ends, as Node closes them anyway;
 * 4. it exits once no connection is left, or after `deadlineMs` (OCC_SHUTDOWN_MS), closing what remains.
 *
 * Idle keep-alive connections are left to their timeout rather than cut at once: a client that honours the
 * advertised timeout stops reusing one before it ends, whereas cutting one races with a request the client is
 * sending on it, which then fails (seen in rolling restarts under load).
 */
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** The IPC message a cluster primary sends a worker to make it stop this way. */
export const DRAIN_MESSAGE = 'occ:drain';

// On globalThis: dist/server.mjs (the worker's entry) and dist/main.mjs (the server) each bundle this module.
const INSTALLED = Symbol.for('occ.shutdown-installed');

/** Whether this process's server has installed its shutdown; before that there is nothing to drain. */
export const shutdownInstalled = (): boolean => (globalThis as Record<symbol, unknown>)[INSTALLED] === true;

/** Starts the shutdown of `server`; resolves when every connection is gone and the server has closed. */
export function shutdown(server: Server, deadlineMs: number, open: ReadonlySet<ServerResponse> = new Set()): Promise<void> {
  return new Promise((resolve) => {
    for (const response of open) closeAfter(response);
    server.on('request', (_request, response: ServerResponse) => closeAfter(response));
    const timer = setTimeout(() => server.closeAllConnections(), deadlineMs);
    timer.unref();
    // net.Server's close, not http.Server's: since Node 19 the latter also cuts idle keep-alive connections.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}

/**
 * Runs `shutdown` and exits on the first SIGTERM or SIGINT, or on the primary's drain message in a cluster
 * worker; a second signal exits at once.
 */
export function exitOnSignals(server: Server, deadlineMs: number): void {
  // The answers not yet sent when the shutdown starts, to mark them Connection: close.
  const open = new Set<ServerResponse>();
  server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void shutdown(server, deadlineMs, open).then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => (stopping ? process.exit(1) : stop()));
  }
  process.on('message', (message: { type?: string }) => {
    if (message.type === DRAIN_MESSAGE) stop();
  });
  (globalThis as Record<symbol, unknown>)[INSTALLED] = true;
}
