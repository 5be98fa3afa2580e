import { API_BASE } from '../../api/types.js';

/**
 * Routes that speak another protocol than the REST API, specified elsewhere and so absent from the OpenAPI
 * document: the MCP endpoint (JSON-RPC, Streamable HTTP transport), documented at /docs/mcp. Stateless, so
 * POST only: the spec lets a server without a GET event stream or sessions to end answer GET and DELETE 405.
 */
export const PROTOCOL_ROUTES: Readonly<Record<string, readonly string[]>> = {
  [`${API_BASE}/mcp`]: ['POST'],
};

/** Every URL of the API with the methods it answers; the server answers 404/405 for anything else. */
export const API_ROUTES: Readonly<Record<string, readonly string[]>> = {
  ...PROTOCOL_ROUTES,
  [`${API_BASE}/health`]: ['GET', 'HEAD'],
  [`${API_BASE}/search`]: ['GET', 'HEAD'],
  [`${API_BASE}/rag`]: ['POST'],
  [`${API_BASE}/glossary`]: ['GET', 'HEAD'],
  [`${API_BASE}/sources`]: ['GET', 'HEAD'],
  [`${API_BASE}/wisdom`]: ['GET', 'HEAD'],
  [`${API_BASE}/openapi.json`]: ['GET', 'HEAD'],
  '/api/glossary.json': ['GET', 'HEAD'],
};

/** The allowed methods as an `Allow` header value, OPTIONS included. */
export function allowHeader(methods: readonly string[]): string {
  return [...methods, 'OPTIONS'].join(', ');
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
