import { API_HEADERS } from './respond.js';

/**
 * Preflight answer for a route allowing `allow`; the max-age spares browsers a preflight per request.
 * `allowHeaders`: request headers the route takes besides Content-Type (the MCP transport's, on /api/occ/mcp).
 */
export function preflightHeaders(allow: string, allowHeaders: readonly string[] = []): Record<string, string> {
  return {
    ...API_HEADERS,
    'access-control-allow-methods': allow,
    'access-control-allow-headers': ['content-type', ...allowHeaders].join(', '),
    'access-control-max-age': '86400',
    allow,
  };
}
