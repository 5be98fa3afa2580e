/**
 * The MCP endpoint, POST /api/occ/mcp: the Streamable HTTP transport, stateless. Each request gets a fresh
 * server and transport (the SDK's stateless pattern), so no session is kept and any replica can answer any
 * request. Answers are plain JSON rather than an SSE stream: every tool answers at once and sends no
 * notifications. The front server has already applied the route table's rules (CORS preflight, 404/405, body
 * limit); the answer is rendered by the API's one response model, so it carries the same CORS, version and
 * compression headers, and an HTTP error is problem+json.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { absoluteUrl, loadedService } from '../server/engine.js';
import { HttpProblem } from '../api/problem.js';
import { API_HEADERS, askedOf, problemRepresentation, render, toResponse, type Asked, type Outgoing } from '../server/http/respond.js';
import { MCP_ROUTE } from '../server/http/routes.js';
import { OccMcp } from './server.js';

const mcp = new OccMcp(loadedService());

/** The MCP headers join those every API answer exposes to browsers. */
const EXPOSE = [API_HEADERS['access-control-expose-headers'], ...MCP_ROUTE.cors.exposeHeaders].join(', ');
const FORWARDED = ['mcp-session-id', 'mcp-protocol-version'];

export async function mcpEndpoint(request: Request): Promise<Response> {
  // No sessionIdGenerator: the transport runs stateless, handing out no session id and checking none.
  const server = mcp.server({ siteUrl: (path) => absoluteUrl(request, path) });
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    return toResponse(await rendered(askedOf(request), await transport.handleRequest(request)));
  } finally {
    await server.close();
  }
}

async function rendered(asked: Asked, response: Response): Promise<Outgoing> {
  if (response.status >= 400) {
    // The transport refuses a malformed HTTP request (Accept, Content-Type, JSON) with a JSON-RPC error body;
    // the API answers every HTTP error as problem+json, so its message becomes the detail.
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
    const message = typeof body?.error?.message === 'string' ? body.error.message : `The MCP request was refused (HTTP ${response.status}).`;
    return render(asked, problemRepresentation(new HttpProblem(response.status, message)));
  }
  const headers: Record<string, string> = { 'access-control-expose-headers': EXPOSE };
  for (const name of FORWARDED) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const out = render(asked, { status: response.status, type: response.headers.get('content-type') ?? 'application/json', body, cache: 'none', api: true, headers });
  // A notification is acknowledged with 202 and no body, which has no type.
  if (body.length === 0) delete out.headers['content-type'];
  return out;
}
