/**
 * The ranking guard that runs on a fresh clone: a small act written for this test (tests/fixtures/ranking-guard, EU
 * drafting conventions, invented rules) and 24 questions with the provision that answers each. OCC's ranking must
 * keep success@5 and MRR@10 above a floor; plain Lunr over naive heading chunks, the comparison point of
 * `npm run eval`, scores below it, so the floor measures what the ranking rules add. `npm run eval` is the full
 * measure; this only catches a regression where ../shared is absent.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitSections } from '../../src/core/chunking/sections.js';
import { buildCorpus } from '../../src/core/corpus/corpus.js';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { naiveChunks, PlainLunr } from '../../src/core/eval/baseline.js';
import { reciprocalRankAt } from '../../src/core/eval/metrics.js';
import { holdsAny, pinpointNeedles } from '../../src/core/eval/pinpoints.js';
import { DEFAULT_RANKING, indexDoc } from '../../src/core/index/build.js';
import { buildPostings } from '../../src/core/index/builder.js';
import { compile } from '../../src/core/pipeline.js';
import { SearchEngine } from '../../src/core/search/search.js';
import type { Chunk } from '../../src/core/types.js';

const dir = fileURLToPath(new URL('../fixtures/ranking-guard', import.meta.url));
const questions = readFileSync(`${dir}/queries.jsonl`, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { id: string; text: string; relevant: { source: string; pinpoint: string }[] });
const files = readContentFiles(contentDirs(dir));
const sections = new Map(buildCorpus(files).sources.map((s) => [s.meta.id, splitSections(s.body, s.meta.title).sections]));

/** The lines each question's provision covers: a chunk answers when it holds one, whichever chunker cut it. */
const needles = new Map(
  questions.map((q) => [q.id, q.relevant.flatMap((r) => pinpointNeedles(sections.get(r.source) ?? [], r.pinpoint) ?? [])]),
);

/** success@5 and MRR@10 of a ranking function over the questions. */
function score(rank: (text: string) => Chunk[]): { s5: number; mrr10: number; misses: string[] } {
  let s5 = 0;
  let mrr = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const ranked = rank(q.text);
    const judged = new Map(ranked.filter((c) => holdsAny(c.text, needles.get(q.id) ?? [])).map((c) => [c.id, 1]));
    const ids = ranked.map((c) => c.id);
    if (ids.slice(0, 5).some((id) => judged.has(id))) s5++;
    else misses.push(q.id);
    mrr += reciprocalRankAt(ids, judged, 10);
  }
  return { s5: s5 / questions.length, mrr10: mrr / questions.length, misses };
}

/**
 * The floors, under today's figures (23 of 24 in the top 5, S@5 0.958, MRR@10 0.917; plain Lunr 0.792 / 0.703): one
 * more miss in the top 5 still passes, two fail; MRR@10 may drop by about 0.07.
 */
const FLOOR = { s5: 0.9, mrr10: 0.85 };

describe('the ranking guard over a mini act', () => {
  it('has a provision for every question', () => {
    expect(questions.length).toBe(24);
    for (const q of questions) expect(needles.get(q.id)?.length, q.id).toBeGreaterThan(0);
  });

  it("keeps OCC's success@5 and MRR@10 above the floor, where plain Lunr falls below it", () => {
    const { corpus } = compile(files, new Date('2026-11-28'), DEFAULT_RANKING);
    const titles = new Map(corpus.sources.map((s) => [s.meta.id, s.meta.title]));
    const index = buildPostings(corpus.chunks.map((c) => indexDoc(c, titles.get(c.source) ?? '')), DEFAULT_RANKING);
    const engine = new SearchEngine(index, corpus.chunks, { glossary: corpus.glossary, sources: corpus.sources.map((s) => s.meta) });
    const occ = score((text) => engine.search(text, { top: 10, snippets: false }).hits.map((h) => h.chunk));

    const naive = [...sections].flatMap(([id, s]) => naiveChunks(id, s));
    const byId = new Map(naive.map((c) => [c.id, c]));
    const lunr = new PlainLunr(naive);
    const plain = score((text) => lunr.search(text, 10).map((id) => byId.get(id)!));

    expect(occ.s5, `missed in the top 5: ${occ.misses.join(', ')}`).toBeGreaterThanOrEqual(FLOOR.s5);
    expect(occ.mrr10).toBeGreaterThanOrEqual(FLOOR.mrr10);
    expect(plain.s5 < FLOOR.s5 || plain.mrr10 < FLOOR.mrr10, `plain Lunr ${JSON.stringify(plain)}`).toBe(true);
    console.log(`[ranking guard] OCC S@5 ${occ.s5.toFixed(3)} MRR@10 ${occ.mrr10.toFixed(3)}; plain Lunr ${plain.s5.toFixed(3)} / ${plain.mrr10.toFixed(3)}`);
  });
});
