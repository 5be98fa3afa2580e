import lunr from 'lunr';
import { queryTerms } from '../index/analysis.js';
import type { Chunk, GlossaryEntry } from '../types.js';
import { Expander } from './expansion.js';
import { highlight, type Snippet } from './snippet.js';

export interface SearchOptions {
  /** How many hits to return. */
  top: number;
  /** Only chunks of this source. */
  source?: string | undefined;
  /** Cut a highlighted snippet for each hit. Default true; the eval harness turns it off, as it reads only ids. */
  snippets?: boolean | undefined;
}

export interface EngineOptions {
  /** Glossary whose terms and aliases expand each other in queries ("GPAI" also searches "general-purpose AI"). */
  glossary?: readonly GlossaryEntry[] | undefined;
  /**
   * Weight of an expansion term relative to a term the user typed (1). Default DEFAULT_EXPANSION_WEIGHT;
   * 0 turns expansion off. Chosen on tests/fixtures/queries (docs/ranking.md).
   */
  expansionWeight?: number | undefined;
}

export const DEFAULT_EXPANSION_WEIGHT = 0.3;

export interface Hit {
  chunk: Chunk;
  score: number;
  snippet: Snippet;
}

export interface SearchOutcome {
  /** Index terms the query was analysed into; empty when it had only stop words or punctuation. */
  terms: string[];
  /** Index terms added from the glossary, searched at the expansion weight. */
  expanded: string[];
  /** All matches (after the source filter), of which `hits` are the best `top`. */
  total: number;
  hits: Hit[];
}

/** BM25 search over chunks. User text never reaches Lunr's query parser, so no input can make it throw. */
export class SearchEngine {
  private readonly chunks: ReadonlyMap<string, Chunk>;
  private readonly expander: Expander;
  private readonly expansionWeight: number;

  constructor(
    readonly index: lunr.Index,
    chunks: readonly Chunk[],
    options: EngineOptions = {},
  ) {
    this.chunks = new Map(chunks.map((chunk) => [chunk.id, chunk]));
    this.expansionWeight = options.expansionWeight ?? DEFAULT_EXPANSION_WEIGHT;
    this.expander = new Expander(index, this.expansionWeight > 0 ? (options.glossary ?? []) : []);
  }

  search(text: string, options: SearchOptions): SearchOutcome {
    const terms = queryTerms(this.index, text);
    if (terms.length === 0) return { terms, expanded: [], total: 0, hits: [] };
    const expanded = this.expander.expand(text).filter((term) => !terms.includes(term));
    let results = this.index.query((query) => {
      for (const term of terms) query.term(term, { usePipeline: false });
      for (const term of expanded) query.term(term, { usePipeline: false, boost: this.expansionWeight });
    });
    if (options.source !== undefined) {
      const prefix = `${options.source}:`;
      results = results.filter((result) => result.ref.startsWith(prefix));
    }
    const hits: Hit[] = [];
    const marked = [...terms, ...expanded];
    for (const result of results.slice(0, options.top)) {
      const chunk = this.chunks.get(result.ref);
      if (chunk === undefined) continue;
      const snippet = options.snippets === false ? { text: '', highlights: [] } : highlight(this.index, chunk.text, marked);
      hits.push({ chunk, score: result.score, snippet });
    }
    return { terms, expanded, total: results.length, hits };
  }
}
