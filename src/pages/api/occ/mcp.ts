import type { APIRoute } from 'astro';
import { mcpEndpoint } from '../../../mcp/http.js';

export const prerender = false;

/** A protocol route (src/server/http/routes.ts), not a declared endpoint: MCP's JSON-RPC over Streamable HTTP. */
export const POST: APIRoute = ({ request }) => mcpEndpoint(request);
