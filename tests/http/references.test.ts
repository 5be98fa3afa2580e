/**
 * Cross-references, built and served: a mini regulation (`cited_as`) and an explainer about it (`about`). The
 * explainer's chunks list the act's chunks they cite, its docs page links them to the act's page, every such
 * link lands on an element of that id, and a mention of an act nobody indexed ("GDPR Article 22") stays text; a code
 * numbered by sections ("SEC. 2.") gets § pinpoints whose mentions link within its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkResponse, RagResponse, SearchResponse, SourceResponse } from '../../src/api/types.js';
import { buildAndServe } from '../support/fixture-build.js';
import { OpenApiCheck } from '../support/openapi.js';
import type { RunningServer } from '../support/server.js';

let server: RunningServer;
let check: OpenApiCheck;

beforeAll(async () => {
  server = await buildAndServe('tests/fixtures/references', 'references');
  check = await OpenApiCheck.load(server.url);
}, 240_000);

afterAll(() => server?.stop());

async function api<T>(target: string, route: string): Promise<T> {
  const response = await fetch(`${server.url}${target}`);
  expect(response.status, target).toBe(200);
  expect(await check.response(response.clone(), 'GET', route), target).toEqual([]);
  return (await response.json()) as T;
}

const chunk = (id: string) => api<ChunkResponse>(`/api/occ/chunks/${id}`, '/api/occ/chunks/{id}');

/** The ids on a served page. */
async function ids(pathname: string): Promise<Set<string>> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return new Set([...(await response.text()).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? ''));
}

