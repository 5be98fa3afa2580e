import { describe, expect, it } from 'vitest';
import { buildIndex, indexDoc } from '../../src/core/index/build.js';
import { assembleContext } from '../../src/core/rag/assemble.js';
import { SearchEngine } from '../../src/core/search/search.js';
import type { Chunk, SourceMeta } from '../../src/core/types.js';

const meta = (id: string, title: string): SourceMeta => ({
  id, title, kind: 'primary', publisher: 'Fixture', url: `https://example.org/${id}`, license: 'CC-BY-4.0', language: 'en', tags: [], as_of: '2026-01-01',
});
const sources = new Map([meta('act', 'Fixture Act'), meta('copy', 'Fixture Act mirror'), meta('guide', 'Fixture Guide')].map((m) => [m.id, m]));

let n = 0;
const chunk = (source: string, section: string, position: number, text: string): Chunk => ({
  id: `${source}:${n++}`, source, heading: section, path: [section], text, position, url: `/sources/${source}#${section.toLowerCase()}`,
});
const oversight = 'Deployers assign oversight to trained staff. Overseers can stop the system. They log every intervention.';
const chunks = [
  // One section cut into three chunks; the middle one matches least, so it is chosen last.
  chunk('act', 'Oversight', 0, `${oversight} Oversight oversight oversight.`),
  chunk('act', 'Oversight', 1, 'Records of oversight are kept for ten years by the deployer and made available.'),
  chunk('act', 'Oversight', 2, 'Oversight duties grow with the risk: oversight of oversight bodies is reviewed yearly.'),
  chunk('act', 'Penalties', 3, 'Fines reach seven percent of turnover for prohibited practices.'),
  // A near-copy of the first chunk in another source.
  chunk('copy', 'Oversight', 0, `${oversight} Oversight oversight oversight!`),
  // Vendor audits: two sections of the act, one chunk of the guide, all close in score.
  chunk('act', 'Audit', 4, 'Vendor audit checklist: vendor audit evidence.'),
  chunk('act', 'Suppliers', 6, 'Vendor audit checklist: vendor audit records.'),
  chunk('guide', 'Audit', 0, 'Vendor audit checklist for vendor audit teams.'),
];
const engine = new SearchEngine(buildIndex(chunks.map((c) => indexDoc(c, sources.get(c.source)?.title ?? ''))), chunks);
const rag = (query: string, options: Parameters<typeof assembleContext>[3]) => assembleContext(engine, sources, query, options);

describe('RAG context assembly', () => {
  it('drops near-duplicate chunks', () => {
    const ids = rag('oversight', { topK: 5 }).chunks.flatMap((c) => c.ids);
    expect(ids.filter((id) => id === 'act:0' || id === 'copy:4')).toHaveLength(1);
  });

  it('merges adjacent chunks of one section into one passage in source order, bridging two passages', () => {
    const { chunks: cited } = rag('oversight', { topK: 3 });
    const passage = cited.find((c) => c.ids.includes('act:1'));
    expect(passage?.ids).toEqual(['act:0', 'act:1', 'act:2']);
    expect(passage?.text).toBe([chunks[0], chunks[1], chunks[2]].map((c) => c?.text).join('\n'));
  });

  it('numbers citations in the order of the context, the same on every call', () => {
    const first = rag('oversight fines vendor audit', { topK: 6 });
    expect(first.chunks.map((c) => c.n)).toEqual(first.chunks.map((_, i) => i + 1));
    const markers = [...first.context.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
    expect(markers).toEqual(first.chunks.map((c) => c.n));
    expect(rag('oversight fines vendor audit', { topK: 6 })).toEqual(first);
    expect(first.sources.map((s) => s.id)).toEqual([...new Set(first.chunks.map((c) => c.source))]);
  });

  it('draws on one source only when given one', () => {
    const guide = rag('vendor audit checklist', { topK: 3, sources: ['guide'] });
    expect(guide.chunks.map((c) => c.ids)).toEqual([['guide:7']]);
    expect(guide.sources.map((s) => s.id)).toEqual(['guide']);
    expect(rag('vendor audit checklist', { topK: 3 }).sources.map((s) => s.id)).toContain('act');
  });

  it('prefers another source when scores are close', () => {
    const diverse = rag('vendor audit checklist', { topK: 2, closeScore: 0.5 });
    expect(new Set(diverse.chunks.map((c) => c.source))).toEqual(new Set(['act', 'guide']));
    const byScore = rag('vendor audit checklist', { topK: 2, closeScore: 1 });
    expect(byScore.chunks.map((c) => c.score)).toEqual([...byScore.chunks.map((c) => c.score)].sort((a, b) => b - a));
  });

  it('respects max_chars, cutting between chunks', () => {
    const whole = rag('oversight fines vendor audit', { topK: 6 });
    for (const maxChars of [150, 300, 500, 800]) {
      const cut = rag('oversight fines vendor audit', { topK: 6, maxChars });
      expect(cut.context.length).toBeLessThanOrEqual(maxChars);
      for (const c of cut.chunks) {
        expect(c.text).toBe(c.ids.map((id) => chunks.find((x) => x.id === id)?.text).join('\n'));
      }
      expect(cut.chunks.length).toBeLessThanOrEqual(whole.chunks.length);
    }
  });

  it('cuts the first passage at a sentence end when not even one chunk fits', () => {
    // Room for the citation line (with its provenance, "official text, Fixture") and a sentence or two, not the chunk.
    const cut = rag('trained staff', { topK: 1, maxChars: 155 });
    expect(cut.context.length).toBeLessThanOrEqual(155);
    const [only] = cut.chunks;
    expect(only?.ids).toHaveLength(1);
    expect(only?.text).toMatch(/\.$/);
    const whole = chunks.find((c) => c.id === only?.ids[0])?.text ?? '';
    expect(whole.startsWith(only?.text ?? '-')).toBe(true);
    expect(only?.text.length).toBeLessThan(whole.length);
  });

  it('returns an empty context when nothing matches', () => {
    expect(rag('zebra', { topK: 3 })).toEqual({ chunks: [], context: '', sources: [], wordsAlone: null });
  });
});
