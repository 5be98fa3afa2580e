import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildDir, siteOrigin } from '../server/config.js';
import { loadedService } from '../server/engine.js';
import { OccMcp } from './server.js';

/** One server for the life of the process: a stdio client is one session. Links point at OCC_SITE_URL or the local default. */
export async function serveStdio(): Promise<void> {
  const origin = siteOrigin();
  const service = loadedService();
  const server = new OccMcp(service).server({ siteUrl: (path) => new URL(path, origin).href });
  await server.connect(new StdioServerTransport());
  console.error(`[occ] MCP server on stdio, serving ${service.corpus.sources.length} sources from ${buildDir()}`);
}
