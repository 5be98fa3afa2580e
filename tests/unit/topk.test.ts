import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentDirs, readContentFiles } from '../../src/core/corpus/load-fs.js';
import { encodeIndexArtifact, readIndexArtifact } from '../../src/core/index/artifact.js';
import { compile } from '../../src/core/pipeline.js';
import { Postings, type PostingsData, type Scored, type TermGroup, type WeightedTerm } from '../../src/core/search/postings.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The postings the server would load for a content directory: builder → artifact bytes → loaded views. */
function loadedPostings(dirs: string[]): PostingsData {
  const built = compile(readContentFiles(dirs, root), new Date('2026-01-01T00:00:00Z'));
  return readIndexArtifact(encodeIndexArtifact(built.postings, built.stats, built.corpus.contentHash, new Date(0)), built.corpus.contentHash).postings;
}

const termOf = (data: PostingsData, t: number) => Buffer.from(data.terms.bytes.subarray(data.terms.offsets[t], data.terms.offsets[t + 1])).toString('utf8');
const weightOf = (data: PostingsData, i: number) => {
  const code = data.weightCodes[i]!;
  return code < 0x80000000 ? code / 1000 : data.weightEscapes[code - 0x80000000]!;
};

const dictionaries = new WeakMap<PostingsData, Map<string, number>>();
function termIds(data: PostingsData): Map<string, number> {
  let ids = dictionaries.get(data);
  if (ids === undefined) {
    ids = new Map();
    for (let t = 0; t + 1 < data.terms.offsets.length; t++) ids.set(termOf(data, t), t);
    dictionaries.set(data, ids);
  }
  return ids;
}

/**
 * The plainest scoring there is, to check Postings#top against: every posting of every term added to a map in
 * the order the terms come (groups after), every match filtered, all of them sorted, the first `limit` kept.
 */
function exhaustive(data: PostingsData, terms: readonly WeightedTerm[], limit: number, accept: ((ref: string, doc: number) => boolean) | undefined, groups: readonly TermGroup[]) {
  const ids = termIds(data);
  const entries = (t: number) => Array.from({ length: data.starts[t + 1]! - data.starts[t]! }, (_, k) => data.starts[t]! + k);
  const boosts = new Map<number, number>();
  for (const { term, boost } of terms) if (ids.has(term)) boosts.set(ids.get(term)!, (boosts.get(ids.get(term)!) ?? 0) + boost);
  const known = groups.filter((g) => g.terms.every((t) => ids.has(t)));
  const query = new Map(boosts);
  for (const g of known) for (const t of g.terms) query.set(ids.get(t)!, (query.get(ids.get(t)!) ?? 0) + g.boost);
  const norm = Math.sqrt([...query.values()].reduce((s, w) => s + w * w, 0));
  if (norm === 0) return { total: 0, results: [] };
  const scores = new Map<number, number>();
  for (const [t, boost] of boosts) for (const i of entries(t)) scores.set(data.docs[i]!, (scores.get(data.docs[i]!) ?? 0) + boost * weightOf(data, i));
  for (const g of known) {
    const lists = g.terms.map((t) => new Map(entries(ids.get(t)!).map((i) => [data.docs[i]!, weightOf(data, i)])));
    const [shortest] = [...lists].sort((a, b) => a.size - b.size);
    for (const doc of shortest!.keys()) {
      if (!lists.every((l) => l.has(doc))) continue;
      const sum = lists.reduce((s, l) => s + l.get(doc)!, 0);
      scores.set(doc, (scores.get(doc) ?? 0) + g.boost * sum);
    }
  }
  const matches = [...scores].filter(([doc]) => accept === undefined || accept(data.refs[doc]!, doc));
  matches.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const results: Scored[] = matches.slice(0, limit).map(([doc, score]) => ({ ref: data.refs[doc]!, doc, score: score / norm }));
  return { total: matches.length, results };
}

/** A small seeded generator, so that a failure can be rerun. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Queries over the dictionary: terms drawn mostly from the common ones (long lists, where top-k work matters),
 * sometimes repeated or unknown, with boosts, glossary-like groups, filters and limits of every kind.
 */
function queries(data: PostingsData, count: number, seed: number) {
  const next = random(seed);
  const termCount = data.terms.offsets.length - 1;
  const byLength = Array.from({ length: termCount }, (_, t) => t).sort((a, b) => data.starts[b + 1]! - data.starts[b]! - (data.starts[a + 1]! - data.starts[a]!));
  const pick = () => termOf(data, byLength[Math.floor(next() ** 3 * termCount)]!);
  const boosts = [1, 1, 1, 0.5, 0.1, 2];
  return Array.from({ length: count }, () => {
    const terms = Array.from({ length: 1 + Math.floor(next() * 8) }, () => ({ term: next() < 0.05 ? 'zzznotaterm' : pick(), boost: boosts[Math.floor(next() * boosts.length)]! }));
    const groups = next() < 0.4 ? Array.from({ length: 1 + Math.floor(next() * 2) }, () => ({ terms: [pick(), pick()], boost: next() < 0.5 ? 0.1 : 0.5 })) : [];
    const filter = next();
    const source = data.refs[Math.floor(next() * data.refs.length)]!.split(':')[0]!;
    const accept = filter < 0.2 ? (ref: string) => ref.startsWith(`${source}:`) : filter < 0.3 ? (_: string, doc: number) => doc % 3 !== 0 : undefined;
    return { terms, groups, accept, limit: [1, 5, 10, 30, 50][Math.floor(next() * 5)]! };
  });
}

describe.each([
  ['the fixture content', [path.join(root, 'tests/fixtures/content')]],
  ['the shipped corpus', contentDirs('content', root)],
])('Postings#top on %s', (_, dirs) => {
  const data = loadedPostings(dirs);
  const postings = new Postings(data);

  it('gives the documents, order, scores (to the bit) and total of scoring every posting and sorting every match', () => {
    let compared = 0;
    for (const q of queries(data, 400, 12)) {
      expect(postings.top(q.terms, q.limit, q.accept, q.groups)).toEqual(exhaustive(data, q.terms, q.limit, q.accept, q.groups));
      compared++;
    }
    expect(compared).toBe(400);
  });
});
