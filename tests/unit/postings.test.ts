import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { loadIndex } from '../../src/core/index/artifact.js';
import { queryTerms } from '../../src/core/index/analysis.js';
import { compile } from '../../src/core/pipeline.js';
import { Postings, type SerializedLunrIndex, type WeightedTerm } from '../../src/core/search/postings.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = compile(readContentFiles(contentDirs('content', root), root));
const lunrIndex = loadIndex(built.index, built.corpus.contentHash).index;
const postings = new Postings(built.index.index as SerializedLunrIndex);
/** Every match, best first: the top with no limit. */
const everyMatch = (terms: readonly WeightedTerm[], accept?: (ref: string) => boolean) =>
  postings.top(terms, Number.POSITIVE_INFINITY, accept).results;
const pipeline = lunr.Pipeline.load((built.index.index as SerializedLunrIndex).pipeline);

const QUERIES = ['high-risk AI systems', 'human oversight', 'Article 5 prohibited practices', 'GPAI systemic risk 10^25', 'risk', 'ISO/IEC 42001 Annex A'];

describe('Postings', () => {
  it.each(QUERIES)('scores %j exactly as lunr.Index#query does', (text) => {
    const terms = queryTerms(pipeline, text);
    const ours = everyMatch(terms.map((term) => ({ term, boost: 1 })));
    const theirs = lunrIndex.query((q) => {
      for (const term of terms) q.term(term, { usePipeline: false });
    });
    expect(ours.length).toBe(theirs.length);
    ours.forEach((result, i) => expect(result.score).toBeCloseTo(theirs[i]?.score ?? NaN, 9));
    const byScore = (rs: { ref: string; score: number }[]) => rs.map((r) => `${r.score.toFixed(9)} ${r.ref}`).sort();
    expect(byScore(ours)).toEqual(byScore(theirs));
  });

  it('weighs a boosted term as Lunr does, and filters without changing scores', () => {
    const boosted = everyMatch([{ term: 'oversight', boost: 1 }, { term: 'human', boost: 0.3 }]);
    const theirs = lunrIndex.query((q) => {
      q.term('oversight', { usePipeline: false });
      q.term('human', { usePipeline: false, boost: 0.3 });
    });
    expect(boosted[0]?.score).toBeCloseTo(theirs[0]?.score ?? NaN, 9);
    const onlyOne = everyMatch([{ term: 'oversight', boost: 1 }], (ref) => ref.startsWith('eu-ai-act-high-risk:'));
    expect(onlyOne.every((r) => r.ref.startsWith('eu-ai-act-high-risk:'))).toBe(true);
    expect(onlyOne.length).toBeGreaterThan(0);
  });

  it('returns nothing for no terms or unknown ones (Lunr returns every document for an empty query)', () => {
    expect(everyMatch([])).toEqual([]);
    expect(lunrIndex.query(() => undefined).length).toBe(built.corpus.chunks.length);
    expect(everyMatch([{ term: 'zzzunknown', boost: 1 }])).toEqual([]);
  });

  it('gives the same answer to the same query, whatever ran before', () => {
    const first = everyMatch([{ term: 'risk', boost: 1 }]);
    everyMatch([{ term: 'oversight', boost: 1 }]);
    expect(everyMatch([{ term: 'risk', boost: 1 }])).toEqual(first);
  });
});

describe('Postings#top', () => {
  it('returns the same best documents, in the same order, as sorting every match', () => {
    for (const text of QUERIES) {
      const terms = queryTerms(pipeline, text).map((term) => ({ term, boost: 1 }));
      const all = everyMatch(terms);
      for (const k of [1, 3, 10, 50]) {
        const { total, results } = postings.top(terms, k);
        expect(total).toBe(all.length);
        expect(results).toEqual(all.slice(0, k));
      }
    }
  });
});
