/**
 * The MCP endpoint, POST /api/occ/mcp: the Streamable HTTP transport, stateless. Each request gets a fresh
 * server and transport (the SDK's stateless pattern), so no session is kept and any replica can answer any
 * request. Answers are plain JSON rather than an SSE stream: every tool answers at once and sends no
 * notifications. The front server has already applied the API's rules (CORS, OPTIONS, 404/405, body limit).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { attribution } from '../server/config.js';
import { absoluteUrl } from '../server/engine.js';
import { HttpProblem } from '../server/http/problem.js';
import { problem } from '../server/http/respond.js';
import { OccMcp } from './server.js';
import { state } from './state.js';
import { tools } from './tools.js';

const mcp = new OccMcp(tools(state));

export async function mcpEndpoint(request: Request): Promise<Response> {
  // No sessionIdGenerator: the transport runs stateless, handing out no session id and checking none.
  const server = mcp.server({ absolute: (path) => absoluteUrl(request, path), attribution: attribution() });
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request);
    return response.status >= 400 ? await asProblem(request, response) : response;
  } finally {
    await server.close();
  }
}

/**
 * The transport refuses a malformed HTTP request (Accept, Content-Type, JSON) with a JSON-RPC error body;
 * the API answers every HTTP error as problem+json, so its message becomes the detail.
 */
async function asProblem(request: Request, response: Response): Promise<Response> {
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `The MCP request was refused (HTTP ${response.status}).`;
  return problem(request, new HttpProblem(response.status, message));
}
