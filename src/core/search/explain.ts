import { FIELD_SHIFT, type Postings } from './postings.js';

/** Where a searched term came from: typed, or one of the ways the engine widens a query. */
export type TermSource = 'typed' | 'scene' | 'name' | 'spelling' | 'glossary' | 'synonym' | 'derived';

/** Terms searched together at one query weight: one word, or a name searched as a whole (all its words or none). */
export interface SearchedTerms {
  terms: readonly string[];
  weight: number;
  source: TermSource;
}

export interface ExplainedTerm {
  term: string;
  source: TermSource;
  /** Its query weight (1 for a typed word). */
  weight: number;
  /** What it added to the BM25 score: query weight × the chunk's BM25 weight of it ÷ the query's norm. */
  score: number;
  /** The fields of the chunk that hold it; absent when the index keeps no word positions. */
  fields?: string[];
}

/** Why a result scored what it did (`SearchOptions.explain`). */
export interface Explanation {
  /** BM25 over the query's terms and expansions, before any rule. */
  bm25: number;
  /**
   * That score by the fields holding each term. The index keeps one weight per term and chunk, summed over its
   * fields, so a term found in several fields counts under their names joined by "+".
   */
  fields: Record<string, number>;
  /** The terms that matched, typed and expanded. */
  terms: ExplainedTerm[];
  /** Added for the explainers among the best candidates that cite this provision; null when none. */
  citation: number | null;
  /** The ranking rules whose factor for this result is not 1, in the order they applied, with their knobs' values. */
  rules: { rule: string; factor: number; knobs: Record<string, number> }[];
  /**
   * Put first by a stage, its score set just above the best of the rest: "cited" (a provision the query cites),
   * "application" (an Article on entry into force, for a question asking when the law applies); null otherwise.
   */
  placed: 'cited' | 'application' | null;
  /** The final score. */
  score: number;
}

/** The BM25 part of an explanation: each matched term's share of the score, by the fields holding it. */
export function explainTerms(postings: Postings, fieldNames: readonly string[], searched: readonly SearchedTerms[], doc: number): Pick<Explanation, 'fields' | 'terms'> {
  const norm = postings.norm(
    searched.filter((s) => s.terms.length === 1).map((s) => ({ term: s.terms[0]!, boost: s.weight })),
    searched.filter((s) => s.terms.length > 1).map((s) => ({ terms: s.terms, boost: s.weight })),
  );
  const terms: ExplainedTerm[] = [];
  const fields: Record<string, number> = {};
  for (const { terms: group, weight, source } of searched) {
    const weights = group.map((term) => postings.weightOf(term, doc));
    if (norm === 0 || weights.some((w) => w === undefined)) continue;
    group.forEach((term, i) => {
      const score = (weight * weights[i]!) / norm;
      const held = postings.hasPositions ? fieldsHolding(postings, fieldNames, term, doc) : undefined;
      const key = held?.join('+') ?? 'all';
      fields[key] = (fields[key] ?? 0) + score;
      terms.push({ term, source, weight, score, ...(held === undefined ? {} : { fields: held }) });
    });
  }
  return { fields, terms };
}

function fieldsHolding(postings: Postings, fieldNames: readonly string[], term: string, doc: number): string[] {
  const numbers = new Set(Array.from(postings.positionsOf(term, doc), (p) => Math.floor(p / FIELD_SHIFT)));
  return [...numbers].map((f) => fieldNames[f] ?? `field ${f}`);
}
