import lunr from 'lunr';
import { positionedTerms, queryTerms } from '../index/analysis.js';
import type { Chunk, GlossaryEntry } from '../types.js';
import { Expander } from './expansion.js';
import { Postings, type SerializedLunrIndex } from './postings.js';
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

export const DEFAULT_EXPANSION_WEIGHT = 0.1;

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

/**
 * BM25 search over chunks, over an index Lunr built. User text never reaches Lunr's query parser, so no
 * input can make it throw. Built from a lunr.Index in memory, or straight from its serialized form, which
 * spares the server Lunr's own load (a token trie and vector objects it would never use).
 */
export class SearchEngine {
  readonly pipeline: lunr.Pipeline;
  private readonly postings: Postings;
  private readonly chunks: ReadonlyMap<string, Chunk>;
  private readonly expander: Expander;
  private readonly expansionWeight: number;

  constructor(index: lunr.Index | SerializedLunrIndex, chunks: readonly Chunk[], options: EngineOptions = {}) {
    const serialized = index instanceof lunr.Index ? (index.toJSON() as unknown as SerializedLunrIndex) : index;
    this.pipeline = lunr.Pipeline.load(serialized.pipeline);
    this.postings = new Postings(serialized);
    this.chunks = new Map(chunks.map((chunk) => [chunk.id, chunk]));
    this.expansionWeight = options.expansionWeight ?? DEFAULT_EXPANSION_WEIGHT;
    this.expander = new Expander(this.pipeline, this.expansionWeight > 0 ? (options.glossary ?? []) : []);
  }

  search(text: string, options: SearchOptions): SearchOutcome {
    const terms = queryTerms(this.pipeline, text);
    if (terms.length === 0) return { terms, expanded: [], total: 0, hits: [] };
    // A name made only of typed terms adds nothing; the others are searched as wholes, at the expansion weight.
    const groups = this.expander.expand(text).filter((group) => !group.every((term) => terms.includes(term)));
    const expanded = [...new Set(groups.flat())].filter((term) => !terms.includes(term));
    const phrases = quotedPhrases(this.pipeline, text);
    const required = [...new Set(phrases.flatMap((phrase) => phrase.map((p) => p.term)))];
    const prefix = options.source === undefined ? undefined : `${options.source}:`;
    const accept = (ref: string, doc: number) =>
      (prefix === undefined || ref.startsWith(prefix)) &&
      required.every((term) => this.postings.holds(term, doc)) &&
      (!this.postings.hasPositions || phrases.every((phrase) => this.phraseOccurs(doc, phrase)));
    const { total, results } = this.postings.top(
      terms.map((term) => ({ term, boost: 1 })),
      options.top,
      prefix === undefined && phrases.length === 0 ? undefined : accept,
      groups.map((group) => ({ terms: group, boost: this.expansionWeight })),
    );
    const hits: Hit[] = [];
    for (const result of results) {
      const chunk = this.chunks.get(result.ref);
      if (chunk === undefined) continue;
      const snippet = options.snippets === false ? { text: '', highlights: [] } : highlight(this.pipeline, chunk.text, this.marked(result.doc, terms, groups));
      hits.push({ chunk, score: result.score, snippet });
    }
    return { terms, expanded, total, hits };
  }

  /** Words to mark: the typed ones; in a chunk found only through the glossary, the names that found it. */
  private marked(doc: number, terms: readonly string[], groups: readonly string[][]): string[] {
    if (terms.some((term) => this.postings.holds(term, doc))) return [...terms];
    return groups.filter((group) => group.every((term) => this.postings.holds(term, doc))).flat();
  }

  /** True when, in one field, every phrase word sits at the first word's position plus its offset. */
  private phraseOccurs(doc: number, phrase: readonly PhraseWord[]): boolean {
    const [first, ...rest] = phrase;
    if (first === undefined) return true;
    const others = rest.map((w) => ({ offset: w.offset, positions: this.postings.positionsOf(w.term, doc) }));
    for (const start of this.postings.positionsOf(first.term, doc)) {
      if (others.every((w) => w.positions.includes(start + w.offset))) return true;
    }
    return false;
  }
}

/** A phrase word: its index term and its offset from the phrase's first word. */
interface PhraseWord {
  term: string;
  offset: number;
}

const QUOTED = /["“”„«»]([^"“”„«»]+)["“”„«»]/g;

/** Quoted phrases of two or more words; a split word counts by its parts ("high-risk" → high, risk). */
function quotedPhrases(pipeline: lunr.Pipeline, text: string): PhraseWord[][] {
  const phrases: PhraseWord[][] = [];
  for (const match of text.matchAll(QUOTED)) {
    const words = positionedTerms(pipeline, match[1] ?? '').filter((t) => !t.whole);
    const first = words[0];
    if (first === undefined) continue;
    phrases.push(words.map((w) => ({ term: w.term, offset: w.index - first.index })));
  }
  return phrases;
}
