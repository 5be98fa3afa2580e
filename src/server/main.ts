/**
 * OCC's HTTP server: the prerendered site from memory, the API routes through Astro's middleware-mode
 * handler, and, in front of both, the rules that must hold for every URL (CORS, OPTIONS, 404 and 405 as
 * problem+json). Astro alone cannot do that: it answers an unknown method with an empty 404 and never
 * runs middleware for prerendered files (withastro/astro #9397, #15686).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
// The Astro server build, bundled into this file by scripts/build.ts (see astro-entry.d.ts).
import * as entry from 'occ:astro-server-entry';
import { bodyLimit } from '../api/endpoint.js';
import { TOOL_ENDPOINTS } from '../api/endpoints/index.js';
import { listenHost, listenPort, shutdownDeadlineMs } from './config.js';
import { expensiveWork, isExpensive } from './http/admission.js';
import { preflightHeaders } from './http/cors.js';
import { tooLarge } from './http/input.js';
import { answerClientError } from './http/parser-errors.js';
import { unsupportedRequest } from './http/unsupported.js';
import { HttpProblem } from '../api/problem.js';
import { logFailure } from './http/log-failure.js';
import { problemRepresentation, render, send, type Asked } from './http/respond.js';
import { allowHeader, endpointFor, isApiPath, matchRoute, pathSegments, PROTOCOL_ROUTES } from './http/routes.js';
import { exitOnSignals } from './shutdown.js';
import { StaticFiles } from './static-files.js';

/** This bundle is dist/server/main.mjs: the site is in dist/client, the data build beside dist. */
const serverDir = path.dirname(fileURLToPath(import.meta.url));
process.env['OCC_BUILD_DIR'] ??= path.resolve(serverDir, '..', '..', 'build');

// Astro imports a route module on first use. The API routes are imported now, so the corpus and index load
// before listening and a bad artifact stops the start. The protocol routes (MCP: its SDK and JSON Schema
// validator, some 80 ms of the start) come after listening; the prerendered pages are files, never imported.
const apiPages = [...entry.pageMap].filter(([route]) => route.startsWith('src/pages/api/'));
const afterListen = new Set(PROTOCOL_ROUTES.map((route) => `src/pages${route.path}.ts`));
await Promise.all(apiPages.filter(([route]) => !afterListen.has(route)).map(([, load]) => load()));
const site = new StaticFiles(path.resolve(serverDir, '..', 'client'));

/** A client that hung up is not a failure of ours: nothing to answer, nothing to log. */
const clientGone = (req: IncomingMessage): boolean => req.socket.destroyed || (req.destroyed && !req.complete);

