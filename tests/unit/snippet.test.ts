import { describe, expect, it } from 'vitest';
import { queryTerms, searchPipeline } from '../../src/core/index/analysis.js';
import { buildIndex } from '../../src/core/index/build.js';
import { highlight } from '../../src/core/search/snippet.js';

const index = searchPipeline(buildIndex([{ id: 'x', text: 'x', heading: '', title: '' }]));
const snip = (text: string, query: string) => highlight(index, text, queryTerms(index, query));
const marked = (s: { text: string; highlights: [number, number][] }) => s.highlights.map(([a, b]) => s.text.slice(a, b));

describe('snippets', () => {
  it('marks the matched words of a short text, which it keeps whole', () => {
    const s = snip('Providers of high-risk systems must keep logs.', 'provider log');
    expect(s.text).toBe('Providers of high-risk systems must keep logs.');
    expect(marked(s)).toEqual(['Providers', 'logs']);
  });

  it('marks words matched through stemming, hyphen forms and accent folding', () => {
    expect(marked(snip('The requirement applies to high-risk uses.', 'requirements highrisk'))).toEqual(['requirement', 'high-risk']);
    expect(marked(snip('La Société des auditeurs.', 'societe'))).toEqual(['Société']);
  });

  it('cuts a long text to the densest window, with ellipses where it was cut', () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const text = `${filler(60)} human oversight needs human competence and oversight authority. ${filler(60)}`;
    const s = snip(text, 'human oversight');
    expect(s.text.startsWith('… ')).toBe(true);
    expect(s.text.endsWith(' …')).toBe(true);
    expect(marked(s)).toEqual(['human', 'oversight', 'human', 'oversight']);
    expect(s.text.split(/\s+/).filter((w) => w !== '…').length).toBeLessThanOrEqual(40);
  });

  it('starts at the beginning when nothing matches', () => {
    const s = snip('Nothing here matches the query at all.', 'biometric');
    expect(s).toEqual({ text: 'Nothing here matches the query at all.', highlights: [] });
  });

  it('keeps offsets right after characters that change length when folded', () => {
    const s = snip('ﬁnance ﬁrms: Straße und oversight', 'oversight');
    expect(marked(s)).toEqual(['oversight']);
  });

  it('cuts the same snippets from texts it has seen before, with other terms, and after they left its cache', () => {
    const texts = Array.from({ length: 1100 }, (_, i) => `Section ${i}: providers keep logs; deployers of system ${i} ensure human oversight of risk ${i % 7}.`);
    const queries = ['provider log', 'human oversight', `risk ${3}`, 'deployer system'];
    const first = texts.map((text, i) => snip(text, queries[i % queries.length]!));
    // Other terms on texts now known, then the first terms again once more texts than the cache holds came between.
    const second = texts.map((text, i) => snip(text, queries[(i + 1) % queries.length]!));
    expect(texts.map((text, i) => snip(text, queries[i % queries.length]!))).toEqual(first);
    expect([marked(first[0]!), marked(second[0]!)]).toEqual([['providers', 'logs'], ['human', 'oversight']]);
  });
});
