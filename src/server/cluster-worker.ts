/**
 * The worker side of the cluster, besides serving: it learns from the primary how many workers serve (for
 * /health). Asked to drain (DRAIN_MESSAGE), a worker stops the way a single process stops on SIGTERM, by the
 * one mechanism of ./shutdown.ts that main.ts installs; a worker asked while still loading has nothing to
 * drain and exits at once.
 */
import { DRAIN_MESSAGE, shutdownInstalled } from './shutdown.js';

export const WORKERS_MESSAGE = 'occ:workers';

export function followPrimary(): void {
  process.on('message', (message: { type?: string; serving?: number }) => {
    if (message.type === WORKERS_MESSAGE) process.env['OCC_WORKERS_SERVING'] = String(message.serving);
    if (message.type === DRAIN_MESSAGE && !shutdownInstalled()) process.exit(0);
  });
}
