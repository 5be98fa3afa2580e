/** Reciprocal rank fusion, and several phrasings of one search fused by it. */
import { describe, expect, it } from 'vitest';
import { FUSION_DEPTH, fusedSearch, reciprocalRankFusion, RRF_K } from '../../src/core/search/fusion.js';
import type { Hit, SearchOptions, SearchOutcome } from '../../src/core/search/search.js';

const id = (s: string) => s;

describe('reciprocalRankFusion', () => {
  it('scores each item by the sum of 1 / (60 + rank) over the rankings that hold it', () => {
    expect(RRF_K).toBe(60);
    const fused = reciprocalRankFusion([['a', 'b', 'c'], ['b', 'd']], id);
    expect(fused.map((f) => f.item)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]).toEqual({ item: 'b', score: 1 / 62 + 1 / 61, best: 1, from: 1 });
    expect(fused[1]).toEqual({ item: 'a', score: 1 / 61, best: 1, from: 0 });
    expect(fused[2]?.score).toBeCloseTo(1 / 62);
    expect(fused[3]?.score).toBeCloseTo(1 / 63);
  });

  it('puts an item found near the top by several rankings above one a single ranking puts first', () => {
    const fused = reciprocalRankFusion([['x', 'shared'], ['y', 'shared'], ['z', 'shared']], id);
    expect(fused[0]?.item).toBe('shared');
  });

  it('keeps the item of the ranking where it ranked best, and orders ties fully', () => {
    const rankings = [
      [{ id: 'a', from: 'first' }, { id: 'b', from: 'first' }],
      [{ id: 'b', from: 'second' }, { id: 'a', from: 'second' }],
    ];
    const fused = reciprocalRankFusion(rankings, (r) => r.id);
    // Equal scores and equal best ranks: the earlier ranking's first item wins.
    expect(fused.map((f) => [f.item.id, f.item.from])).toEqual([['a', 'first'], ['b', 'second']]);
    expect(fused[0]?.score).toBe(fused[1]?.score);
  });

  it('takes another k, and answers nothing for no rankings', () => {
    expect(reciprocalRankFusion([['a']], id, 0)[0]?.score).toBe(1);
    expect(reciprocalRankFusion([], id)).toEqual([]);
    expect(reciprocalRankFusion([[], []], id)).toEqual([]);
  });
});

describe('fusedSearch', () => {
  const hit = (chunk: string, score: number, snippet = chunk): Hit => ({
    chunk: { id: chunk, source: chunk.split(':')[0] ?? '', heading: '', path: [], text: '', position: 0, url: '' },
    score,
    snippet: { text: snippet, highlights: [] },
  });
  /** An engine answering each query from a table, recording what it was asked. */
  const stub = (table: Record<string, { total: number; hits: Hit[] }>) => {
    const asked: [string, SearchOptions][] = [];
    return {
      asked,
      search(query: string, options: SearchOptions): SearchOutcome {
        asked.push([query, options]);
        const row = table[query] ?? { total: 0, hits: [] };
        return { terms: [query], expanded: [], total: row.total, hits: row.hits.slice(0, options.top), language: 'en' };
      },
    };
  };

  it('is the plain search for one phrasing', () => {
    const engine = stub({ oversight: { total: 7, hits: [hit('s:1', 3.2), hit('s:2', 1.1)] } });
    const options = { top: 1, sources: ['s'] };
    expect(fusedSearch(engine, ['oversight'], options)).toEqual(engine.search('oversight', options));
    expect(engine.asked[0]).toEqual(['oversight', options]);
  });

  it('reads each phrasing deep enough, fuses by rank and keeps the best-ranked snippet', () => {
    const engine = stub({
      'human oversight': { total: 40, hits: [hit('s:1', 9, 'one by q'), hit('s:2', 8, 'two by q')] },
      'natural persons oversee': { total: 3, hits: [hit('s:2', 2, 'two by also'), hit('s:3', 1)] },
    });
    const out = fusedSearch(engine, ['human oversight', 'natural persons oversee'], { top: 2, sources: ['s'] });
    expect(engine.asked.map(([q, o]) => [q, o.top, o.sources])).toEqual([
      ['human oversight', FUSION_DEPTH, ['s']],
      ['natural persons oversee', FUSION_DEPTH, ['s']],
    ]);
    expect(out.hits.map((h) => h.chunk.id)).toEqual(['s:2', 's:1']);
    expect(out.hits[0]?.score).toBeCloseTo(1 / 62 + 1 / 61);
    // s:2 ranked first for the second phrasing: its snippet is that phrasing's.
    expect(out.hits[0]?.snippet.text).toBe('two by also');
    expect(out.total).toBe(40);
    expect(out.terms).toEqual(['human oversight', 'natural persons oversee']);
  });

  it('counts at least the distinct chunks its rankings hold', () => {
    const engine = stub({ a: { total: 2, hits: [hit('s:1', 1), hit('s:2', 1)] }, b: { total: 2, hits: [hit('s:3', 1), hit('s:4', 1)] } });
    expect(fusedSearch(engine, ['a', 'b'], { top: 10 })).toMatchObject({ total: 4 });
    expect(fusedSearch(engine, [], { top: 10 })).toEqual({ terms: [], expanded: [], total: 0, hits: [], language: 'en' });
  });

  it('reads deeper than FUSION_DEPTH when more results are asked for', () => {
    const engine = stub({});
    fusedSearch(engine, ['a', 'b'], { top: 50 });
    expect(engine.asked.map(([, o]) => o.top)).toEqual([50, 50]);
  });
});
