import lunr from 'lunr';
import { queryTerms } from '../index/analysis.js';
import type { Chunk } from '../types.js';
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

/** BM25 search over chunks. User text never reaches Lunr's query parser, so no input can make it throw. */
export class SearchEngine {
  private readonly chunks: ReadonlyMap<string, Chunk>;

  constructor(
    readonly index: lunr.Index,
    chunks: readonly Chunk[],
  ) {
    this.chunks = new Map(chunks.map((chunk) => [chunk.id, chunk]));
  }

  search(text: string, options: SearchOptions): SearchOutcome {
    const terms = queryTerms(this.index, text);
    if (terms.length === 0) return { terms, total: 0, hits: [] };
    let results = this.index.query((query) => {
      for (const term of terms) query.term(term, { usePipeline: false });
    });
    if (options.source !== undefined) {
      const prefix = `${options.source}:`;
      results = results.filter((result) => result.ref.startsWith(prefix));
    }
    const hits: Hit[] = [];
    for (const result of results.slice(0, options.top)) {
      const chunk = this.chunks.get(result.ref);
      if (chunk) hits.push({ chunk, score: result.score, snippet: highlight(this.index, chunk.text, terms) });
    }
    return { terms, total: results.length, hits };
  }
}
