import lunr from 'lunr';
import { positionedTerms, queryTerms } from '../index/analysis.js';
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

/** BM25 search over chunks. User text never reaches Lunr's query parser, so no input can make it throw. */
export class SearchEngine {
  private readonly chunks: ReadonlyMap<string, Chunk>;
  private readonly expander: Expander;
  private readonly expansionWeight: number;
  /** Whether the index stores word positions; without them a quoted phrase only requires its words. */
  private readonly positions: boolean;

  constructor(
    readonly index: lunr.Index,
    chunks: readonly Chunk[],
    options: EngineOptions = {},
  ) {
    this.chunks = new Map(chunks.map((chunk) => [chunk.id, chunk]));
    this.expansionWeight = options.expansionWeight ?? DEFAULT_EXPANSION_WEIGHT;
    this.expander = new Expander(index, this.expansionWeight > 0 ? (options.glossary ?? []) : []);
    this.positions = hasPositions(index);
  }

  search(text: string, options: SearchOptions): SearchOutcome {
    const terms = queryTerms(this.index, text);
    if (terms.length === 0) return { terms, expanded: [], total: 0, hits: [] };
    const expanded = this.expander.expand(text).filter((term) => !terms.includes(term));
    const phrases = quotedPhrases(this.index, text);
    const required = new Set(phrases.flatMap((phrase) => phrase.map((p) => p.term)));
    let results = this.index.query((query) => {
      for (const term of terms) {
        const presence = required.has(term) ? lunr.Query.presence.REQUIRED : lunr.Query.presence.OPTIONAL;
        query.term(term, { usePipeline: false, presence });
      }
      for (const term of expanded) query.term(term, { usePipeline: false, boost: this.expansionWeight });
    });
    if (phrases.length > 0 && this.positions) {
      results = results.filter((result) => phrases.every((phrase) => phraseOccurs(result.matchData, phrase)));
    }
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

/** A phrase word: its index term and its offset from the phrase's first word. */
interface PhraseWord {
  term: string;
  offset: number;
}

const QUOTED = /["“”„«»]([^"“”„«»]+)["“”„«»]/g;

/** Quoted phrases of two or more words; a split word counts by its parts ("high-risk" → high, risk). */
function quotedPhrases(index: lunr.Index, text: string): PhraseWord[][] {
  const phrases: PhraseWord[][] = [];
  for (const match of text.matchAll(QUOTED)) {
    const words = positionedTerms(index, match[1] ?? '').filter((t) => !t.whole);
    const first = words[0];
    if (first === undefined) continue;
    phrases.push(words.map((w) => ({ term: w.term, offset: w.index - first.index })));
  }
  return phrases;
}

type Positions = Record<string, Record<string, { index?: number[] } | undefined> | undefined>;

/** True when, in some field, every phrase word sits at the first word's position plus its offset. */
function phraseOccurs(matchData: lunr.MatchData, phrase: readonly PhraseWord[]): boolean {
  const meta = matchData.metadata as unknown as Positions;
  const [first, ...rest] = phrase;
  if (first === undefined) return true;
  for (const [field, data] of Object.entries(meta[first.term] ?? {})) {
    for (const start of data?.index ?? []) {
      if (rest.every((w) => meta[w.term]?.[field]?.index?.includes(start + w.offset))) return true;
    }
  }
  return false;
}

function hasPositions(index: lunr.Index): boolean {
  const inverted = (index as unknown as { invertedIndex: Record<string, Record<string, Record<string, object>>> }).invertedIndex;
  for (const posting of Object.values(inverted)) {
    for (const [field, byRef] of Object.entries(posting)) {
      if (field === '_index') continue;
      const first = Object.values(byRef)[0];
      if (first !== undefined) return 'index' in first;
    }
  }
  return false;
}
