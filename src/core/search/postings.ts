import type lunr from 'lunr';

/** The parts of Lunr's serialized index (lunr.Index#toJSON) that scoring needs. */
export interface SerializedLunrIndex {
  fields: string[];
  fieldVectors: [string, number[]][];
  invertedIndex: [string, { _index: number }][];
  pipeline: string[];
}

export interface WeightedTerm {
  term: string;
  /** Query-side weight of the term; 1 unless the query asks otherwise (e.g. expansions). */
  boost: number;
}

export interface Scored {
  ref: string;
  score: number;
}

/**
 * Posting lists read from a serialized Lunr index, scored exactly as lunr.Index#query scores term queries:
 * a document's score is the sum over fields of the dot product of the query vector with the field's BM25
 * vector (Lunr computed and stored those weights at build time), divided by the query vector's norm.
 *
 * Why not lunr.Index#query itself: it walks every matching document's whole field vector and allocates
 * per match, which makes a query over a few thousand chunks cost milliseconds and keeps a large object
 * graph alive for the garbage collector. Here the weights of all fields are summed per (term, document)
 * into flat typed arrays once at load, so a query touches only the postings of its own terms.
 */
export class Postings {
  readonly refs: string[];
  private readonly termIds: Map<string, number>;
  /** CSR layout: postings of term t are docs/weights[starts[t] .. starts[t + 1]). */
  private readonly starts: Uint32Array;
  private readonly docs: Uint32Array;
  private readonly weights: Float64Array;
  /** Per-query accumulators, reused: a search runs to completion before the next starts. */
  private readonly scores: Float64Array;
  private readonly seen: Uint8Array;

  constructor(index: SerializedLunrIndex) {
    this.termIds = new Map(index.invertedIndex.map(([term, posting]) => [term, posting._index]));
    const termCount = index.invertedIndex.reduce((max, [, p]) => Math.max(max, p._index + 1), 0);

    // Lunr writes field vectors document by document, so each term's postings come out in document order;
    // two passes over typed arrays (count, then fill) build the lists without sorting or per-entry objects.
    const docIds = new Map<string, number>();
    this.refs = [];
    const docOf = new Uint32Array(index.fieldVectors.length);
    const counts = new Uint32Array(termCount + 1);
    index.fieldVectors.forEach(([fieldRef, elements], v) => {
      const ref = fieldRef.slice(fieldRef.indexOf('/') + 1);
      let doc = docIds.get(ref);
      if (doc === undefined) {
        doc = this.refs.length;
        docIds.set(ref, doc);
        this.refs.push(ref);
      }
      docOf[v] = doc;
      for (let i = 0; i < elements.length; i += 2) counts[(elements[i] ?? 0) + 1]! += 1;
    });
    const starts = new Uint32Array(termCount + 1);
    for (let t = 1; t <= termCount; t++) starts[t] = starts[t - 1]! + counts[t]!;
    const fill = starts.slice(0, termCount);
    const docs = new Uint32Array(starts[termCount]!);
    const weights = new Float64Array(starts[termCount]!);
    index.fieldVectors.forEach(([, elements], v) => {
      for (let i = 0; i < elements.length; i += 2) {
        const term = elements[i] ?? 0;
        const at = fill[term]!++;
        docs[at] = docOf[v]!;
        weights[at] = elements[i + 1] ?? 0;
      }
    });
    // Sum a document's weights over its fields: in each list, entries of one document are adjacent.
    this.starts = new Uint32Array(termCount + 1);
    let out = 0;
    for (let t = 0; t < termCount; t++) {
      this.starts[t] = out;
      for (let i = starts[t]!; i < starts[t + 1]!; i++) {
        if (i > starts[t]! && docs[i] === docs[out - 1]) weights[out - 1]! += weights[i]!;
        else {
          docs[out] = docs[i]!;
          weights[out] = weights[i]!;
          out++;
        }
      }
    }
    this.starts[termCount] = out;
    this.docs = docs.slice(0, out);
    this.weights = weights.slice(0, out);
    this.scores = new Float64Array(this.refs.length);
    this.seen = new Uint8Array(this.refs.length);
  }

  static fromIndex(index: lunr.Index): Postings {
    return new Postings(index.toJSON() as unknown as SerializedLunrIndex);
  }

  has(term: string): boolean {
    return this.termIds.has(term);
  }

  /** Every document matching any term, best first; ties keep document order. */
  query(terms: readonly WeightedTerm[], accept?: (ref: string) => boolean): Scored[] {
    const boosts = new Map<number, number>();
    for (const { term, boost } of terms) {
      const id = this.termIds.get(term);
      if (id !== undefined) boosts.set(id, (boosts.get(id) ?? 0) + boost);
    }
    let norm = 0;
    for (const boost of boosts.values()) norm += boost * boost;
    norm = Math.sqrt(norm);
    if (norm === 0) return [];

    const touched: number[] = [];
    for (const [id, boost] of boosts) {
      const end = this.starts[id + 1] ?? 0;
      for (let i = this.starts[id] ?? 0; i < end; i++) {
        const doc = this.docs[i] ?? 0;
        if (this.seen[doc] === 0) {
          this.seen[doc] = 1;
          touched.push(doc);
        }
        this.scores[doc] = (this.scores[doc] ?? 0) + boost * (this.weights[i] ?? 0);
      }
    }
    const kept = accept === undefined ? touched : touched.filter((doc) => accept(this.refs[doc] ?? ''));
    const score = (doc: number) => (this.scores[doc] ?? 0) / norm;
    const results = kept.sort((a, b) => score(b) - score(a) || a - b).map((doc) => ({ ref: this.refs[doc] ?? '', score: score(doc) }));
    for (const doc of touched) {
      this.scores[doc] = 0;
      this.seen[doc] = 0;
    }
    return results;
  }
}
