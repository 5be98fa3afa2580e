import type { AnyEndpoint } from '../../api/endpoint.js';
import { ENDPOINTS } from '../../api/endpoints/index.js';
import { API_BASE } from '../../api/limits.js';

/**
 * A route that speaks another protocol than the REST API: it has a page under src/pages/api but no endpoint
 * declaration, and the OpenAPI document leaves it out for the stated reason. It gets every other rule of the
 * route table: CORS, OPTIONS, 405 with `Allow`, the body limit, problem+json.
 */
export interface ProtocolRoute {
  path: string;
  methods: string[];
  /** Why the OpenAPI document does not list it; tests/http/openapi.test.ts allows exactly these exceptions. */
  undocumented: string;
  /** Request headers a browser may send besides Content-Type (preflight), and response headers it may read. */
  cors: { allowHeaders: string[]; exposeHeaders: string[] };
}

/** MCP's Streamable HTTP transport (src/mcp/http.ts). */
export const MCP_ROUTE: ProtocolRoute = {
  path: `${API_BASE}/mcp`,
  // Stateless, so POST only: the MCP spec lets a server with no event stream and no sessions answer GET and DELETE 405.
  methods: ['POST'],
  undocumented: 'JSON-RPC under the Model Context Protocol specification (Streamable HTTP transport), documented at /docs/mcp; OpenAPI cannot describe its messages.',
  cors: { allowHeaders: ['mcp-protocol-version', 'mcp-session-id', 'last-event-id'], exposeHeaders: ['mcp-session-id', 'mcp-protocol-version'] },
};

export const PROTOCOL_ROUTES: readonly ProtocolRoute[] = [MCP_ROUTE];

export interface Route {
  /** The path template, e.g. `/api/occ/chunks/{id}`. */
  path: string;
  /** GET also answers HEAD. */
  methods: string[];
  /** The declarations answering it; none for a protocol route. */
  endpoints: AnyEndpoint[];
  segments: string[];
  /** Set for a protocol route. */
  protocol?: ProtocolRoute;
}

/** The route table, derived from the endpoint declarations, plus the protocol routes. */
export const ROUTES: readonly Route[] = (() => {
  const byPath = new Map<string, Route>();
  for (const e of ENDPOINTS) {
    const route = byPath.get(e.path) ?? { path: e.path, methods: [], endpoints: [], segments: e.path.split('/').slice(1) };
    route.methods.push(...(e.method === 'GET' ? ['GET', 'HEAD'] : [e.method]));
    route.endpoints.push(e);
    byPath.set(e.path, route);
  }
  for (const p of PROTOCOL_ROUTES) byPath.set(p.path, { path: p.path, methods: [...p.methods], endpoints: [], segments: p.path.split('/').slice(1), protocol: p });
  return [...byPath.values()];
})();

/**
 * Splits a raw path into decoded segments: `%2F` stays inside its segment (so `/api%2Focc%2Fhealth` is one
 * segment, not the health endpoint) and `%3A` becomes `:`. Undefined for malformed percent-encoding.
 */
export function pathSegments(rawPath: string): string[] | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  try {
    return rawPath.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** The route a decoded path matches (a trailing slash is ignored), with its path parameters. */
export function matchRoute(segments: readonly string[]): { route: Route; params: Record<string, string> } | undefined {
  const parts = segments.length > 1 && segments.at(-1) === '' ? segments.slice(0, -1) : segments;
  for (const route of ROUTES) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = route.segments.every((s, i) => {
      const name = /^\{(\w+)\}$/.exec(s)?.[1];
      if (name !== undefined) {
        params[name] = parts[i] ?? '';
        return (parts[i] ?? '') !== '';
      }
      return s === parts[i];
    });
    if (ok) return { route, params };
  }
  return undefined;
}

/** The endpoint of a route answering `method` (HEAD is answered by GET's). */
export const endpointFor = (route: Route, method: string) => route.endpoints.find((e) => e.method === (method === 'HEAD' ? 'GET' : method));

/** The allowed methods as an `Allow` header value, OPTIONS included. */
export function allowHeader(methods: readonly string[]): string {
  return [...methods, 'OPTIONS'].join(', ');
}

export function isApiPath(segments: readonly string[]): boolean {
  return segments[0] === 'api';
}

/** Astro's file route for a template: `/api/occ/chunks/{id}` → `/api/occ/chunks/[id]`. */
export const astroRoute = (path: string) => path.replace(/\{(\w+)\}/g, '[$1]');

/**
 * Fails the build when a page under src/pages/api has no declaration or a declaration no page: Astro would
 * otherwise serve the one without the other, or answer 404 with no hint.
 */
export function checkPages(pageFiles: readonly string[], endpoints: readonly Pick<AnyEndpoint, 'path'>[] = [...ENDPOINTS, ...PROTOCOL_ROUTES]): void {
  const pages = new Set(pageFiles.map((f) => f.replace(/^.*\/pages/, '').replace(/\.ts$/, '')));
  const declared = new Set(endpoints.map((e) => astroRoute(e.path)));
  const orphans = [...pages].filter((p) => !declared.has(p));
  const missing = [...declared].filter((p) => !pages.has(p));
  if (orphans.length > 0) {
    throw new Error(`API page(s) without a declaration: ${orphans.map((p) => `src/pages${p}.ts`).join(', ')}. Declare each in src/api/endpoints/ and list it in src/api/endpoints/index.ts.`);
  }
  if (missing.length > 0) {
    throw new Error(`Declared endpoint(s) without a page: ${missing.join(', ')}. Add src/pages<path>.ts with \`export const ALL = route(<endpoint>)\` (see ARCHITECTURE.md).`);
  }
}
