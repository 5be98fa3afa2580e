import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { attribution, siteOrigin } from '../server/config.js';
import { OccMcp } from './server.js';
import { state } from './state.js';
import { tools } from './tools.js';

/** One server for the life of the process: a stdio client is one session. Links point at OCC_SITE_URL or the local default. */
export async function serveStdio(): Promise<void> {
  const origin = siteOrigin();
  const server = new OccMcp(tools(state)).server({ absolute: (path) => new URL(path, origin).href, attribution: attribution() });
  await server.connect(new StdioServerTransport());
  console.error(`[occ] MCP server on stdio, serving ${state.corpus.sources.length} sources from ${process.env['OCC_BUILD_DIR']}`);
}
