/**
 * The one HTTP response model: every answer, from the API handlers (a Fetch Response for Astro) and from
 * the front server (static files, problems, preflights on a node ServerResponse), is rendered here, so
 * CORS, the version header, caching, validators, compression and HEAD are written in one place.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { LICENSE, type Licensed } from '../../api/types.js';
import { attribution, VERSION } from '../config.js';
import { HttpProblem, PROBLEM_TYPE } from '../../api/problem.js';

/** Sent on every /api answer, errors, preflights and static JSON included, so a browser never hides one. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'content-length, etag, x-occ-version',
  'x-occ-version': VERSION,
};

/**
 * Sent on every site answer (pages, assets, the HTML 404). The policy is the one in src/layouts/Base.astro's
 * meta tag plus frame-ancestors, which browsers honour only as a header: no origin may frame the site.
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export const CACHE_CONTROL = {
  none: 'no-store',
  // API answers change only when the corpus is rebuilt; a minute keeps shared caches useful and fresh enough.
  short: 'public, max-age=60',
  // Prerendered files: revalidate every time (cheap with the ETag); hashed build assets never change.
  revalidate: 'public, max-age=0, must-revalidate',
  immutable: 'public, max-age=31536000, immutable',
} as const;
export type CachePolicy = keyof typeof CACHE_CONTROL;

/** Bodies smaller than this are sent as they are: compressing them costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|problem\+json|xml|manifest))|svg|\+xml/;

export type Encoding = 'br' | 'gzip';

/** What the client asked, as far as rendering cares. */
export interface Asked {
  method: string;
  header(name: string): string | undefined;
}

export interface Representation {
  status: number;
  type: string;
  body: string | Buffer;
  cache: CachePolicy;
  /** Under /api: CORS and the version header. */
  api: boolean;
  /** Strong validator of the identity representation; encoded ones get a suffix, as RFC 9110 requires. */
  etag?: string;
  headers?: Record<string, string>;
  /** Encodings offered, best first; dynamic JSON offers gzip only, static files br too. */
  offers?: readonly Encoding[];
  /** Returns (and may cache) the body in an encoding. */
  encode?: (encoding: Encoding) => Buffer;
}

export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

const encoders: Record<Encoding, (body: Buffer) => Buffer> = {
  gzip: (body) => gzipSync(body, { level: 5 }),
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
};

/** The encoding to send, honouring q-values (`gzip;q=0` refuses gzip); undefined for identity. */
export function chooseEncoding(acceptEncoding: string | undefined, offers: readonly Encoding[]): Encoding | undefined {
  if (!acceptEncoding || offers.length === 0) return undefined;
  const available = [...offers, 'identity'];
  // negotiator 1.x takes our preference for ties among equal q-values; its @types still describe 0.6.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const encodings = negotiator.encodings as (a: string[], o: { preferred: string[] }) => string[];
  const chosen = encodings.call(negotiator, available, { preferred: available })[0];
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * Whether If-None-Match matches: `*`, or any listed tag by weak comparison (RFC 9110 13.1.2: W/ prefixes are
 * ignored and the opaque tags compared).
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}

export function render(asked: Asked, rep: Representation): Outgoing {
  const headers: Record<string, string> = {
    ...(rep.api ? API_HEADERS : SITE_HEADERS),
    'content-type': rep.type,
    'cache-control': CACHE_CONTROL[rep.cache],
    ...rep.headers,
  };
  const identity = typeof rep.body === 'string' ? Buffer.from(rep.body) : rep.body;
  const compressible = identity.length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(rep.type);
  const offers = compressible ? (rep.offers ?? ['gzip']) : [];
  if (compressible) headers['vary'] = 'accept-encoding';
  const encoding = chooseEncoding(asked.header('accept-encoding'), offers);
  const etag = rep.etag && (encoding ? `${rep.etag.slice(0, -1)}-${encoding}"` : rep.etag);
  if (etag) headers['etag'] = etag;
  const readable = asked.method === 'GET' || asked.method === 'HEAD';
  if (etag && readable && rep.status === 200 && noneMatch(asked.header('if-none-match'), etag)) {
    delete headers['content-type'];
    return { status: 304, headers, body: undefined };
  }
  let body = identity;
  if (encoding) {
    body = rep.encode?.(encoding) ?? encoders[encoding](identity);
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = String(body.length);
  return { status: rep.status, headers, body: asked.method === 'HEAD' ? undefined : body };
}

/** A 304 without computing the body: the validator is known before the handler runs. */
export function notModified(asked: Asked, etag: string, cache: CachePolicy, offers: readonly Encoding[] = ['gzip']): Outgoing | undefined {
  if (asked.method !== 'GET' && asked.method !== 'HEAD') return undefined;
  const header = asked.header('if-none-match');
  if (header === undefined) return undefined;
  const encoding = chooseEncoding(asked.header('accept-encoding'), offers);
  const tag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
  if (!noneMatch(header, tag)) return undefined;
  return { status: 304, headers: { ...API_HEADERS, 'cache-control': CACHE_CONTROL[cache], etag: tag, vary: 'accept-encoding' }, body: undefined };
}

/** Adds the license and attribution every body carries. */
export function licensed<T extends object>(body: T): T & Licensed {
  return { ...body, license: LICENSE, attribution: attribution() };
}

export function problemRepresentation(error: HttpProblem, api = true): Representation {
  return { status: error.status, type: PROBLEM_TYPE, body: JSON.stringify(error.body(attribution())), cache: 'none', api, headers: error.headers };
}

export function toResponse(out: Outgoing): Response {
  return new Response(out.body === undefined ? null : new Uint8Array(out.body), { status: out.status, headers: out.headers });
}

export function send(res: ServerResponse, out: Outgoing): void {
  res.writeHead(out.status, out.headers);
  res.end(out.body);
}

/**
 * The answer as raw HTTP/1.1 bytes that close the connection, for errors Node's parser raises before a
 * ServerResponse exists (the socket is all there is).
 */
export function rawResponse(out: Outgoing): Buffer {
  const headers = { ...out.headers, connection: 'close' };
  const head = [`HTTP/1.1 ${out.status} ${STATUS_CODES[out.status] ?? 'Error'}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), out.body ?? Buffer.alloc(0)]);
}

/** Reads request headers from a Fetch Request. */
export const askedOf = (request: Request): Asked => ({ method: request.method, header: (name) => request.headers.get(name) ?? undefined });
