import { gzipSync } from 'node:zlib';
import { LICENSE, type Licensed } from '../../api/types.js';
import { attribution } from '../config.js';
import { HttpProblem, PROBLEM_TYPE } from './problem.js';

/** Bodies smaller than this are sent as they are: compressing them costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024;

export type CachePolicy = 'none' | 'short';
const CACHE_CONTROL: Record<CachePolicy, string> = {
  none: 'no-store',
  // Answers change only when the corpus is rebuilt; a minute keeps shared caches useful and fresh enough.
  short: 'public, max-age=60',
};

/** Adds the license and attribution every body carries. */
export function licensed<T extends object>(body: T): T & Licensed {
  return { ...body, license: LICENSE, attribution: attribution() };
}

export function json(request: Request, body: object, status = 200, cache: CachePolicy = 'short', type = 'application/json; charset=utf-8', extra: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': CACHE_CONTROL[cache], vary: 'accept-encoding', ...extra };
  const head = request.method === 'HEAD';
  if (text.length >= COMPRESS_FROM_BYTES && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    const zipped = gzipSync(text, { level: 5 });
    return new Response(head ? null : zipped, { status, headers: { ...headers, 'content-encoding': 'gzip' } });
  }
  return new Response(head ? null : text, { status, headers });
}

export function problem(request: Request, error: HttpProblem): Response {
  return json(request, error.toJSON(), error.status, 'none', PROBLEM_TYPE, error.headers);
}

type Handler = (context: { request: Request; url: URL }) => Response | Promise<Response>;

/** Wraps an endpoint so that every failure becomes problem+json: a client error as thrown, anything else a 500. */
export function endpoint(handler: Handler): Handler {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (error instanceof HttpProblem) return problem(context.request, error);
      console.error(`[occ] ${context.request.method} ${context.url.pathname} failed:`, error);
      return problem(context.request, new HttpProblem(500, 'The server failed to answer this request; it has been logged.'));
    }
  };
}
