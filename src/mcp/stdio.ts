/**
 * `npm run mcp`: the MCP server over stdio, for desktop clients that launch a command. Bundled by the build
 * into dist/mcp.mjs, it serves the local build (build/ beside dist/, or OCC_BUILD_DIR). stdout carries the
 * protocol alone; anything else goes to stderr.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env['OCC_BUILD_DIR'] ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');

try {
  // Imported only now: loading the state reads OCC_BUILD_DIR.
  const { serveStdio } = await import('./stdio-server.js');
  await serveStdio();
} catch (error) {
  // A bad setting (OCC_SITE_URL, OCC_STALE_MONTHS) or a missing build: one line naming it, not a stack trace.
  console.error(`[occ] ${(error as Error).message}`);
  process.exit(1);
}
