import lunr from 'lunr';
import { queryTerms } from '../index/analysis.js';
import type { Chunk } from '../types.js';
import { Postings, type SerializedLunrIndex } from './postings.js';
import { highlight, type Snippet } from './snippet.js';

export interface SearchOptions {
  /** How many hits to return. */
  top: number;
  /** Only chunks of this source. */
  source?: string | undefined;
}

export interface Hit {
  chunk: Chunk;
  score: number;
  snippet: Snippet;
}

export interface SearchOutcome {
  /** Index terms the query was analysed into; empty when it had only stop words or punctuation. */
  terms: string[];
  /** All matches (after the source filter), of which `hits` are the best `top`. */
  total: number;
  hits: Hit[];
}

/**
 * BM25 search over chunks, over an index Lunr built. User text never reaches Lunr's query parser, so no
 * input can make it throw. Built from a lunr.Index in memory, or straight from its serialized form, which
 * spares the server Lunr's own load (a token trie and vector objects it would never use).
 */
export class SearchEngine {
  readonly pipeline: lunr.Pipeline;
  private readonly postings: Postings;
  private readonly chunks: ReadonlyMap<string, Chunk>;

  constructor(index: lunr.Index | SerializedLunrIndex, chunks: readonly Chunk[]) {
    const serialized = index instanceof lunr.Index ? (index.toJSON() as unknown as SerializedLunrIndex) : index;
    this.pipeline = lunr.Pipeline.load(serialized.pipeline);
    this.postings = new Postings(serialized);
    this.chunks = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  }

  search(text: string, options: SearchOptions): SearchOutcome {
    const terms = queryTerms(this.pipeline, text);
    if (terms.length === 0) return { terms, total: 0, hits: [] };
    const prefix = options.source === undefined ? undefined : `${options.source}:`;
    const results = this.postings.query(
      terms.map((term) => ({ term, boost: 1 })),
      prefix === undefined ? undefined : (ref) => ref.startsWith(prefix),
    );
    const hits: Hit[] = [];
    for (const result of results.slice(0, options.top)) {
      const chunk = this.chunks.get(result.ref);
      if (chunk) hits.push({ chunk, score: result.score, snippet: highlight(this.pipeline, chunk.text, terms) });
    }
    return { terms, total: results.length, hits };
  }
}
