/**
 * The OpenAPI document is valid OpenAPI 3.1, describes exactly the routes the server answers, states the
 * limits, and every live answer of every endpoint, good input and bad, matches the schema it documents.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/endpoints/index.js';
import { LIMITS } from '../../src/api/types.js';
import { matchRoute, pathSegments, ROUTES } from '../../src/server/http/routes.js';
import { declaredCalls } from '../support/examples.js';
import { OpenApiCheck, type Json } from '../support/openapi.js';

const base = inject('baseUrl');

interface Case {
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS';
  path: string;
  query?: string;
  body?: string;
  contentType?: string;
  status: number;
  headers?: Record<string, string>;
}

let check: OpenApiCheck;
let doc: Json;
let sourceId: string;
let category: string;
let chunkId: string;
let termId: string;
let insightId: string;

beforeAll(async () => {
  check = await OpenApiCheck.load(base);
  doc = check.doc;
  const sources = (await (await fetch(`${base}/api/occ/sources`)).json()) as Json;
  sourceId = sources['sources'][0]['id'];
  const wisdom = (await (await fetch(`${base}/api/occ/wisdom`)).json()) as Json;
  category = wisdom['categories'][0]?.['category'] ?? 'none';
  insightId = wisdom['entries'][0]?.['id'] ?? 'none';
  const glossary = (await (await fetch(`${base}/api/occ/glossary`)).json()) as Json;
  termId = glossary['entries'][0]?.['id'] ?? 'none';
  const search = (await (await fetch(`${base}/api/occ/search?q=risk&top=1`)).json()) as Json;
  chunkId = search['results'][0]['id'];
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 according to @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes exactly the routes and methods the server answers', () => {
    const documented = Object.entries(doc['paths'] as Json).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const served = ROUTES.filter((r) => r.protocol === undefined).flatMap(({ path, methods }) => [...methods, 'OPTIONS'].map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(served.sort());
  });

  it('leaves out only the protocol routes, each for a stated reason, and they do answer', async () => {
    const exceptions = ROUTES.filter((r) => r.protocol !== undefined);
    // MCP speaks JSON-RPC under its own specification; tests/http/mcp.test.ts covers it, /docs/mcp documents it.
    expect(exceptions.map((r) => r.path)).toEqual(['/api/occ/mcp']);
    for (const route of exceptions) {
      expect(route.protocol?.undocumented.length, route.path).toBeGreaterThan(40);
      expect(doc['paths'][route.path], route.path).toBeUndefined();
      const preflight = await fetch(`${base}${route.path}`, { method: 'OPTIONS' });
      expect(preflight.status, route.path).toBe(204);
      expect(preflight.headers.get('allow'), route.path).toBe([...route.methods, 'OPTIONS'].join(', '));
    }
  });

  it('states the limits from LIMITS', () => {
    const search = doc['paths']['/api/occ/search']['get'];
    const param = (name: string) => search['parameters'].find((p: Json) => p['name'] === name)['schema'];
    expect(param('q')).toMatchObject({ minLength: 1, maxLength: LIMITS.queryMaxChars });
    expect(param('top')).toMatchObject({ minimum: LIMITS.topMin, maximum: LIMITS.topMax, default: LIMITS.topDefault });
    const rag = doc['components']['schemas']['RagRequest']['properties'];
    expect(rag['query']).toMatchObject({ maxLength: LIMITS.queryMaxChars });
    expect(rag['top_k']).toMatchObject({ minimum: LIMITS.topMin, maximum: LIMITS.topMax, default: LIMITS.topDefault });
    expect(rag['max_chars']).toMatchObject({ minimum: LIMITS.maxCharsMin, maximum: LIMITS.maxCharsMax });
    expect(doc['paths']['/api/occ/rag']['post']['responses']['413']['description']).toContain(String(LIMITS.bodyMaxBytes));
  });

  it('holds examples that match their own schemas', () => {
    let checked = 0;
    for (const [path, item] of Object.entries(doc['paths'] as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        for (const [status, response] of Object.entries((op as Json)['responses'] as Json)) {
          for (const [type, media] of Object.entries((response as Json)['content'] ?? {})) {
            const m = media as Json;
            if (m['example'] === undefined) continue;
            expect(check.schemaErrors(m['schema'], m['example']), `example of ${method} ${path} ${status} ${type}`).toEqual([]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

describe('every live answer matches the document', () => {
  const big = JSON.stringify({ query: 'x'.repeat(LIMITS.bodyMaxBytes + 10) });
  const tooLong = 'a'.repeat(LIMITS.queryMaxChars + 1);
  const json = (value: unknown) => JSON.stringify(value);
  const cases = (): Case[] => [
    { name: 'health', method: 'GET', path: '/api/occ/health', status: 200 },
    { name: 'health, headers only', method: 'HEAD', path: '/api/occ/health', status: 200 },
    { name: 'health with a parameter it does not take', method: 'GET', path: '/api/occ/health', query: 'verbose=1', status: 400 },
    { name: 'health, headers only, with a parameter it does not take', method: 'HEAD', path: '/api/occ/health', query: 'verbose=1', status: 400 },
    { name: 'search', method: 'GET', path: '/api/occ/search', query: 'q=human+oversight', status: 200 },
    { name: 'search within a source, top at its maximum', method: 'GET', path: '/api/occ/search', query: `q=risk&top=${LIMITS.topMax}&source=${sourceId}`, status: 200 },
    { name: 'search matching nothing', method: 'GET', path: '/api/occ/search', query: 'q=zzqqxxj', status: 200 },
    { name: 'search, headers only', method: 'HEAD', path: '/api/occ/search', query: 'q=risk', status: 200 },
    { name: 'search without q', method: 'GET', path: '/api/occ/search', status: 400 },
    { name: 'search with a blank q', method: 'GET', path: '/api/occ/search', query: 'q=%20%20', status: 400 },
    { name: 'search with q too long', method: 'GET', path: '/api/occ/search', query: `q=${tooLong}`, status: 400 },
    { name: 'search with top 0', method: 'GET', path: '/api/occ/search', query: 'q=risk&top=0', status: 400 },
    { name: 'search with top above the maximum', method: 'GET', path: '/api/occ/search', query: `q=risk&top=${LIMITS.topMax + 1}`, status: 400 },
    { name: 'search with top not a number', method: 'GET', path: '/api/occ/search', query: 'q=risk&top=abc', status: 400 },
    { name: 'search with q twice', method: 'GET', path: '/api/occ/search', query: 'q=risk&q=audit', status: 400 },
    { name: 'search with a misspelt parameter', method: 'GET', path: '/api/occ/search', query: 'q=risk&tpo=3', status: 400 },
    { name: 'search in an unknown source', method: 'GET', path: '/api/occ/search', query: 'q=risk&source=no-such-source', status: 400 },
    { name: 'search with a blank source', method: 'GET', path: '/api/occ/search', query: 'q=risk&source=', status: 400 },
    { name: 'search with a space as source', method: 'GET', path: '/api/occ/search', query: 'q=risk&source=%20', status: 400 },
    { name: 'rag', method: 'POST', path: '/api/occ/rag', body: json({ query: 'human oversight of high-risk AI' }), contentType: 'application/json', status: 200 },
    { name: 'rag as text/plain', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk management', top_k: 3 }), contentType: 'text/plain;charset=UTF-8', status: 200 },
    { name: 'rag with max_chars at its minimum', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk', top_k: LIMITS.topMax, max_chars: LIMITS.maxCharsMin }), contentType: 'application/json', status: 200 },
    { name: 'rag with max_chars null', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk', max_chars: null }), contentType: 'application/json', status: 200 },
    { name: 'rag without query', method: 'POST', path: '/api/occ/rag', body: json({ top_k: 3 }), contentType: 'application/json', status: 400 },
    { name: 'rag with top_k null', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk', top_k: null }), contentType: 'application/json', status: 400 },
    { name: 'rag with a number as query', method: 'POST', path: '/api/occ/rag', body: json({ query: 42 }), contentType: 'application/json', status: 400 },
    { name: 'rag with top_k as a string', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk', top_k: '5' }), contentType: 'application/json', status: 400 },
    { name: 'rag with max_chars below the minimum', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk', max_chars: LIMITS.maxCharsMin - 1 }), contentType: 'application/json', status: 400 },
    { name: 'rag with a query too long', method: 'POST', path: '/api/occ/rag', body: json({ query: tooLong }), contentType: 'application/json', status: 400 },
    { name: 'rag with invalid JSON', method: 'POST', path: '/api/occ/rag', body: '{"query": ', contentType: 'application/json', status: 400 },
    { name: 'rag with an array body', method: 'POST', path: '/api/occ/rag', body: '["risk"]', contentType: 'application/json', status: 400 },
    { name: 'rag with a field it does not take', method: 'POST', path: '/api/occ/rag', body: json({ query: 'risk', topk: 3 }), contentType: 'application/json', status: 400 },
    { name: 'rag with a body too large', method: 'POST', path: '/api/occ/rag', body: big, contentType: 'application/json', status: 413 },
    { name: 'rag with an unsupported content type', method: 'POST', path: '/api/occ/rag', body: '<query>risk</query>', contentType: 'application/xml', status: 415 },
    { name: 'glossary', method: 'GET', path: '/api/occ/glossary', status: 200 },
    { name: 'glossary filtered', method: 'GET', path: '/api/occ/glossary', query: 'q=oversight', status: 200 },
    { name: 'glossary, headers only', method: 'HEAD', path: '/api/occ/glossary', status: 200 },
    { name: 'glossary with q too long', method: 'GET', path: '/api/occ/glossary', query: `q=${tooLong}`, status: 400 },
    { name: 'glossary with q twice', method: 'GET', path: '/api/occ/glossary', query: 'q=a&q=b', status: 400 },
    { name: 'glossary with a blank q', method: 'GET', path: '/api/occ/glossary', query: 'q=', status: 400 },
    { name: 'a chunk', method: 'GET', path: `/api/occ/chunks/${chunkId}`, status: 200 },
    { name: 'a chunk, colon percent-encoded', method: 'GET', path: `/api/occ/chunks/${chunkId.replace(':', '%3A')}`, status: 200 },
    { name: 'a malformed chunk id', method: 'GET', path: '/api/occ/chunks/nope', status: 400 },
    { name: 'an unknown chunk id', method: 'GET', path: '/api/occ/chunks/no-such-source:0000', status: 404 },
    { name: 'a source', method: 'GET', path: `/api/occ/sources/${sourceId}`, status: 200 },
    { name: 'a malformed source id', method: 'GET', path: '/api/occ/sources/Bad_Id', status: 400 },
    { name: 'an unknown source id', method: 'GET', path: '/api/occ/sources/no-such-source', status: 404 },
    { name: 'a glossary entry', method: 'GET', path: `/api/occ/glossary/${termId}`, status: 200 },
    { name: 'a malformed glossary id', method: 'GET', path: '/api/occ/glossary/Bad_Id', status: 400 },
    { name: 'an unknown glossary id', method: 'GET', path: '/api/occ/glossary/no-such-term', status: 404 },
    { name: 'an insight', method: 'GET', path: `/api/occ/wisdom/${insightId}`, status: 200 },
    { name: 'a malformed insight id', method: 'GET', path: '/api/occ/wisdom/Bad_Id', status: 400 },
    { name: 'an unknown insight id', method: 'GET', path: '/api/occ/wisdom/no-such-insight', status: 404 },
    { name: 'sources', method: 'GET', path: '/api/occ/sources', status: 200 },
    { name: 'sources, headers only', method: 'HEAD', path: '/api/occ/sources', status: 200 },
    { name: 'sources with a parameter it does not take', method: 'GET', path: '/api/occ/sources', query: 'page=2', status: 400 },
    { name: 'sources, headers only, with a parameter it does not take', method: 'HEAD', path: '/api/occ/sources', query: 'page=2', status: 400 },
    { name: 'changes', method: 'GET', path: '/api/occ/changes', status: 200 },
    { name: 'changes since a date, one page', method: 'GET', path: '/api/occ/changes', query: 'since=2026-01-01&limit=2&offset=1', status: 200 },
    { name: 'changes since a date that does not exist', method: 'GET', path: '/api/occ/changes', query: 'since=2026-02-30', status: 400 },
    { name: 'wisdom', method: 'GET', path: '/api/occ/wisdom', status: 200 },
    { name: 'wisdom of one category', method: 'GET', path: '/api/occ/wisdom', query: `category=${category}`, status: 200 },
    { name: 'wisdom, headers only', method: 'HEAD', path: '/api/occ/wisdom', status: 200 },
    { name: 'wisdom of an unknown category', method: 'GET', path: '/api/occ/wisdom', query: 'category=no-such-category', status: 400 },
    { name: 'the static glossary file', method: 'GET', path: '/api/glossary.json', status: 200 },
    { name: 'the static glossary file, headers only', method: 'HEAD', path: '/api/glossary.json', status: 200 },
    { name: 'the OpenAPI document', method: 'GET', path: '/api/occ/openapi.json', status: 200 },
    { name: 'the OpenAPI document, headers only', method: 'HEAD', path: '/api/occ/openapi.json', status: 200 },
  ];

  /** Every GET case also as HEAD, every 200 GET also conditional (304), and a preflight per path. */
  async function allCases(): Promise<Case[]> {
    // The hand-written cases, and every example call the declarations made for this build (a new endpoint's among them).
    const declared = declaredCalls();
    const list = [...cases(), ...declared.map(({ route: _route, ...c }): Case => c)];
    // Every GET endpoint answered per request refuses a parameter it does not take; its declared 200 call shows it.
    for (const c of declared.filter((d) => d.method === 'GET' && d.status === 200)) {
      if (ENDPOINTS.find((e) => e.path === c.route)?.prerendered) continue;
      const query = c.query ? `${c.query}&no_such_parameter=1` : 'no_such_parameter=1';
      list.push({ name: `${c.name} with a parameter it does not take`, method: 'GET', path: c.path, query, status: 400 });
    }
    const derived: Case[] = list.filter((c) => c.method === 'GET').map((c) => ({ ...c, name: `${c.name}, headers only`, method: 'HEAD' }));
    for (const c of [...list, ...derived].filter((x) => x.status === 200)) {
      const etag = (await fetch(`${base}${c.path}${c.query ? `?${c.query}` : ''}`)).headers.get('etag');
      if (etag) derived.push({ ...c, name: `${c.name}, not modified`, headers: { 'if-none-match': etag }, status: 304 });
    }
    for (const path of new Set(list.map((c) => c.path))) derived.push({ name: `preflight of ${path}`, method: 'OPTIONS', path, status: 204 });
    return [...list, ...derived];
  }

  it('for every endpoint, good input and bad', async () => {
    const covered = new Set<string>();
    for (const c of await allCases()) {
      const what = `${c.name} (${c.method} ${c.path}${c.query ? `?${c.query.slice(0, 60)}` : ''})`;
      const response = await fetch(`${base}${c.path}${c.query ? `?${c.query}` : ''}`, {
        method: c.method,
        headers: { ...c.headers, ...(c.body === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }) },
        ...(c.body === undefined ? {} : { body: c.body }),
      });
      expect(response.status, what).toBe(c.status);
      expect(response.headers.get('access-control-allow-origin'), what).toBe('*');
      const route = (matchRoute(pathSegments(c.path) ?? [])?.route.path) ?? c.path;
      expect(await check.response(response, c.method, route), what).toEqual([]);
      covered.add(`${c.method} ${route} ${c.status}`);
    }
    // Every documented status other than 500 has been seen live at least once.
    const documented = Object.entries(doc['paths'] as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).flatMap(([method, op]) =>
        Object.keys((op as Json)['responses']).filter((s) => s !== '500').map((s) => `${method.toUpperCase()} ${path} ${s}`),
      ),
    );
    // An endpoint whose own declared calls find nothing to answer 200 for in this corpus (the law's provisions, where no
    // official text is versioned) is held to what they show here; tests/http/versions.test.ts covers it on a corpus that has them.
    const declared = declaredCalls();
    const answersNothingHere = (path: string) => declared.some((c) => c.route === path) && !declared.some((c) => c.route === path && c.status === 200);
    expect(documented.filter((d) => !covered.has(d) && !answersNothingHere(d.split(' ')[1] ?? ''))).toEqual([]);
  });

  it('answers unknown paths and disallowed methods with the documented Problem schema', async () => {
    const calls: [string, string, number][] = [
      ['GET', '/api/occ/nothing-here', 404],
      ['POST', '/api/occ/search', 405],
      ['GET', '/api/occ/rag', 405],
      ['DELETE', '/api/occ/health', 405],
      ['PUT', '/api/occ/openapi.json', 405],
      ['GET', '/api/occ/mcp', 405],
    ];
    for (const [method, path, status] of calls) {
      const response = await fetch(`${base}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(check.schemaErrors({ $ref: '#/components/schemas/Problem' }, await response.json()), `${method} ${path}`).toEqual([]);
    }
  });

  it('rejects a body that breaks the schema (the check itself can fail)', () => {
    const search = check.validatorFor(doc['paths']['/api/occ/search']['get']['responses']['200']['content']['application/json']['schema']);
    const body = { query: 'x', queries: [], top: 5, law_as_of: '2026-11-28', source: null, lang: 'en', total: 0, phrase_notice: null, results: [], license: 'CC-BY-4.0', attribution: 'a' };
    expect(search({ ...body, extra: 1 })).toBe(false);
    expect(search({ ...body, source: 'eu-ai-act' })).toBe(false);
    expect(search(body)).toBe(true);
  });
});
