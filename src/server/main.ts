/**
 * OCC's HTTP server: the prerendered site from memory, the API routes through Astro's middleware-mode
 * handler, and, in front of both, the rules that must hold for every URL (CORS, OPTIONS, 404 and 405 as
 * problem+json). Astro alone cannot do that: it answers an unknown method with an empty 404 and never
 * runs middleware for prerendered files (withastro/astro #9397, #15686).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LIMITS } from '../api/types.js';
import { CORS_HEADERS, preflightHeaders } from './http/cors.js';
import { tooLarge } from './http/params.js';
import { HttpProblem, PROBLEM_TYPE } from './http/problem.js';
import { allowHeader, API_ROUTES, isApiPath } from './http/routes.js';
import { StaticFiles } from './static-files.js';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;
interface ServerEntry {
  handler: AstroHandler;
  pageMap: Map<string, () => Promise<unknown>>;
}

const distDir = path.dirname(fileURLToPath(import.meta.url));
process.env['OCC_BUILD_DIR'] ??= path.resolve(distDir, '..', 'build');

const started = performance.now();
const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as ServerEntry;
// Astro imports route modules on first use; importing them all now loads the corpus and index before listening.
await Promise.all([...entry.pageMap].filter(([route]) => route.startsWith('src/pages/')).map(([, load]) => load()));
const site = new StaticFiles(path.join(distDir, 'client'));

/**
 * Reads a request body up to `limit` bytes, or gives up (undefined) as soon as it grows past it: a client
 * streaming a huge chunked body is refused at the limit instead of being buffered whole.
 */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        resolve(undefined);
      } else parts.push(part);
    });
    req.once('end', () => resolve(Buffer.concat(parts)));
    // A client that hangs up mid-upload never sends 'end'; settle so nothing waits on it.
    req.once('close', () => resolve(undefined));
    req.once('error', reject);
  });
}

/**
 * Lets a refused upload finish into the void, so that a client that reads the answer only after sending
 * gets its 413 rather than a reset, but never for more than DISCARD_BYTES or DISCARD_MS.
 */
const DISCARD_BYTES = 4 * 1024 * 1024;
const DISCARD_MS = 5_000;
function discard(req: IncomingMessage): void {
  let size = 0;
  const timer = setTimeout(() => req.destroy(), DISCARD_MS);
  timer.unref();
  req.on('data', (part: Buffer) => {
    size += part.length;
    if (size > DISCARD_BYTES) req.destroy();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

function sendProblem(res: ServerResponse, error: HttpProblem, method: string): void {
  const body = JSON.stringify(error.toJSON());
  res.writeHead(error.status, {
    ...error.headers,
    'content-type': PROBLEM_TYPE,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(method === 'HEAD' ? undefined : body);
}

function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, api: boolean): void {
  const method = req.method ?? 'GET';
  const file = site.lookup(pathname);
  if (file === undefined) {
    if (api) return sendProblem(res, new HttpProblem(404, `No API resource at ${pathname}; see /docs/api for the endpoints.`), method);
    const notFound = site.lookup('/404.html');
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(method === 'HEAD' ? undefined : (notFound?.body ?? 'Not found'));
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const allow = allowHeader(['GET', 'HEAD']);
    return sendProblem(res, new HttpProblem(405, `${method} is not allowed on ${pathname}; use GET.`, undefined, { allow }), method);
  }
  const headers: Record<string, string> = {
    'content-type': file.type,
    etag: file.etag,
    vary: 'accept-encoding',
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  };
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const { body, encoding } = site.encoded(file, String(req.headers['accept-encoding'] ?? ''));
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(method === 'HEAD' ? undefined : body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return sendProblem(res, new HttpProblem(400, 'The request URL is malformed.'), method);
  }
  const api = isApiPath(pathname);
  if (!api) return serveStatic(req, res, pathname, false);

  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const methods = API_ROUTES[route];
  if (methods === undefined) {
    return sendProblem(res, new HttpProblem(404, `No API endpoint at ${pathname}; see /docs/api for the endpoints.`), method);
  }
  const allow = allowHeader(methods);
  if (method === 'OPTIONS') {
    res.writeHead(204, preflightHeaders(allow));
    return void res.end();
  }
  if (!methods.includes(method)) {
    const detail = `${method} is not allowed on ${route}; allowed: ${allow}.`;
    return sendProblem(res, new HttpProblem(405, detail, undefined, { allow }), method);
  }
  if (site.lookup(route)) return serveStatic(req, res, route, true);
  if (method === 'POST') {
    const body = await readBounded(req, LIMITS.bodyMaxBytes);
    if (body === undefined) {
      discard(req);
      return sendProblem(res, tooLarge(), method);
    }
    // Astro reads a body already taken from the stream from `req.body` (any async iterable).
    Object.assign(req, { body: { async *[Symbol.asyncIterator]() { yield body; } } });
  }
  await entry.handler(req, res, () => sendProblem(res, new HttpProblem(404, `No API endpoint at ${pathname}.`), method));
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error('[occ] request failed:', error);
    if (!res.headersSent) sendProblem(res, new HttpProblem(500, 'The server failed to answer this request; it has been logged.'), req.method ?? 'GET');
    else res.destroy();
  });
});
// A client that stalls mid-request must not hold a socket for the default five minutes.
server.requestTimeout = 15_000;
server.headersTimeout = 10_000;

const host = process.env['HOST'] ?? '127.0.0.1';
const port = Number(process.env['PORT'] ?? 4321);
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`OCC listening on http://${host}:${actual} (ready in ${Math.round(performance.now() - started)} ms)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