describe('references across sources', () => {
  it('serves the names a source is cited by and the instrument an explainer is about, each with its provenance', async () => {
    const act = (await api<SourceResponse>('/api/occ/sources/mini-act', '/api/occ/sources/{id}')).source;
    expect(act).toMatchObject({ kind: 'primary', cited_as: ['Mini Act', 'Regulation (XX) 2099/1'] });
    const guide = (await api<SourceResponse>('/api/occ/sources/mini-act-guide', '/api/occ/sources/{id}')).source;
    expect(guide).toMatchObject({ kind: 'explainer', publisher: 'OCC contributors', license: 'CC-BY-4.0', url: `${server.url}/sources/mini-act-guide` });
    expect(guide.about).toEqual([
      { title: 'Regulation (XX) 2099/1 (Mini Act)', publisher: 'Fixture Office', url: 'https://example.org/mini-act', names: ['Mini Act', 'Regulation (XX) 2099/1'] },
    ]);
  });

  it('says in search results, RAG citations and the context line which passages are the official text and which our explainer', async () => {
    const search = await api<SearchResponse>('/api/occ/search?q=model%20register&top=10', '/api/occ/search');
    const kinds = new Map(search.results.map((r) => [r.source, r.source_kind]));
    expect(kinds.get('mini-act')).toBe('primary');
    expect(kinds.get('mini-act-guide')).toBe('explainer');
    const response = await fetch(`${server.url}/api/occ/rag`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Who must register a model?', top_k: 8 }),
    });
    const rag = (await response.json()) as RagResponse;
    expect(response.status).toBe(200);
    const act = rag.chunks.find((c) => c.source === 'mini-act');
    const guide = rag.chunks.find((c) => c.source === 'mini-act-guide');
    expect(act?.citation.kind).toBe('primary');
    expect(guide?.citation.kind).toBe('explainer');
    expect(rag.context).toContain(`[${act?.n}] Regulation (XX) 2099/1 on model registers (Mini Act)`);
    expect(rag.context).toMatch(/\(official text, Fixture Parliament; http/);
    expect(rag.context).toMatch(/\(explainer by OCC contributors, about Regulation \(XX\) 2099\/1 \(Mini Act\); http/);
    expect(rag.sources.find((s) => s.id === 'mini-act-guide')?.url).toBe(`${server.url}/sources/mini-act-guide`);
  });

  it("lists on the explainer's chunks the act's chunks they cite, each one served", async () => {
    const guide = await api<SourceResponse>('/api/occ/sources/mini-act-guide', '/api/occ/sources/{id}');
    const chunks = await Promise.all(guide.sections.flatMap((s) => s.chunks).map(chunk));
    const cited = new Map(chunks.map((c) => [c.text.slice(0, 20), c.references?.map((r) => r.pinpoint) ?? []]));
    expect(cited.get('The Mini Act asks pr')).toEqual(['Art. 2(1)', 'Annex I']);
    expect(cited.get('An entry names the m')).toEqual(['Art. 2', 'Art. 2(2)(b)']);
    expect(cited.get('Automated decisions ')).toEqual([]);
    for (const reference of chunks.flatMap((c) => c.references ?? [])) {
      const target = await chunk(reference.chunk);
      expect(target.source).toBe('mini-act');
      expect(target.pinpoint, reference.pinpoint).toMatch(reference.pinpoint.startsWith('Annex') ? /^Annex I\b/ : /^Arts?\. 2\b/);
    }
  });

  it("links the explainer's page to pinpoint anchors that exist on the act's page", async () => {
    const html = await (await fetch(`${server.url}/sources/mini-act-guide`)).text();
    const links = [...html.matchAll(/<a href="(\/sources\/[^"#]+)#([^"]+)">([^<]+)<\/a>/g)].map((m) => ({ page: m[1] ?? '', anchor: m[2] ?? '', text: m[3] ?? '' }));
    expect(links.map((l) => `${l.text} → ${l.page}#${l.anchor}`)).toEqual([
      'Article 2(1) → /sources/mini-act#art-2-1',
      'Annex I → /sources/mini-act#annex-i-register-entries',
      'Article 2 → /sources/mini-act#article-2-register-duties',
      'Article 2(2)(b) → /sources/mini-act#art-2-2-b',
    ]);
    const act = await ids('/sources/mini-act');
    for (const link of links) expect(act, `${link.text}: #${link.anchor}`).toContain(link.anchor);
    expect(html).toContain('stay under GDPR Article 22, which');
    expect(html).toContain('adds access duties in its Article 1.');
  });

  it("links the act's own mentions within its page, and its chunk urls land", async () => {
    const html = await (await fetch(`${server.url}/sources/mini-act`)).text();
    expect(html).toContain('<a href="#article-2-register-duties">Article 2</a>');
    const act = await api<SourceResponse>('/api/occ/sources/mini-act', '/api/occ/sources/{id}');
    const anchors = await ids('/sources/mini-act');
    for (const id of act.sections.flatMap((s) => s.chunks)) {
      const url = new URL((await chunk(id)).url, server.url);
      expect(anchors, url.hash).toContain(url.hash.slice(1));
    }
  });

  it("pinpoints a code's sections, links its mentions of them to their anchors, and its chunk urls land", async () => {
    const code = await api<SourceResponse>('/api/occ/sources/mini-code', '/api/occ/sources/{id}');
    const chunks = await Promise.all(code.sections.flatMap((s) => s.chunks).map(chunk));
    expect(chunks.map((c) => c.pinpoint)).toEqual(['§ 1', '§ 2(a)-(b)']);
    expect(chunks[1]?.references).toEqual([{ pinpoint: '§ 1(1)', chunk: chunks[0]?.id }]);
    const html = await (await fetch(`${server.url}/sources/mini-code`)).text();
    expect(html).toContain('<a href="#sec-1-1">section 1(1)</a>');
    expect(html).toContain('<a href="#sec-2-a">§ 2(a)</a>');
    const anchors = await ids('/sources/mini-code');
    for (const id of ['sec-1-1', 'sec-2-a', 'sec-2-b-1', ...chunks.map((c) => new URL(c.url, server.url).hash.slice(1))]) expect(anchors, id).toContain(id);
  });
});
