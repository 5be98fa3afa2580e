import lunr from 'lunr';
import type { Chunk } from '../types.js';
import { configurePipelines } from './analysis.js';

/**
 * Ranking knobs. Lunr scores each field with BM25 and sums the fields weighted by their boost. k1, b and the
 * title weight are the best on SciFact train among the settings that do not lower Cranfield; grids and results
 * in docs/ranking.md (`npm run eval`).
 */
export interface RankingParams {
  /** BM25 term-frequency saturation; sensible 0.5-2.0. Default 1.2, as Lunr's. */
  k1: number;
  /** BM25 length normalisation, 0 (none) to 1 (full). Default 0.9 (Lunr's own is 0.75). */
  b: number;
  /** Weight of the chunk text; the other weights are relative to it. Default 1. */
  textBoost: number;
  /**
   * Weight of the heading path (all headings above the chunk). Default 3, chosen on the governance query set
   * (tests/fixtures/queries); SciFact and Cranfield have no section headings to tune it on.
   */
  headingBoost: number;
  /** Weight of the source title, repeated on every chunk of the source. Default 0.75. */
  titleBoost: number;
}

export const DEFAULT_RANKING: RankingParams = { k1: 1.2, b: 0.9, textBoost: 1, headingBoost: 3, titleBoost: 0.75 };

/** What the index sees of a chunk; the eval harness feeds its documents through the same shape. */
export interface IndexDoc {
  id: string;
  text: string;
  heading: string;
  title: string;
}

export function indexDoc(chunk: Chunk, sourceTitle: string): IndexDoc {
  return { id: chunk.id, text: chunk.text, heading: chunk.path.join(' '), title: sourceTitle };
}

export interface IndexOptions {
  /**
   * Store word positions, so quoted phrases must match in order; without them a phrase only requires all its
   * words. Costs index size (docs/ranking.md). Default DEFAULT_POSITIONS.
   */
  positions?: boolean;
}

export const DEFAULT_POSITIONS = true;

export function buildIndex(docs: Iterable<IndexDoc>, params: RankingParams = DEFAULT_RANKING, options: IndexOptions = {}): lunr.Index {
  const builder = new lunr.Builder();
  configurePipelines(builder);
  // Lunr keeps only whitelisted token metadata; `index` is the word position set by our tokenizer.
  if (options.positions ?? DEFAULT_POSITIONS) builder.metadataWhitelist = ['index'];
  builder.ref('id');
  builder.field('text', { boost: params.textBoost });
  builder.field('heading', { boost: params.headingBoost });
  builder.field('title', { boost: params.titleBoost });
  builder.k1(params.k1);
  builder.b(params.b);
  for (const doc of docs) builder.add(doc);
  return builder.build();
}
