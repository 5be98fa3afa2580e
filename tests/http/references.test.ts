/**
 * Cross-references, built and served: a mini regulation (`cited_as`) and an explainer about it (`about`). The
 * explainer's chunks list the act's chunks they cite, its docs page links them to the act's page, every such
 * link lands on an element of that id, and a mention of an act nobody indexed ("GDPR Article 22") stays text; a code
 * numbered by sections ("SEC. 2.") gets § pinpoints whose mentions link within its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkResponse, SourceResponse } from '../../src/api/types.js';
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
  it('serves the names a source is cited by and the instrument an explainer is about', async () => {
    expect((await api<SourceResponse>('/api/occ/sources/mini-act', '/api/occ/sources/{id}')).source.cited_as).toEqual(['Mini Act', 'Regulation (XX) 2099/1']);
    expect((await api<SourceResponse>('/api/occ/sources/mini-act-guide', '/api/occ/sources/{id}')).source.about).toEqual(['Mini Act', 'Regulation (XX) 2099/1']);
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
