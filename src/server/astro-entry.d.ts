/**
 * Astro's server build (dist/server/entry.mjs, middleware mode), which scripts/build.ts bundles into
 * dist/server/main.mjs under this name: it exists only after `astro build`, so it is typed here.
 */
declare module 'occ:astro-server-entry' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** Routes a request to its page; calls `next` when no page matches. */
  export const handler: (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;
  /** Each page's component path and its module, imported on first use. */
  export const pageMap: Map<string, () => Promise<unknown>>;
}
