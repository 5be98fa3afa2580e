/**
 * The API is public and read-only, with no cookies: any origin may read it. Sent on every /api response,
 * errors and static JSON included, so a browser never hides an error from the calling page.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  // Mcp-Session-Id and Mcp-Protocol-Version: the MCP transport's headers, which browser MCP clients read.
  'access-control-expose-headers': 'content-length, etag, x-occ-version, mcp-session-id, mcp-protocol-version',
};

/** Preflight answer for a route allowing `allow`; the max-age spares browsers a preflight per request. */
export function preflightHeaders(allow: string): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'access-control-allow-methods': allow,
    // The headers of the MCP Streamable HTTP transport, sent by browser MCP clients to /api/occ/mcp.
    'access-control-allow-headers': 'content-type, mcp-protocol-version, mcp-session-id, last-event-id',
    'access-control-max-age': '86400',
    allow,
  };
}
