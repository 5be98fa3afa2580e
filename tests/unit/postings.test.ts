import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { queryTerms } from '../../src/core/index/analysis.js';
import { encodeIndexArtifact, readIndexArtifact } from '../../src/core/index/artifact.js';
import { buildIndex, configuredBuilder, DEFAULT_RANKING, indexDoc, type RankingParams } from '../../src/core/index/build.js';
import { buildPostings, IndexBuilder } from '../../src/core/index/builder.js';
import { compile } from '../../src/core/pipeline.js';
import { FIELD_SHIFT, Postings, postingsFromLunr, type PostingsData, type SerializedLunrIndex, type WeightedTerm } from '../../src/core/search/postings.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = compile(readContentFiles(contentDirs('content', root), root));
const titles = new Map(built.corpus.sources.map((s) => [s.meta.id, s.meta.title]));
const docs = built.corpus.chunks.map((c) => indexDoc(c, titles.get(c.source) ?? ''));
const lunrIndex = buildIndex(docs);
// The engine's postings as the server has them: OCC's builder → artifact bytes → loaded views.
const loaded = readIndexArtifact(encodeIndexArtifact(built.postings, built.stats, built.corpus.contentHash, new Date(0)), built.corpus.contentHash);
const postings = new Postings(loaded.postings);
/** Every match, best first: the top with no limit. */
const everyMatch = (terms: readonly WeightedTerm[], accept?: (ref: string) => boolean) =>
  postings.top(terms, Number.POSITIVE_INFINITY, accept).results;
const pipeline = lunr.Pipeline.load(built.stats.pipeline);

/** Typed arrays as plain arrays, so that a difference shows where it is. */
function plain(data: PostingsData) {
  return {
    terms: Buffer.from(data.terms.bytes).toString('utf8'),
    termOffsets: Array.from(data.terms.offsets),
    refs: [...data.refs],
    starts: Array.from(data.starts),
    docs: Array.from(data.docs),
    weightCodes: Array.from(data.weightCodes),
    weightEscapes: Array.from(data.weightEscapes),
    positionBytes: data.positionBytes && Array.from(data.positionBytes),
    positionCheckpoints: data.positionCheckpoints && Array.from(data.positionCheckpoints),
  };
}

const QUERIES = ['high-risk AI systems', 'human oversight', 'Article 5 prohibited practices', 'GPAI systemic risk 10^25', 'risk', 'ISO/IEC 42001 Annex A'];

