import type { Server } from 'node:http';

/**
 * Stops a server gracefully but within a bound: it stops accepting at once, idle keep-alive sockets close,
 * requests in flight get `deadlineMs` to finish, then every remaining connection is closed. Resolves when
 * the server has closed. Exported on its own so a cluster worker can run the same shutdown.
 */
export function shutdown(server: Server, deadlineMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), deadlineMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    // close() keeps sockets with a response in flight open; closing idle ones makes keep-alive clients go now.
    server.closeIdleConnections();
  });
}

/** Runs `shutdown` on the first SIGTERM or SIGINT and exits the process; a second signal exits at once. */
export function exitOnSignals(server: Server, deadlineMs: number): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      void shutdown(server, deadlineMs).then(() => process.exit(0));
    });
  }
}
