import { mcpEndpoint } from '../../../mcp/http.js';
import { endpoint } from '../../../server/http/respond.js';

export const prerender = false;

export const POST = endpoint(({ request }) => mcpEndpoint(request));