describe("OCC's index builder", () => {
  it("gives the postings Lunr's own index of the same documents holds: weights, positions, order", () => {
    expect(plain(loaded.postings)).toEqual(plain(postingsFromLunr(lunrIndex)));
  });

  it.each<[string, Partial<RankingParams>, { positions?: boolean }]>([
    ['other boosts, k1 and b', { k1: 1.2, b: 0.75, headingBoost: 1.5, titleBoost: 2 }, {}],
    ['a field left out', { compoundBoost: 0, provisionBoost: 0 }, {}],
    ['no positions', {}, { positions: false }],
  ])('follows the ranking it is given (%s) with no change of format', (_, change, options) => {
    const params = { ...DEFAULT_RANKING, ...change };
    const ours = buildPostings(docs.slice(0, 150), params, options);
    expect(plain(ours.postings)).toEqual(plain(postingsFromLunr(buildIndex(docs.slice(0, 150), params, options))));
    const back = readIndexArtifact(encodeIndexArtifact(ours.postings, ours.stats, 'h', new Date(0)));
    expect(plain(back.postings)).toEqual(plain(ours.postings));
    expect(back.stats.fields.map((f) => f.name)).toEqual((buildIndex([], params).toJSON() as unknown as { fields: string[] }).fields);
    expect(back.stats).toMatchObject({ k1: params.k1, b: params.b, positions: options.positions ?? true });
  });

  it('counts a document boost as Lunr does', () => {
    const theirs = configuredBuilder();
    const ours = new IndexBuilder(configuredBuilder());
    docs.slice(0, 40).forEach((doc, i) => {
      theirs.add(doc, { boost: 1 + (i % 3) / 2 });
      ours.add(doc, { boost: 1 + (i % 3) / 2 });
    });
    expect(plain(ours.finish().postings)).toEqual(plain(postingsFromLunr(theirs.build())));
  });

  it('refuses a document added twice', () => {
    const ours = new IndexBuilder();
    ours.add(docs[0]!);
    expect(() => ours.add(docs[0]!)).toThrow(/added twice/);
  });
});

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

  it.each(['human oversight', 'risk management system', 'transparency obligations providers', 'conformity assessment'])(
    "gives %j every score lunr.Index#search gives",
    (text) => {
      const ours = everyMatch(queryTerms(pipeline, text).map((term) => ({ term, boost: 1 })));
      const theirs = lunrIndex.search(text);
      expect(theirs.length).toBeGreaterThan(0);
      expect(new Map(ours.map((r) => [r.ref, r.score.toFixed(9)]))).toEqual(new Map(theirs.map((r) => [r.ref, r.score.toFixed(9)])));
    },
  );

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
    expect(everyMatch([{ term: '', boost: 1 }])).toEqual([]);
  });

  it('finds every term of the dictionary, and only those', () => {
    for (const [term] of (lunrIndex.toJSON() as unknown as { invertedIndex: [string][] }).invertedIndex) expect(postings.termId(term)).toBeDefined();
    expect(postings.termId('risk0')).toBeUndefined();
  });

  it('lists the terms that extend a prefix by at most n characters, as a scan of the whole dictionary would', () => {
    const dictionary = (lunrIndex.toJSON() as unknown as { invertedIndex: [string][] }).invertedIndex.map(([term]) => term);
    for (const prefix of ['risk', 'assess', 'provid', 'a', 'zzz', 'human']) {
      for (const extra of [0, 2, 4]) {
        const expected = dictionary.filter((term) => term.startsWith(prefix) && term.length - prefix.length <= extra).sort();
        expect(postings.termsExtending(prefix, extra).sort()).toEqual(expected);
      }
    }
    expect(postings.termsExtending('risk', 2)).toContain('risk');
  });

  it("reads back every word position Lunr's index holds, field by field", () => {
    const serialized = lunrIndex.toJSON() as unknown as SerializedLunrIndex;
    const refs = new Map(postings.refs.map((ref, doc) => [ref, doc]));
    let checked = 0;
    for (const [term, posting] of serialized.invertedIndex.filter((_, i) => i % 7 === 0)) {
      const expected = new Map<string, number[]>();
      serialized.fields.forEach((field, f) => {
        const byRef = posting[field];
        if (typeof byRef !== 'object') return;
        for (const [ref, meta] of Object.entries(byRef)) expected.set(ref, [...(expected.get(ref) ?? []), ...(meta.index ?? []).map((p) => f * FIELD_SHIFT + p)]);
      });
      for (const [ref, list] of expected) {
        expect(Array.from(postings.positionsOf(term, refs.get(ref) ?? -1))).toEqual(list);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
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

describe('Postings#best', () => {
  const terms = ['risk', 'means', 'system', 'article', 'oversight'].map((word) => queryTerms(pipeline, word)[0] ?? word);
  const filters: [string, (ref: string, doc: number) => boolean][] = [
    ['every document', () => true],
    ['every third document', (_ref, doc) => doc % 3 === 0],
    ['one source', (ref) => ref.startsWith(built.corpus.chunks[0]?.source ?? '')],
  ];

  it("returns what top returns for the term alone, the same documents with the same scores in the same order", () => {
    for (const term of terms) {
      for (const [, accept] of filters) {
        for (const k of [1, 3, 10, 50, 100_000]) expect(postings.best(term, k, accept)).toEqual(postings.top([{ term, boost: 1 }], k, accept).results);
      }
    }
  });

  it('asks the filter only until enough documents pass it', () => {
    const term = terms[0] ?? '';
    let asked = 0;
    const results = postings.best(term, 3, () => (asked++, true));
    expect(results).toHaveLength(3);
    expect(asked).toBe(3);
    expect(postings.top([{ term, boost: 1 }], 3).total).toBeGreaterThan(3);
  });

  it('returns nothing for a term no document holds, or no room', () => {
    expect(postings.best('zzzunknownzzz', 5, () => true)).toEqual([]);
    expect(postings.best(terms[0] ?? '', 0, () => true)).toEqual([]);
  });
});

describe('Postings#scoreDocs', () => {
  it('scores the documents it is given as top scores them, to the bit, in the same order', () => {
    const groups = [{ terms: queryTerms(pipeline, 'human oversight'), boost: 0.5 }];
    for (const text of QUERIES) {
      const terms = queryTerms(pipeline, text).map((term) => ({ term, boost: 1 }));
      for (const pick of [(doc: number) => doc % 2 === 0, (doc: number) => doc % 7 === 3, () => true]) {
        const docs = postings.refs.map((_ref, doc) => doc).filter(pick);
        const wanted = new Set(docs);
        for (const g of [[], groups]) {
          expect(postings.scoreDocs(terms, docs, g)).toEqual(postings.top(terms, docs.length, (_ref, doc) => wanted.has(doc), g).results);
        }
      }
    }
  });

  it('leaves out a document that matches nothing, and scores nothing for no terms', () => {
    const terms = queryTerms(pipeline, 'oversight').map((term) => ({ term, boost: 1 }));
    const holding = postings.top(terms, 1).results[0]?.doc ?? -1;
    const lacking = postings.refs.findIndex((_ref, doc) => !postings.holds(terms[0]?.term ?? '', doc));
    expect(postings.scoreDocs(terms, [lacking, holding]).map((r) => r.doc)).toEqual([holding]);
    expect(postings.scoreDocs([], [holding])).toEqual([]);
  });
});
