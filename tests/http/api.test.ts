import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rag as ragEndpoint } from '../../src/api/endpoints/rag.js';
import { search as searchEndpoint } from '../../src/api/endpoints/search.js';
import { DEFAULT_PROFILE } from '../../src/core/search/rules/profile.js';
import type {
  GlossaryResponse, HealthResponse, Problem, RagResponse, SearchResponse, SourcesResponse, WisdomResponse,
} from '../../src/api/types.js';
import { baseUrl, getJson, postRag } from '../support/fetch.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function expectProblem(res: { status: number; headers: Headers; body: unknown }, status: number, parameter?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const body = res.body as Problem;
  expect(body).toMatchObject({ status, license: 'CC-BY-4.0' });
  expect(body.title).toEqual(expect.any(String));
  expect(body.detail.length).toBeGreaterThan(10);
  expect(body.attribution).toMatch(/OCC/);
  if (parameter !== undefined) expect(body.parameter).toBe(parameter);
  return body;
}

describe('GET /api/occ/health', () => {
  it('reports live counts that agree with the other endpoints, the version and the index', async () => {
    const { status, body, headers } = await getJson<HealthResponse>('/api/occ/health');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ status: 'ok', version: pkg.version, license: 'CC-BY-4.0' });
    expect(body.index.content_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(Date.parse(body.index.built_at)).not.toBeNaN();
    expect(body.uptime).toBeGreaterThanOrEqual(0);
    const sources = await getJson<SourcesResponse>('/api/occ/sources');
    const glossary = await getJson<GlossaryResponse>('/api/occ/glossary');
    const wisdom = await getJson<WisdomResponse>('/api/occ/wisdom');
    expect(sources.body.total).toBe(body.sources);
    expect(sources.body.sources.reduce((sum, s) => sum + s.chunks, 0)).toBe(body.chunks);
    expect(glossary.body.total).toBe(body.glossary);
    expect(wisdom.body.total).toBe(body.wisdom);
    expect(body.chunks).toBeGreaterThan(0);
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(new URL('/api/occ/health', baseUrl()), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('provenance in the shipped corpus', () => {
  it('serves our explainers as ours: OCC contributors, CC BY 4.0, their own page, the originals in about', async () => {
    const { body } = await getJson<SourcesResponse>('/api/occ/sources');
    for (const s of body.sources.filter((x) => x.kind === 'explainer')) {
      expect(s).toMatchObject({ publisher: 'OCC contributors', license: 'CC-BY-4.0', url: new URL(`/sources/${s.id}`, baseUrl()).href });
      expect(s.about?.[0]?.url).toMatch(/^https?:\/\//);
    }
    const overview = body.sources.find((s) => s.id === 'eu-ai-act-overview');
    expect(overview?.about?.[0]).toMatchObject({ publisher: 'European Union', url: 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj' });
    const search = await getJson<SearchResponse>('/api/occ/search?q=human%20oversight&top=3');
    for (const r of search.body.results) expect(r.source_kind).toBe(body.sources.find((s) => s.id === r.source)?.kind);
  });
});

describe('GET /api/occ/search', () => {
  it('returns ranked chunks with their fields, source title, score, snippet and an absolute URL', async () => {
    const { status, body } = await getJson<SearchResponse>('/api/occ/search?q=human%20oversight&top=3');
    expect(status).toBe(200);
    expect(body).toMatchObject({ query: 'human oversight', top: 3, source: null, license: 'CC-BY-4.0' });
    expect(body.results.length).toBe(3);
    expect(body.total).toBeGreaterThanOrEqual(3);
    const scores = body.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const result of body.results) {
      expect(result).toMatchObject({ id: expect.any(String), source: expect.any(String), heading: expect.any(String), title: expect.any(String) });
      expect(result.url).toMatch(new RegExp(`^${baseUrl()}/sources/${result.source}#[a-z0-9-]+$`));
      expect(result.text.toLowerCase()).toMatch(/oversight|human/);
      for (const [start, end] of result.highlights) expect(result.snippet.slice(start, end).toLowerCase()).toMatch(/^(human|oversight)/);
    }
  });

  it('defaults top to 5 and filters by source', async () => {
    const all = await getJson<SearchResponse>('/api/occ/search?q=risk');
    expect(all.body.top).toBe(5);
    expect(all.body.results.length).toBe(5);
    const source = all.body.results[0]?.source ?? '';
    const one = await getJson<SearchResponse>(`/api/occ/search?q=risk&source=${source}&top=50`);
    expect(one.body.source).toEqual([source]);
    expect(one.body.results.every((r) => r.source === source)).toBe(true);
    expect(one.body.total).toBeLessThanOrEqual(all.body.total);
  });

  it.each([
    'AI-Act', 'Art. 5: scope', '--help', 'risk~2', 'title:risk', '+high -risk', 'gpai^10', '*', 'risk*', '"unclosed',
    '(((', '\\', '%', '🤖 AI', 'ümlaut café', 'a'.repeat(1000),
  ])('answers %j with 200 and JSON, never a Lunr error', async (q) => {
    const { status, body } = await getJson<SearchResponse>(`/api/occ/search?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(body.query).toBe(q.trim());
    expect(Array.isArray(body.results)).toBe(true);
  });

  it('narrows to a quoted phrase, and finds a section by a glossary acronym it spells out', async () => {
    const words = await getJson<SearchResponse>('/api/occ/search?q=oversight%20human');
    const phrase = await getJson<SearchResponse>(`/api/occ/search?q=${encodeURIComponent('"oversight human"')}`);
    expect(phrase.body.total).toBeLessThan(words.body.total);
    const fria = await getJson<SearchResponse>('/api/occ/search?q=FRIA&top=3');
    expect(fria.body.results.map((r) => r.text.toLowerCase()).join(' ')).toContain('fundamental rights impact assessment');
  });

  it('finds hyphenated terms written either way', async () => {
    // The same matches either way, and each spelling's best chunk near the top of the other's: the order may differ
    // where a text writes the words exactly as asked ("a high risk to individuals" ranks higher for "high risk").
    const a = await getJson<SearchResponse>('/api/occ/search?q=high-risk&top=3');
    const b = await getJson<SearchResponse>('/api/occ/search?q=high%20risk&top=3');
    expect(a.body.total).toBeGreaterThan(0);
    expect(a.body.total).toBe(b.body.total);
    expect(b.body.results.map((r) => r.id)).toContain(a.body.results[0]?.id);
    expect(a.body.results.map((r) => r.id)).toContain(b.body.results[0]?.id);
  });

  it('analyses q in `lang` and searches only sources in it; omitted, the language is detected among the corpus’s', async () => {
    const english = await getJson('/api/occ/search?q=human%20oversight&lang=en');
    expect(english.status).toBe(200);
    expect((english.body as { lang: string; total: number }).lang).toBe('en');
    expect((english.body as { total: number }).total).toBeGreaterThan(0);
    // The shipped corpus is English: no source is French, so lang=fr finds nothing, and a French query is read as English.
    expect(await getJson('/api/occ/search?q=human%20oversight&lang=fr')).toMatchObject({ status: 200, body: { lang: 'fr', total: 0, results: [] } });
    expect(await getJson('/api/occ/search?q=contr%C3%B4le%20humain%20des%20syst%C3%A8mes')).toMatchObject({ status: 200, body: { lang: 'en' } });
  });

  it.each([
    ['', 'q'],
    ['?q=', 'q'],
    ['?q=%20%20', 'q'],
    [`?q=${'x'.repeat(1001)}`, 'q'],
    ['?q=a&q=b', 'q'],
    ['?q=risk&top=0', 'top'],
    ['?q=risk&top=51', 'top'],
    ['?q=risk&top=abc', 'top'],
    ['?q=risk&top=1.5', 'top'],
    ['?q=risk&top=-1', 'top'],
    ['?q=risk&source=no-such-source', 'source'],
    ['?q=risk&source=', 'source'],
    ['?q=%E0%A4%A', 'q'],
    ['?q=%C0%AF', 'q'],
    ['?q=risk&tpo=3', 'tpo'],
    ['?query=risk', 'query'],
    ['?q=risk&lang=de', 'lang'],
    ['?q=risk&lang=', 'lang'],
  ])('refuses %s with 400 naming %s', async (query, parameter) => {
    const body = expectProblem(await getJson(`/api/occ/search${query}`), 400, parameter);
    if (parameter === 'top') expect(body.detail).toMatch(/integer from 1 to 50/);
    if (parameter === 'source') expect(body.detail).toMatch(/\/api\/occ\/sources/);
    if (parameter === 'tpo') expect(body.detail).toBe(`Unknown parameter "tpo"; the parameters of GET /api/occ/search are: ${Object.keys(searchEndpoint.input.shape).join(', ')}.`);
    if (parameter === 'lang') expect(body.detail).toMatch(/"lang" must be one of "en", "fr"/);
  });

  it('explains each score with explain=true, and answers as before without it', async () => {
    const q = '/api/occ/search?q=How%20long%20must%20deployers%20keep%20the%20logs%3F&top=5';
    const plain = await getJson<SearchResponse>(q);
    const explained = await getJson<SearchResponse>(`${q}&explain=true`);
    expect(explained.status).toBe(200);
    expect(explained.body.results.map(({ explain: _, ...r }) => r)).toEqual(plain.body.results);
    expect(plain.body.results.every((r) => !('explain' in r))).toBe(true);
    expect((await getJson<SearchResponse>(`${q}&explain=false`)).body).toEqual(plain.body);
    const rules = new Set(DEFAULT_PROFILE.rules.map((r) => r.name));
    for (const { score, explain } of explained.body.results) {
      expect(explain).toBeDefined();
      expect(explain!.score).toBeCloseTo(score, 3);
      expect(explain!.terms.reduce((sum, t) => sum + t.score, 0)).toBeCloseTo(explain!.bm25, 4);
      for (const r of explain!.rules) expect(rules.has(r.rule), r.rule).toBe(true);
    }
    // A how-long question lifts what states a time limit: some result shows the rule and its knobs.
    expect(explained.body.results.flatMap((r) => r.explain!.rules)).toContainEqual({ rule: 'stated', factor: 1.5, knobs: { timeFactor: 1.5, amountFactor: 1.5 } });
    expect(expectProblem(await getJson(`${q}&explain=yes`), 400, 'explain').detail).toBe('"explain" must be true or false, got "yes".');
  });

  it.each([
    ['/api/occ/health?verbose=1', 'verbose', /GET \/api\/occ\/health takes no parameters/],
    ['/api/occ/wisdom?categroy=risk', 'categroy', /the parameters of GET \/api\/occ\/wisdom are: category, limit, offset\./],
    ['/api/occ/sources/no-such-source?id=x', 'id', /takes no parameters/],
  ])('refuses the parameter it does not take in %s, naming the ones it takes', async (path, parameter, detail) => {
    expect(expectProblem(await getJson(path), 400, parameter).detail).toMatch(detail);
  });
});

describe('POST /api/occ/rag', () => {
  it('returns numbered context with citations and the distinct sources cited', async () => {
    const { status, body } = await postRag({ query: 'prohibited AI practices', top_k: 4 });
    expect(status).toBe(200);
    const rag = body as unknown as RagResponse;
    expect(rag).toMatchObject({ query: 'prohibited AI practices', top_k: 4, max_chars: null, license: 'CC-BY-4.0' });
    expect(rag.chunks.length).toBeGreaterThan(0);
    expect(rag.chunks.length).toBeLessThanOrEqual(4);
    rag.chunks.forEach((chunk, i) => {
      expect(chunk.n).toBe(i + 1);
      expect(rag.context).toContain(`[${i + 1}] ${chunk.citation.title}`);
      expect(rag.context).toContain(chunk.citation.url);
      expect(chunk.citation.url).toMatch(/^http:\/\/.+\/sources\/.+#.+/);
      expect(chunk.citation.license).toEqual(expect.any(String));
    });
    expect(rag.sources.map((s) => s.id)).toEqual([...new Set(rag.chunks.map((c) => c.source))]);
  });

  it('draws on one source only when asked, and refuses a source that does not exist', async () => {
    const all = (await postRag({ query: 'prohibited AI practices', top_k: 8 })).body as unknown as RagResponse;
    const other = all.chunks.map((c) => c.source).find((id) => id !== all.chunks[0]?.source);
    expect(other).toBeDefined();
    const { status, body } = await postRag({ query: 'prohibited AI practices', top_k: 8, source: other });
    expect(status).toBe(200);
    const rag = body as unknown as RagResponse;
    expect(rag.source).toEqual([other]);
    expect(rag.chunks.length).toBeGreaterThan(0);
    expect(new Set(rag.chunks.map((c) => c.source))).toEqual(new Set([other]));
    expect(rag.sources.map((s) => s.id)).toEqual([other]);
    expect(all.source).toBeNull();
    const unknown = await postRag({ query: 'risk', source: 'no-such-source' });
    expectProblem(unknown, 400, 'source');
    expect((unknown.body as unknown as Problem).detail).toMatch(/\/api\/occ\/sources/);
  });

  it('accepts a text/plain body holding JSON, from another origin, so browsers need no preflight', async () => {
    const { status, body } = await postRag({ query: 'transparency' }, 'text/plain;charset=UTF-8', { origin: 'http://elsewhere.example' });
    expect(status).toBe(200);
    expect((body as unknown as RagResponse).top_k).toBe(5);
  });

  it('keeps the context within max_chars', async () => {
    const { body } = await postRag({ query: 'risk management', top_k: 10, max_chars: 1500 });
    const rag = body as unknown as RagResponse;
    expect(rag.max_chars).toBe(1500);
    expect(rag.context.length).toBeLessThanOrEqual(1500);
    expect(rag.chunks.length).toBeGreaterThan(0);
  });

  it.each([
    ['not json', 400, undefined],
    ['[1, 2]', 400, undefined],
    ['"query"', 400, undefined],
    ['{}', 400, 'query'],
    ['{"query": "  "}', 400, 'query'],
    ['{"query": 42}', 400, 'query'],
    [`{"query": "${'x'.repeat(1001)}"}`, 400, 'query'],
    ['{"query": "risk", "top_k": 0}', 400, 'top_k'],
    ['{"query": "risk", "top_k": 51}', 400, 'top_k'],
    ['{"query": "risk", "top_k": "5"}', 400, 'top_k'],
    ['{"query": "risk", "top_k": 2.5}', 400, 'top_k'],
    ['{"query": "risk", "max_chars": 10}', 400, 'max_chars'],
    ['{"query": "risk", "source": ""}', 400, 'source'],
    ['{"query": "risk", "source": "Not A Slug"}', 400, 'source'],
    ['{"query": "risk", "source": 7}', 400, 'source'],
    ['{"query": "risk", "topk": 3}', 400, 'topk'],
    ['{"query": "risk", "top": 3}', 400, 'top'],
  ])('refuses the body %s with %i', async (body, status, parameter) => {
    expectProblem(await postRag(body), status, parameter);
  });

  it('names the fields it takes when refusing one it does not, and refuses a query string', async () => {
    const body = expectProblem(await postRag('{"query": "risk", "topk": 3}'), 400, 'topk');
    expect(body.detail).toBe(`Unknown field "topk"; the fields of POST /api/occ/rag are: ${Object.keys(ragEndpoint.input.shape).join(', ')}.`);
    const response = await fetch(new URL('/api/occ/rag?top_k=3', baseUrl()), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": "risk"}' });
    const problem = expectProblem({ status: response.status, headers: response.headers, body: await response.json() }, 400, 'top_k');
    expect(problem.detail).toMatch(/reads its fields from the JSON body, not the query string/);
  });

  it('refuses a streamed body over 16 KiB sent without Content-Length', async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 1 MiB in chunks (Transfer-Encoding: chunked), so only counting can find it too large.
        if (sent >= 1024 * 1024) return controller.close();
        sent += 4096;
        controller.enqueue(new TextEncoder().encode(' '.repeat(4096)));
      },
    });
    const response = await fetch(new URL('/api/occ/rag', baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as Problem).detail).toMatch(/at most 16384 bytes/);
  });

  it('refuses a body over 16 KiB with 413 and another media type with 415', async () => {
    expectProblem(await postRag({ query: 'x', padding: 'p'.repeat(17_000) }), 413);
    expectProblem(await postRag('query=risk', 'application/x-www-form-urlencoded'), 415);
  });
});

describe('GET /api/occ/glossary and /api/glossary.json', () => {
  it('serves the same entries statically and unfiltered', async () => {
    const dynamic = await getJson<GlossaryResponse>('/api/occ/glossary');
    const fixed = await getJson<GlossaryResponse>('/api/glossary.json');
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('access-control-allow-origin')).toBe('*');
    expect(fixed.body.entries).toEqual(dynamic.body.entries);
    expect(fixed.body.total).toBe(dynamic.body.total);
    expect(dynamic.body.query).toBeNull();
  });

  it('filters case- and accent-insensitively, exact and prefix term matches first', async () => {
    const all = await getJson<GlossaryResponse>('/api/occ/glossary');
    const sample = all.body.entries.find((e) => e.aliases.length > 0) ?? all.body.entries[0];
    if (sample === undefined) throw new Error('the glossary is empty');
    const byTerm = await getJson<GlossaryResponse>(`/api/occ/glossary?q=${encodeURIComponent(sample.term.toUpperCase())}`);
    expect(byTerm.body.entries[0]?.id).toBe(sample.id);
    const alias = sample.aliases[0] ?? sample.term;
    const byAlias = await getJson<GlossaryResponse>(`/api/occ/glossary?q=${encodeURIComponent(alias.toLowerCase())}`);
    expect(byAlias.body.entries.map((e) => e.id)).toContain(sample.id);
    const accented = sample.term.replace(/e/, 'é');
    const byAccent = await getJson<GlossaryResponse>(`/api/occ/glossary?q=${encodeURIComponent(accented)}`);
    expect(byAccent.body.entries[0]?.id).toBe(sample.id);
    const none = await getJson<GlossaryResponse>('/api/occ/glossary?q=zzqqxxnothing');
    expect(none.body).toMatchObject({ total: 0, entries: [], query: 'zzqqxxnothing' });
  });
});

describe('GET /api/occ/wisdom', () => {
  it('lists every category with its count and filters by one', async () => {
    const all = await getJson<WisdomResponse>('/api/occ/wisdom');
    expect(all.body.categories.reduce((sum, c) => sum + c.count, 0)).toBe(all.body.total);
    const first = all.body.categories[0];
    if (first === undefined) throw new Error('no wisdom categories');
    const one = await getJson<WisdomResponse>(`/api/occ/wisdom?category=${first.category}`);
    expect(one.body.total).toBe(first.count);
    expect(one.body.entries.every((e) => e.category === first.category)).toBe(true);
    expect(one.body.categories).toEqual(all.body.categories);
  });

  it('refuses an unknown category, listing the known ones', async () => {
    const body = expectProblem(await getJson('/api/occ/wisdom?category=nope'), 400, 'category');
    expect(body.detail).toMatch(/the categories are/);
  });
});

describe('HTTP rules for every API URL', () => {
  it('answers preflight with 204, the allowed methods, headers and a max-age', async () => {
    for (const [path, methods] of [['/api/occ/rag', 'POST, OPTIONS'], ['/api/occ/search', 'GET, HEAD, OPTIONS'], ['/api/glossary.json', 'GET, HEAD, OPTIONS']] as const) {
      const response = await fetch(new URL(path, baseUrl()), {
        method: 'OPTIONS',
        headers: { origin: 'http://elsewhere.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toBe(methods);
      expect(response.headers.get('access-control-allow-headers')).toMatch(/content-type/);
      expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    }
  });

  it.each([
    ['DELETE', '/api/occ/search', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/occ/health', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/occ/rag', 'POST, OPTIONS'],
    ['PUT', '/api/glossary.json', 'GET, HEAD, OPTIONS'],
  ])('answers %s %s with 405 and Allow', async (method, path, allow) => {
    const res = await getJson(path, { method });
    expectProblem(res, 405);
    expect(res.headers.get('allow')).toBe(allow);
  });

  it.each(['/api/occ/nope', '/api/occ', '/api/occ/search/extra', '/api/other'])('answers unknown %s with a JSON 404', async (path) => {
    expectProblem(await getJson(path), 404);
  });

  it('compresses large JSON for clients that accept gzip', async () => {
    const response = await fetch(new URL('/api/occ/wisdom', baseUrl()), { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(((await response.json()) as WisdomResponse).total).toBeGreaterThan(0);
  });
});

describe('a search built for agents (issue 35)', () => {
  const sourceIds = async () => (await getJson<{ sources: { id: string }[] }>('/api/occ/sources')).body.sources.map((s) => s.id);

  it('filters by several comma-separated sources, answering `source` as the array of ids', async () => {
    const [a, b] = await sourceIds();
    if (a === undefined || b === undefined) throw new Error('fewer than two sources');
    const one = (id: string) => getJson<SearchResponse>(`/api/occ/search?q=risk&top=50&source=${id}`);
    const both = await getJson<SearchResponse>(`/api/occ/search?q=risk&top=50&source=${a},${b},${a}`);
    expect(both.status).toBe(200);
    expect(both.body.source).toEqual([a, b]);
    expect(both.body.total).toBe((await one(a)).body.total + (await one(b)).body.total);
    expect(both.body.results.every((r) => r.source === a || r.source === b)).toBe(true);
    const rag = await postRag({ query: 'risk management', source: [a, b], top_k: 8 });
    expect(rag.status).toBe(200);
    expect((rag.body as unknown as RagResponse).source).toEqual([a, b]);
    expect((rag.body as unknown as RagResponse).chunks.every((c) => c.source === a || c.source === b)).toBe(true);
  });

  it("takes the id of an instrument the timeline dates, without its text, for the explainers about it", async () => {
    const aiAct = await getJson<SearchResponse>('/api/occ/search?q=AI%20literacy%20obligations&source=eu-reg-2024-1689&top=20');
    expect(aiAct.status).toBe(200);
    const sources = new Set(aiAct.body.results.map((r) => r.source));
    expect(sources.has('eu-ai-act-overview')).toBe(true);
    expect([...sources].every((s) => s.startsWith('eu-ai-act-'))).toBe(true);
    const gdpr = await getJson<SearchResponse>('/api/occ/search?q=automated%20decisions&source=eu-reg-2016-679&top=20');
    expect(new Set(gdpr.body.results.map((r) => r.source))).toEqual(new Set(['gdpr-ai']));
  });

  it('names the first unknown id among known ones', async () => {
    const [known] = await sourceIds();
    const body = expectProblem(await getJson(`/api/occ/search?q=risk&source=${known},no-such-source,other-unknown`), 400, 'source');
    expect(body.detail).toBe('Unknown source "no-such-source"; GET /api/occ/sources lists the source ids, and each text\'s `instrument` id covers all its versions and explainers.');
    const rag = expectProblem(await postRag({ query: 'risk', source: [known, 'nope'] }), 400, 'source');
    expect(rag.detail).toBe('Unknown source "nope"; GET /api/occ/sources lists the source ids, and each text\'s `instrument` id covers all its versions and explainers.');
  });

  it.each([
    ['?q=risk&source=eu-ai-act,,gdpr', /^"source" must not be blank; omit it to search every source/],
    ['?q=risk&source=EU_AI_ACT', /^"source" must be lowercase letters and digits joined by hyphens/],
    [`?q=risk&source=${Array.from({ length: 21 }, (_, i) => `s${i}`).join(',')}`, /^"source" lists 21 values; at most 20 are allowed\.$/],
    ['?q=risk&source=a&source=b', /^Parameter "source" was given 2 times; give it once\.$/],
  ])('GET /search%s is a 400 naming source', async (query, detail) => {
    const body = expectProblem(await getJson(`/api/occ/search${query}`), 400, 'source');
    expect(body.detail).toMatch(detail);
  });

  it('refuses the same faults in the /rag body, an array or a string', async () => {
    expect(expectProblem(await postRag({ query: 'risk', source: 'no-such-source' }), 400, 'source').detail).toMatch(/^Unknown source "no-such-source"/);
    expect(expectProblem(await postRag({ query: 'risk', source: [] }), 400, 'source').detail).toBe('"source" must not be empty; omit it instead.');
    expect(expectProblem(await postRag({ query: 'risk', source: [5] }), 400, 'source').detail).toBe('"source" must be a string, got number 5.');
  });

  it('fuses other phrasings given with "|" (GET) or as an array (POST), echoing them in `queries`', async () => {
    const plain = await getJson<SearchResponse>('/api/occ/search?q=human%20oversight&top=5');
    expect(plain.body.queries).toEqual([]);
    const fused = await getJson<SearchResponse>(`/api/occ/search?q=human%20oversight&top=5&queries=${encodeURIComponent('natural persons oversee|human oversight')}`);
    expect(fused.status).toBe(200);
    // A phrasing equal to q is searched once.
    expect(fused.body.queries).toEqual(['natural persons oversee']);
    expect(fused.body.results).toHaveLength(5);
    // Fused scores are reciprocal ranks: at most the sum of 1/61 over the phrasings, best first.
    const scores = fused.body.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeLessThanOrEqual(2 / 61 + 1e-6);
    expect(fused.body.total).toBeGreaterThanOrEqual(plain.body.total);
    const rag = await postRag({ query: 'Who must ensure human oversight?', queries: ['natural persons assigned oversight by deployers'], top_k: 4 });
    expect(rag.status).toBe(200);
    expect((rag.body as unknown as RagResponse).queries).toEqual(['natural persons assigned oversight by deployers']);
    expect((rag.body as unknown as RagResponse).chunks.length).toBeGreaterThan(0);
  });

  it.each([
    ['?q=risk&queries=a|b|c|d|e|f', /^"queries" lists 6 values; at most 5 are allowed\.$/],
    ['?q=risk&queries=a||b', /^"queries" must not be blank/],
    [`?q=risk&queries=${'a'.repeat(1001)}`, /^"queries" is 1001 characters long; at most 1000 are allowed\.$/],
    ['?q=risk&queries=a&queries=b', /^Parameter "queries" was given 2 times; give it once\.$/],
  ])('GET /search%s is a 400 naming queries', async (query, detail) => {
    const body = expectProblem(await getJson(`/api/occ/search${query}`), 400, 'queries');
    expect(body.detail).toMatch(detail);
  });

  it('answers what the words alone find when no chunk holds a quoted phrase, and says so', async () => {
    const quoted = await getJson<SearchResponse>(`/api/occ/search?q=${encodeURIComponent('"oversight human zebra"')}`);
    const alone = await getJson<SearchResponse>('/api/occ/search?q=oversight%20human%20zebra');
    expect(alone.body.total).toBeGreaterThan(0);
    expect(quoted.body.phrase_notice).toEqual({ phrases: ['oversight human zebra'], matched: 0, words_alone_total: alone.body.total });
    expect(quoted.body.total).toBe(alone.body.total);
    expect(quoted.body.results.map((r) => r.id)).toEqual(alone.body.results.map((r) => r.id));
    // Found, or nothing quoted: no notice.
    expect((await getJson<SearchResponse>(`/api/occ/search?q=${encodeURIComponent('"human oversight"')}`)).body.phrase_notice).toBeNull();
    expect(alone.body.phrase_notice).toBeNull();
    const rag = (await postRag({ query: '"oversight human zebra"' })).body as unknown as RagResponse;
    const ragAlone = (await postRag({ query: 'oversight human zebra' })).body as unknown as RagResponse;
    expect(rag.chunks.map((c) => c.ids)).toEqual(ragAlone.chunks.map((c) => c.ids));
    expect(rag.chunks.length).toBeGreaterThan(0);
    expect(rag.phrase_notice).toMatchObject({ phrases: ['oversight human zebra'], matched: 0, words_alone_total: alone.body.total });
    expect(ragAlone.phrase_notice).toBeNull();
  });

  it('pages /glossary and /wisdom when asked, and keeps the whole list without limit', async () => {
    for (const path of ['/api/occ/glossary', '/api/occ/wisdom']) {
      const whole = await getJson<GlossaryResponse>(path);
      expect(whole.body).toMatchObject({ limit: null, offset: 0, next_offset: null });
      expect(whole.body.entries).toHaveLength(whole.body.total);
      const first = await getJson<GlossaryResponse>(`${path}?limit=2`);
      expect(first.body).toMatchObject({ total: whole.body.total, limit: 2, offset: 0, next_offset: 2 });
      expect(first.body.entries).toEqual(whole.body.entries.slice(0, 2));
      const last = await getJson<GlossaryResponse>(`${path}?limit=200&offset=${whole.body.total - 1}`);
      expect(last.body).toMatchObject({ next_offset: null, offset: whole.body.total - 1 });
      expect(last.body.entries).toEqual(whole.body.entries.slice(-1));
      for (const bad of ['limit=0', 'limit=201', 'limit=x', 'offset=-1']) {
        const parameter = bad.split('=')[0];
        expectProblem(await getJson(`${path}?${bad}`), 400, parameter);
      }
    }
    const filtered = await getJson<GlossaryResponse>('/api/occ/glossary?q=risk&limit=1');
    expect(filtered.body.entries).toHaveLength(1);
    expect(filtered.body.total).toBeGreaterThan(1);
  });

  it('describes the list parameters in the OpenAPI document as a comma list and a "|" list', async () => {
    const doc = (await getJson<Record<string, any>>('/api/occ/openapi.json')).body;
    const parameters = doc['paths']['/api/occ/search']['get']['parameters'] as Record<string, any>[];
    expect(parameters.find((p) => p['name'] === 'source')).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', maxItems: 20 } });
    expect(parameters.find((p) => p['name'] === 'queries')).toMatchObject({ style: 'pipeDelimited', explode: false, schema: { type: 'array', maxItems: 5 } });
  });
});
