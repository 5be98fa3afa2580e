/**
 * `explain`: over the ranking guard's mini act, each hit's explanation adds up to its score (BM25 by term and by
 * field, what citing explainers added, the rules' factors), names the rules that moved it with their knobs, and
 * asking for it changes nothing else.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { DEFAULT_RANKING, indexDoc } from '../../src/core/index/build.js';
import { buildPostings } from '../../src/core/index/builder.js';
import { compile } from '../../src/core/pipeline.js';
import { SearchEngine, type Hit } from '../../src/core/search/search.js';

const dir = fileURLToPath(new URL('../fixtures/ranking-guard', import.meta.url));
const { corpus } = compile(readContentFiles(contentDirs(dir)), new Date('2026-11-28'), DEFAULT_RANKING);
const titles = new Map(corpus.sources.map((s) => [s.meta.id, s.meta.title]));
const index = buildPostings(corpus.chunks.map((c) => indexDoc(c, titles.get(c.source) ?? '')), DEFAULT_RANKING);
const engine = new SearchEngine(index, corpus.chunks, { glossary: corpus.glossary, sources: corpus.sources.map((s) => s.meta) });

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const explained = (q: string) => engine.search(q, { top: 10, explain: true }).hits;

const QUESTIONS = [
  'Why should records of routes be kept?',
  'How long must operators keep their flight logs?',
  'What counts as a serious incident?',
  'When do the rules start to apply?',
  'Article 6 on operators',
  'Can I fly my delivery drone over a concert crowd?',
];

describe('explain', () => {
  it.each(QUESTIONS)('adds up to each score: %s', (q) => {
    const hits = explained(q);
    expect(hits.length).toBeGreaterThan(0);
    for (const { score, explain } of hits) {
      expect(explain).toBeDefined();
      const e = explain!;
      expect(e.score).toBe(score);
      expect(sum(Object.values(e.fields))).toBeCloseTo(e.bm25, 9);
      expect(sum(e.terms.map((t) => t.score))).toBeCloseTo(e.bm25, 9);
      if (e.placed === null) expect((e.bm25 + (e.citation ?? 0)) * e.rules.reduce((p, r) => p * r.factor, 1)).toBeCloseTo(score, 9);
      for (const r of e.rules) expect(r.factor).not.toBe(1);
    }
  });

  it('changes nothing but adding the explanations', () => {
    for (const q of QUESTIONS) {
      const plain = engine.search(q, { top: 10 });
      const withExplain = engine.search(q, { top: 10, explain: true });
      expect(withExplain.hits.map(({ explain: _, ...hit }: Hit) => hit)).toEqual(plain.hits);
      expect(plain.hits.every((h) => !('explain' in h))).toBe(true);
      expect({ ...withExplain, hits: [] }).toEqual({ ...plain, hits: [] });
    }
  });

  it("names the rules that moved a result, with their knobs' values", () => {
    const hits = explained('How long must operators keep their flight logs?');
    // Recitals explain; the Articles rule: below them whatever the question, unless it asks why.
    const recital = hits.find((h) => h.chunk.pinpoint?.startsWith('Recital'));
    expect(recital?.explain?.rules).toEqual([{ rule: 'recital', factor: 0.6, knobs: { recitalPrior: 0.6 } }]);
    // A how-long question lifts the provisions stating a time limit.
    const stating = hits.filter((h) => h.explain?.rules.some((r) => r.rule === 'stated'));
    expect(stating.length).toBeGreaterThan(0);
    expect(stating[0]?.explain?.rules).toContainEqual({ rule: 'stated', factor: 1.5, knobs: { timeFactor: 1.5, amountFactor: 1.5 } });
  });

  it('says which terms matched, in which fields, and where each came from', () => {
    const [best] = explained('How long must operators keep their flight logs?');
    const terms = best?.explain?.terms ?? [];
    expect(terms.find((t) => t.term === 'log')).toMatchObject({ source: 'typed', weight: 1 });
    for (const t of terms) expect(t.fields?.length).toBeGreaterThan(0);
    // A word Porter stems apart ("operators", "operation") is searched as a derived form at its knob's weight.
    const derived = explained('What must operators record?').flatMap((h) => h.explain?.terms ?? []).filter((t) => t.source === 'derived');
    for (const t of derived) expect(t.weight).toBe(0.5);
  });

  it('marks a provision the query cites as placed first', () => {
    const [first] = explained('Article 6 on operators');
    expect(first?.chunk.pinpoint).toMatch(/^Arts?\. 6/);
    expect(first?.explain, JSON.stringify(first?.explain)).toMatchObject({ placed: 'cited', rules: [] });
  });
});
