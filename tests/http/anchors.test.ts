/**
 * Every link the API hands out lands somewhere real: each chunk's `url` of the built corpus names a page the
 * server serves and an element of that id on it, and so do glossary and source links.
 */
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildFiles } from '../../src/core/build-files.js';
import { openCorpus } from '../../src/core/corpus/artifact.js';

const base = inject('baseUrl');
const buildDir = path.resolve(process.env['OCC_BUILD_DIR'] ?? 'build');
const corpus = openCorpus(buildFiles(buildDir).corpus);

const pages = new Map<string, Promise<{ status: number; ids: string[] }>>();

/** The ids of a served page (fetched once), decoding the few entities an attribute value can hold. */
function page(pathname: string): Promise<{ status: number; ids: string[] }> {
  let found = pages.get(pathname);
  if (!found) {
    found = fetch(`${base}${pathname}`).then(async (response) => {
      const html = await response.text();
      const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) =>
        (m[1] ?? '').replaceAll('&quot;', '"').replaceAll('&#x26;', '&').replaceAll('&amp;', '&'),
      );
      return { status: response.status, ids };
    });
    pages.set(pathname, found);
  }
  return found;
}

async function expectResolves(url: string, from: string): Promise<void> {
  const target = new URL(url, base);
  const anchor = decodeURIComponent(target.hash.slice(1));
  const { status, ids } = await page(target.pathname);
  expect(status, `${from}: ${target.pathname} is not served`).toBe(200);
  if (anchor !== '') expect(ids, `${from}: no element with id "${anchor}" on ${target.pathname}`).toContain(anchor);
}

describe('links into the site', () => {
  it('the corpus has chunks to check', () => {
    expect(corpus.chunks.length).toBeGreaterThan(0);
  });

  it('every chunk url resolves to a page and an element of that id', async () => {
    for (const chunk of corpus.chunks) await expectResolves(chunk.url, `chunk ${chunk.id}`);
  });

  it('ids are unique on every source page, so an anchor names one place', async () => {
    for (const source of corpus.sources) {
      const { ids } = await page(`/sources/${source.meta.id}`);
      const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(duplicates, `/sources/${source.meta.id}`).toEqual([]);
    }
  });

  it('ids are unique on the glossary and wisdom pages, and every entry has its anchor', async () => {
    for (const [pathname, entries] of [['/glossary', corpus.glossary], ['/wisdom', corpus.wisdom]] as const) {
      const { status, ids } = await page(pathname);
      expect(status).toBe(200);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i), pathname).toEqual([]);
      for (const entry of entries) expect(ids, pathname).toContain(entry.id);
    }
  });

  it('every table-of-contents entry has its heading', async () => {
    for (const source of corpus.sources) {
      for (const entry of source.toc) await expectResolves(`/sources/${source.meta.id}#${entry.anchor}`, `toc of ${source.meta.id}`);
    }
  });

  it('glossary urls, related terms and source pages from the API resolve', async () => {
    const glossary = (await (await fetch(`${base}/api/occ/glossary`)).json()) as { entries: { id: string; url: string; related: string[]; sources: string[] }[] };
    expect(glossary.entries.length).toBe(corpus.glossary.length);
    for (const entry of glossary.entries) {
      await expectResolves(entry.url, `glossary ${entry.id}`);
      for (const id of entry.related) await expectResolves(`/glossary#${id}`, `related of ${entry.id}`);
      for (const id of entry.sources) await expectResolves(`/sources/${id}`, `sources of ${entry.id}`);
    }
    const sources = (await (await fetch(`${base}/api/occ/sources`)).json()) as { sources: { id: string; page: string }[] };
    for (const source of sources.sources) await expectResolves(source.page, `source ${source.id}`);
  });

  it('search results and RAG citations link to resolvable sections', async () => {
    const search = (await (await fetch(`${base}/api/occ/search?q=risk&top=20`)).json()) as { results: { id: string; url: string }[] };
    expect(search.results.length).toBeGreaterThan(0);
    for (const r of search.results) await expectResolves(r.url, `search result ${r.id}`);
    const rag = (await (
      await fetch(`${base}/api/occ/rag`, { method: 'POST', body: JSON.stringify({ query: 'human oversight', top_k: 10 }) })
    ).json()) as { chunks: { n: number; citation: { url: string } }[] };
    expect(rag.chunks.length).toBeGreaterThan(0);
    for (const c of rag.chunks) await expectResolves(c.citation.url, `rag passage ${c.n}`);
  });

  it('a missing anchor is caught (the check itself can fail)', async () => {
    const first = corpus.sources[0];
    expect(first).toBeDefined();
    const { ids } = await page(`/sources/${first?.meta.id}`);
    expect(ids).not.toContain('no-such-anchor-anywhere');
  });
});
