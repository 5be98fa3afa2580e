/**
 * Runs a declared endpoint for a request: the adapter every page under src/pages/api uses, and what the build
 * calls to make the documented examples. Input is validated from the declaration, a cacheable GET is answered
 * 304 from its ETag before any work, and every outcome is rendered by the one response model.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import type { AnyEndpoint } from '../../api/endpoint.js';
import { attribution, VERSION } from '../config.js';
import { absoluteUrl, service } from '../engine.js';
import { readInput } from './input.js';
import { HttpProblem, logFailure } from './problem.js';
import { askedOf, licensed, notModified, problemRepresentation, render, toResponse, type Outgoing } from './respond.js';
import { matchRoute, pathSegments } from './routes.js';

/** The page module's export: `export const ALL = route(endpoint)`. */
export const route = (endpoint: AnyEndpoint): APIRoute => async ({ request, url }) => toResponse(await answer(endpoint, request, url));

/**
 * A strong validator for a GET: the index's content hash plus everything else the body depends on (the
 * version, the attribution, the origin used in absolute URLs, the path and query).
 */
function etagOf(request: Request, url: URL): string {
  const key = [service.indexMeta.contentHash, VERSION, attribution(), absoluteUrl(request, '/'), url.pathname, url.search].join('\n');
  return `"${createHash('sha1').update(key).digest('base64url').slice(0, 27)}"`;
}

export async function answer(endpoint: AnyEndpoint, request: Request, url = new URL(request.url)): Promise<Outgoing> {
  const asked = askedOf(request);
  try {
    const params = matchRoute(pathSegments(url.pathname) ?? [])?.params ?? {};
    const input = await readInput(endpoint, request, url, params);
    const etag = endpoint.cache === 'short' && endpoint.method === 'GET' ? etagOf(request, url) : undefined;
    const early = etag && notModified(asked, etag, endpoint.cache);
    if (early) return early;
    const body = await endpoint.handler(input, { service, siteUrl: (path: string) => absoluteUrl(request, path) });
    return render(asked, {
      status: 200,
      type: 'application/json; charset=utf-8',
      body: JSON.stringify(endpoint.response === undefined ? body : licensed(body)),
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
