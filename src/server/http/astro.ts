/**
 * Runs a declared endpoint for a request: the adapter every page under src/pages/api uses, and what the build
 * calls to make the documented examples. Input is validated from the declaration, a cacheable GET is answered
 * 304 from its ETag before any work, and every outcome is rendered by the one response model.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import type { AnyEndpoint } from '../../api/endpoint.js';
import { ENDPOINTS } from '../../api/endpoints/index.js';
import { HttpProblem } from '../../api/problem.js';
import type { Service } from '../../api/service.js';
import { attribution, VERSION } from '../config.js';
import { absoluteUrl, loadedService } from '../engine.js';
import { readInput } from './input.js';
import { logFailure } from './log-failure.js';
import { askedOf, licensed, notModified, problemRepresentation, render, toResponse, type Outgoing } from './respond.js';
import { matchRoute, pathSegments } from './routes.js';

/**
 * The page module's export: `export const ALL = route(endpoint)`. Making a route loads the service, so the
 * server, which imports its API routes before it listens, has the corpus and index ready for the first request.
 */
export const route = (endpoint: AnyEndpoint): APIRoute => {
  const service = loadedService();
  return async ({ request, url }) => toResponse(await answer(service, endpoint, request, url));
};

/**
 * A strong validator for a GET: the index's content hash and the facts' hash plus everything else the body depends on (the
 * version, the attribution, the origin used in absolute URLs, the path and query).
 */
function etagOf(service: Service, request: Request, url: URL): string {
  const key = [service.indexMeta.contentHash, service.facts.hash, VERSION, attribution(), absoluteUrl(request, '/'), url.pathname, url.search].join('\n');
  return `"${createHash('sha1').update(key).digest('base64url').slice(0, 27)}"`;
}

export async function answer(service: Service, endpoint: AnyEndpoint, request: Request, url = new URL(request.url)): Promise<Outgoing> {
  const asked = askedOf(request);
  try {
    const params = matchRoute(pathSegments(url.pathname) ?? [])?.params ?? {};
    const input = await readInput(endpoint, request, url, params);
    const etag = endpoint.cache === 'short' && endpoint.method === 'GET' ? etagOf(service, request, url) : undefined;
    const early = etag && notModified(asked, etag, endpoint.cache);
    if (early) return early;
    const body = await endpoint.handler(input, { service, endpoints: ENDPOINTS, siteUrl: (path: string) => absoluteUrl(request, path) });
    return render(asked, {
      status: 200,
      type: endpoint.produces === undefined ? 'application/json; charset=utf-8' : `${endpoint.produces}; charset=utf-8`,
      body: typeof body === 'string' ? body : JSON.stringify(endpoint.response === undefined ? body : licensed(body)),
      cache: endpoint.cache,
      api: true,
      ...(etag ? { etag } : {}),
    });
  } catch (error) {
    if (error instanceof HttpProblem) return render(asked, problemRepresentation(error));
    logFailure(`${request.method} ${url.pathname}`, error);
    return render(asked, problemRepresentation(new HttpProblem(500, 'The server failed to answer this request; it has been logged.')));
  }
}