/**
 * Reads a request body up to `limit` bytes, or gives up (undefined) as soon as it grows past it: a client
 * streaming a huge chunked body is refused at the limit instead of being buffered whole.
 */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve(undefined);
  return new Promise((resolve) => {
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
    // An upload cut short ('aborted') is the client leaving; the caller sees it from clientGone.
    req.once('error', () => resolve(undefined));
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

const askedOf = (req: IncomingMessage): Asked => ({
  method: req.method ?? 'GET',
  header: (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  },
});

function sendProblem(req: IncomingMessage, res: ServerResponse, error: HttpProblem, api = true): void {
  send(res, render(askedOf(req), problemRepresentation(error, api)));
}

function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, api: boolean): void {
  const method = req.method ?? 'GET';
  const file = site.lookup(pathname);
  if (file === undefined) {
    if (api) return sendProblem(req, res, new HttpProblem(404, `No API resource at ${pathname}; see /docs/api for the endpoints.`));
    const notFound = site.lookup('/404.html');
    return send(res, render(askedOf(req), { status: 404, type: 'text/html; charset=utf-8', body: notFound?.body ?? 'Not found', cache: 'none', api }));
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const allow = allowHeader(['GET', 'HEAD']);
    return sendProblem(req, res, new HttpProblem(405, `${method} is not allowed on ${pathname}; use GET.`, undefined, { allow }), api);
  }
  send(res, render(askedOf(req), {
    status: 200,
    type: file.type,
    body: file.body,
    cache: file.immutable ? 'immutable' : 'revalidate',
    api,
    etag: file.etag,
    offers: ['br', 'gzip'],
    encode: (encoding) => site.encoded(file, encoding),
  }));
}

/** When the routes left out of the start are imported, once the first requests have been answered. */
const WARM_AFTER_MS = 500;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const unsupported = unsupportedRequest(method, req.httpVersionMajor, req.httpVersionMinor);
  if (unsupported) return sendProblem(req, res, unsupported, (req.url ?? '').startsWith('/api'));
  // RFC 9112 3.2: an HTTP/1.1 request must carry exactly one Host header; Node joins or drops the extras, and its
  // own refusal of a missing one (requireHostHeader) is a bare 400, so both are answered here.
  const hosts = req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'host').length;
  if (hosts > 1 || (hosts === 0 && req.httpVersionMinor >= 1)) {
    const detail = hosts > 1 ? 'The request has more than one Host header; send exactly one.' : 'The request has no Host header; HTTP/1.1 requires one.';
    return sendProblem(req, res, new HttpProblem(400, detail), (req.url ?? '').startsWith('/api'));
  }
  // The URL parser resolves dot segments and keeps percent-encoding, so `%2F` stays inside its segment.
  const target = URL.canParse(req.url ?? '/', 'http://localhost') ? new URL(req.url ?? '/', 'http://localhost') : undefined;
  // An absolute-form target (RFC 9112 3.2.2) names the path like any other; Astro routes origin-form only.
  if (target && !(req.url ?? '/').startsWith('/')) req.url = `${target.pathname}${target.search}`;
  const segments = pathSegments(target?.pathname ?? '');
  if (segments === undefined) return sendProblem(req, res, new HttpProblem(400, 'The request URL is malformed.'), false);
  const pathname = `/${segments.join('/')}`;
  if (!isApiPath(segments)) return serveStatic(req, res, pathname, false);

  const match = matchRoute(segments);
  if (match === undefined) {
    return sendProblem(req, res, new HttpProblem(404, `No API endpoint at ${pathname}; see /docs/api for the endpoints.`));
  }
  const { route } = match;
  const allow = allowHeader(route.methods);
  if (method === 'OPTIONS') return send(res, { status: 204, headers: preflightHeaders(allow, route.protocol?.cors.allowHeaders), body: undefined });
  if (!route.methods.includes(method)) {
    return sendProblem(req, res, new HttpProblem(405, `${method} is not allowed on ${route.path}; allowed: ${allow}.`, undefined, { allow }));
  }
  const endpoint = endpointFor(route, method);
  if (endpoint?.prerendered) return serveStatic(req, res, route.path, true);
  // The body is read before an expensive request takes its turn: a client uploading slowly must not hold one.
  if (method === 'POST') {
    // A tool call over MCP carries any tool's input: the MCP route takes the largest body a tool takes.
    const limit = bodyLimit(route.protocol === undefined ? route.endpoints : TOOL_ENDPOINTS);
    const body = await readBounded(req, limit);
    if (body === undefined) {
      if (clientGone(req)) return;
      discard(req);
      return sendProblem(req, res, tooLarge(limit));
    }
    // Astro reads a body already taken from the stream from `req.body` (any async iterable). Node 20's fetch
    // Request never ends when the iterable yields a zero-length buffer, so an empty body yields nothing.
    Object.assign(req, { body: { async *[Symbol.asyncIterator]() { if (body.length > 0) yield body; } } });
  }
  if (endpoint !== undefined && isExpensive(endpoint, (name) => target?.searchParams.get(name))) {
    const busy = await expensiveWork().enter(res);
    if (busy) return sendProblem(req, res, busy);
  }
  await entry.handler(req, res, () => sendProblem(req, res, new HttpProblem(404, `No API endpoint at ${pathname}.`)));
}

async function handleLogged(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await handle(req, res);
  } catch (error) {
    if (clientGone(req)) return void res.destroy();
    logFailure(`${req.method} ${req.url}`, error);
    if (!res.headersSent) sendProblem(req, res, new HttpProblem(500, 'The server failed to answer this request; it has been logged.'), (req.url ?? '').startsWith('/api'));
    else res.destroy();
  }
}

// Node hands over every pipelined request of a connection at once; answering them one after another keeps
// one connection from queueing unbounded work (and Astro's per-request socket listener from piling up).
const inTurn = new WeakMap<Socket, Promise<void>>();
const server = createServer({ connectionsCheckingInterval: 1_000, requireHostHeader: false }, (req, res) => {
  const turn = (inTurn.get(req.socket) ?? Promise.resolve())
    .then(() => handleLogged(req, res))
    .then(() => finished(res).catch(() => undefined));
  inTurn.set(req.socket, turn);
});
server.on('clientError', answerClientError);
// An Expect other than 100-continue: Node's own 417 would be bare, without problem+json or CORS.
server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
  const expect = req.headers.expect ?? '';
  const problem = new HttpProblem(417, `The expectation "${expect}" cannot be met; the only one this server meets is "100-continue".`);
  sendProblem(req, res, problem, (req.url ?? '').startsWith('/api'));
});
// A client that stalls mid-request must not hold a socket for the default five minutes. Node checks these
// timeouts only every connectionsCheckingInterval (30 s by default), so check every second.
server.requestTimeout = 15_000;
server.headersTimeout = 10_000;
server.keepAliveTimeout = 5_000;

const host = listenHost();
const port = listenPort();
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  // Absolute URLs in answers use this origin unless OCC_SITE_URL (or a trusted proxy) says otherwise.
  process.env['OCC_LISTEN_ORIGIN'] = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
  console.log(`OCC listening on http://${host}:${actual} (ready ${Math.round(performance.now())} ms after the process started)`);
  // Not on the first requests' path: a protocol route or file asked for sooner loads on demand.
  setTimeout(() => {
    for (const [route, load] of apiPages) if (afterListen.has(route)) load().catch((error: unknown) => logFailure(`loading ${route}`, error));
    void site.readAll();
  }, WARM_AFTER_MS).unref();
});

exitOnSignals(server, shutdownDeadlineMs());
