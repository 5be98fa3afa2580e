/**
 * Several phrasings of one need, searched one by one and fused by reciprocal rank fusion (Cormack, Clarke and
 * Büttcher, SIGIR 2009): an item's score is the sum over the rankings holding it of 1 / (k + rank), rank from 1.
 * BM25 scores of different queries are not on one scale; ranks are, so a chunk that several phrasings find near
 * the top rises above one that a single phrasing puts first.
 */
import type { Hit, SearchEngine, SearchOptions, SearchOutcome } from './search.js';

/** The constant of the paper, used by most systems since: it damps the weight of the very first ranks. */
export const RRF_K = 60;

/** How deep each phrasing is read before fusing: the results asked for, and at least this many. */
export const FUSION_DEPTH = 30;

export interface Fused<T> {
  item: T;
  /** Sum of 1 / (k + rank) over the rankings that hold the item. */
  score: number;
  /** Its best rank in any one ranking, from 1. */
  best: number;
  /** Index of the ranking where it ranked best (the first such). */
  from: number;
}

/**
 * Fuses rankings (each best first) of items identified by `key`. The item kept for a key is the one of the
 * ranking where it ranked best. Ties on the score go to the better best rank, then to the earlier ranking, then
 * to the earlier position there, so the order is fully determined.
 */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], key: (item: T) => string, k: number = RRF_K): Fused<T>[] {
  const byKey = new Map<string, Fused<T> & { at: number }>();
  rankings.forEach((ranking, from) => {
    ranking.forEach((item, index) => {
      const rank = index + 1;
      const id = key(item);
      const seen = byKey.get(id);
      if (seen === undefined) {
        byKey.set(id, { item, score: 1 / (k + rank), best: rank, from, at: index });
        return;
      }
      seen.score += 1 / (k + rank);
      if (rank < seen.best) Object.assign(seen, { item, best: rank, from, at: index });
    });
  });
  return [...byKey.values()]
    .sort((a, b) => b.score - a.score || a.best - b.best || a.from - b.from || a.at - b.at)
    .map(({ item, score, best, from }) => ({ item, score, best, from }));
}

/**
 * Searches each phrasing and fuses the rankings; one phrasing is a plain search, unchanged. Each hit keeps the
 * snippet of the phrasing that ranked it best and gets the fused score. `total` is the most chunks any one
 * phrasing matches, or the distinct chunks of the rankings read when more: exact when each phrasing matches at
 * most `FUSION_DEPTH` (and `top`), else a lower bound (counting the union would score every match of every phrasing).
 */
export function fusedSearch(engine: Pick<SearchEngine, 'search'>, phrasings: readonly string[], options: SearchOptions): SearchOutcome {
  const [first, ...more] = phrasings;
  if (first === undefined) return { terms: [], expanded: [], total: 0, hits: [], language: options.lang ?? 'en' };
  if (more.length === 0) return engine.search(first, options);
  const depth = Math.max(options.top, FUSION_DEPTH);
  const outcomes = phrasings.map((phrasing) => engine.search(phrasing, { ...options, top: depth }));
  const fused = reciprocalRankFusion(
    outcomes.map((o) => o.hits),
    (hit: Hit) => hit.chunk.id,
  );
  return {
    terms: [...new Set(outcomes.flatMap((o) => o.terms))],
    // One language for the request: callers pass `lang` (given or detected from the first phrasing).
    language: outcomes[0]!.language,
    expanded: [...new Set(outcomes.flatMap((o) => o.expanded))],
    total: Math.max(fused.length, ...outcomes.map((o) => o.total)),
    hits: fused.slice(0, options.top).map(({ item, score }) => ({ ...item, score })),
  };
}
