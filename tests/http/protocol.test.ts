/**
 * The response model every API answer shares: HEAD on every GET route, content negotiation with q-values,
 * strong ETags answered by If-None-Match, and the version header exposed to browsers.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/endpoints/index.js';
import { declaredCalls } from '../support/examples.js';
import { OpenApiCheck } from '../support/openapi.js';

const base = inject('baseUrl');
let check: OpenApiCheck;
let getPaths: string[];

beforeAll(async () => {
  check = await OpenApiCheck.load(base);
  const sources = (await (await fetch(`${base}/api/occ/sources`)).json()) as { sources: { id: string }[] };
  const chunk = (await (await fetch(`${base}/api/occ/search?q=risk&top=1`)).json()) as { results: { id: string }[] };
  const glossary = (await (await fetch(`${base}/api/occ/glossary`)).json()) as { entries: { id: string }[] };
  const wisdom = (await (await fetch(`${base}/api/occ/wisdom`)).json()) as { entries: { id: string }[] };
  const ids: Record<string, string | undefined> = {
    chunk: chunk.results[0]?.id, source: sources.sources[0]?.id, glossaryEntry: glossary.entries[0]?.id, wisdomEntry: wisdom.entries[0]?.id,
  };
  // Each GET endpoint at a call it answers 200: its first declared 200 example for this build, else its bare path with
  // the ids above. One whose declared calls find nothing to answer here (the law's provisions without versioned
  // texts) is covered on a corpus that has them (versions.test.ts).
  const declared = declaredCalls();
  getPaths = ENDPOINTS.filter((e) => e.method === 'GET').flatMap((e) => {
    const ok = declared.find((c) => c.route === e.path && c.status === 200);
    if (ok) return [`${ok.path}${ok.query ? `?${ok.query}` : ''}`];
    if (declared.some((c) => c.route === e.path)) return [];
    return [e.path.replace('{id}', ids[e.id] ?? '')];
  });
});

describe('HEAD', () => {
  it('answers on every GET route with the GET headers and no body', async () => {
    for (const path of getPaths) {
      const get = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const head = await fetch(`${base}${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      expect(head.status, path).toBe(200);
      expect(await head.text(), path).toBe('');
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('x-occ-version'), path).toMatch(/^\d+\.\d+\.\d+/);
      if (!path.endsWith('/health')) expect(head.headers.get('content-length'), path).toBe(String((await get.arrayBuffer()).byteLength));
    }
  });
});

describe('content negotiation', () => {
  const encodingFor = async (path: string, acceptEncoding: string) =>
    (await fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } })).headers.get('content-encoding');

  it.each([
    ['gzip', 'gzip'],
    ['gzip;q=0', null],
    ['identity', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, *;q=0', null],
    ['*', 'gzip'],
  ])('an API answer for Accept-Encoding %j is encoded %j', async (accept, expected) => {
    expect(await encodingFor('/api/occ/sources', accept)).toBe(expected);
  });

  it.each([
    ['br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
  ])('a page for Accept-Encoding %j is encoded %j', async (accept, expected) => {
    expect(await encodingFor('/docs/api', accept)).toBe(expected);
  });
});

describe('ETag and If-None-Match', () => {
  it('every cacheable GET carries a strong ETag that answers 304 alone, in a list, weakly compared and as *', async () => {
    for (const path of getPaths.filter((p) => !p.endsWith('/health'))) {
      const first = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const etag = first.headers.get('etag') ?? '';
      expect(etag, path).toMatch(/^"[^"]+"$/);
      for (const tag of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
        const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': tag, 'accept-encoding': 'identity' } });
        expect(again.status, `${path} ${tag}`).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('access-control-allow-origin')).toBe('*');
      }
      const other = await fetch(`${base}${path}`, { headers: { 'if-none-match': '"something-else"' } });
      expect(other.status, path).toBe(200);
    }
  });

  it('differs between requests and between encodings of one answer, and /health has none', async () => {
    const a = (await fetch(`${base}/api/occ/search?q=risk`)).headers.get('etag');
    const b = (await fetch(`${base}/api/occ/search?q=audit`)).headers.get('etag');
    expect(a).not.toBe(b);
    const plain = (await fetch(`${base}/api/occ/sources`, { headers: { 'accept-encoding': 'identity' } })).headers.get('etag');
    const zipped = (await fetch(`${base}/api/occ/sources`, { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag');
    expect(plain).not.toBe(zipped);
    expect((await fetch(`${base}/api/occ/health`)).headers.get('etag')).toBeNull();
  });

  it('a 304 is documented and matches the document', async () => {
    const etag = (await fetch(`${base}/api/occ/sources`)).headers.get('etag') ?? '';
    const response = await fetch(`${base}/api/occ/sources`, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
    expect(await check.response(response, 'GET', '/api/occ/sources')).toEqual([]);
  });
});

describe('x-occ-version', () => {
  it('is sent on every API answer, errors and preflights included, and exposed to browsers', async () => {
    const answers = await Promise.all([
      fetch(`${base}/api/occ/search?q=risk`),
      fetch(`${base}/api/occ/search`),
      fetch(`${base}/api/occ/nope`),
      fetch(`${base}/api/occ/rag`, { method: 'GET' }),
      fetch(`${base}/api/occ/rag`, { method: 'OPTIONS' }),
      fetch(`${base}/api/glossary.json`),
      fetch(`${base}/api/occ/openapi.json`),
    ]);
    for (const response of answers) {
      expect(response.headers.get('x-occ-version'), response.url).toMatch(/^\d+\.\d+\.\d+/);
      expect(response.headers.get('access-control-expose-headers')).toContain('x-occ-version');
    }
  });
});
