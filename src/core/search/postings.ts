/** The parts of Lunr's serialized index (lunr.Index#toJSON) that scoring needs. */
export interface SerializedLunrIndex {
  fields: string[];
  fieldVectors: [string, number[]][];
  /** Per term: its number, and per field the documents holding it with their metadata (positions: `index`). */
  invertedIndex: [string, { _index: number } & Record<string, number | Record<string, { index?: number[] }>>][];
  pipeline: string[];
}

/** Positions of different fields never meet: a phrase must sit within one field. */
const FIELD_SHIFT = 2 ** 20;

export interface WeightedTerm {
  term: string;
  /** Query-side weight of the term; 1 unless the query asks otherwise (e.g. expansions). */
  boost: number;
}

/** Terms searched as a whole: a document scores for them only when it holds every one. */
export interface TermGroup {
  terms: readonly string[];
  boost: number;
}

export interface Scored {
  ref: string;
  /** The document's number in these postings. */
  doc: number;
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
  /** Word positions of posting entry i, when the index stores them: positions[positionStarts[i] ..]. */
  private readonly positionStarts: Uint32Array | undefined;
  private readonly positions: Uint32Array | undefined;
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
    const located = readPositions(index, this, docIds);
    this.positionStarts = located?.starts;
    this.positions = located?.positions;
  }

  holds(term: string, doc: number): boolean {
    return this.entry(term, doc) >= 0;
  }

  get hasPositions(): boolean {
    return this.positions !== undefined;
  }

  /** The posting entry of (term, document), or -1: a binary search in the term's list. */
  private entry(term: string, doc: number): number {
    const id = this.termIds.get(term);
    if (id === undefined) return -1;
    return this.entryOf(id, doc);
  }

  /** @internal */
  entryOf(id: number, doc: number): number {
    let lo = this.starts[id] ?? 0;
    let hi = (this.starts[id + 1] ?? 0) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const d = this.docs[mid] ?? 0;
      if (d === doc) return mid;
      if (d < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Sorted positions (field × 2^20 + word position) of a term in a document; empty without positions. */
  positionsOf(term: string, doc: number): Uint32Array {
    const at = this.entry(term, doc);
    if (at < 0 || this.positions === undefined || this.positionStarts === undefined) return new Uint32Array(0);
    return this.positions.subarray(this.positionStarts[at], this.positionStarts[at + 1]);
  }

  /** Number of (term, document) posting entries. */
  get entryCount(): number {
    return this.docs.length;
  }

  /**
   * The best `limit` matching documents (best first; ties keep document order) and how many match in all. Only the best are sorted: a query over a
   * large corpus matches thousands of documents, and sorting them all cost more than scoring them.
   */
  top(
    terms: readonly WeightedTerm[],
    limit: number,
    accept?: (ref: string, doc: number) => boolean,
    groups: readonly TermGroup[] = [],
  ): { total: number; results: Scored[] } {
    const boosts = new Map<number, number>();
    for (const { term, boost } of terms) {
      const id = this.termIds.get(term);
      if (id !== undefined) boosts.set(id, (boosts.get(id) ?? 0) + boost);
    }
    const groupIds = groups
      .map(({ terms: groupTerms, boost }) => ({ ids: groupTerms.map((t) => this.termIds.get(t)), boost }))
      .filter((g): g is { ids: number[]; boost: number } => g.ids.every((id) => id !== undefined));
    // The norm counts each term's total query weight, as Lunr's query vector would.
    const weightOf = new Map(boosts);
    for (const { ids, boost } of groupIds) for (const id of ids) weightOf.set(id, (weightOf.get(id) ?? 0) + boost);
    let norm = 0;
    for (const weight of weightOf.values()) norm += weight * weight;
    norm = Math.sqrt(norm);
    if (norm === 0) return { total: 0, results: [] };

    const touched: number[] = [];
    const add = (doc: number, amount: number) => {
      if (this.seen[doc] === 0) {
        this.seen[doc] = 1;
        touched.push(doc);
      }
      this.scores[doc] = (this.scores[doc] ?? 0) + amount;
    };
    for (const [id, boost] of boosts) {
      const end = this.starts[id + 1] ?? 0;
      for (let i = this.starts[id] ?? 0; i < end; i++) add(this.docs[i] ?? 0, boost * (this.weights[i] ?? 0));
    }
    for (const { ids, boost } of groupIds) {
      // Walk the shortest list; a document counts only if the group's other terms are all there too.
      const rarest = ids.reduce((a, b) => ((this.starts[b + 1] ?? 0) - (this.starts[b] ?? 0) < (this.starts[a + 1] ?? 0) - (this.starts[a] ?? 0) ? b : a));
      const end = this.starts[rarest + 1] ?? 0;
      for (let i = this.starts[rarest] ?? 0; i < end; i++) {
        const doc = this.docs[i] ?? 0;
        let sum = 0;
        for (const id of ids) {
          const at = id === rarest ? i : this.entryOf(id, doc);
          if (at < 0) {
            sum = -1;
            break;
          }
          sum += this.weights[at] ?? 0;
        }
        if (sum >= 0) add(doc, boost * sum);
      }
    }
    const kept = accept === undefined ? touched : touched.filter((doc) => accept(this.refs[doc] ?? '', doc));
    const scores = this.scores;
    const better = (a: number, b: number) => (scores[a] ?? 0) > (scores[b] ?? 0) || ((scores[a] ?? 0) === (scores[b] ?? 0) && a < b);
    const best = kept.length <= limit ? kept : selectBest(kept, limit, better);
    const results = best
      .sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0))
      .map((doc) => ({ ref: this.refs[doc] ?? '', doc, score: (scores[doc] ?? 0) / norm }));
    for (const doc of touched) {
      this.scores[doc] = 0;
      this.seen[doc] = 0;
    }
    return { total: kept.length, results };
  }
}

/**
 * Word positions from Lunr's inverted index (stored when the index was built with positions), laid out
 * beside the posting entries. Two passes, count then fill; Lunr records positions in order, field by field.
 */
function readPositions(index: SerializedLunrIndex, postings: Postings, docIds: ReadonlyMap<string, number>) {
  if (!storesPositions(index)) return undefined;
  const entries = postings.entryCount;
  const counts = new Uint32Array(entries + 1);
  const each = (visit: (at: number, field: number, positions: number[]) => void) => {
    for (const [, posting] of index.invertedIndex) {
      index.fields.forEach((field, f) => {
        const byRef = posting[field];
        if (typeof byRef !== 'object') return;
        for (const ref in byRef) {
          const doc = docIds.get(ref);
          const at = doc === undefined ? -1 : postings.entryOf(posting._index, doc);
          if (at >= 0) visit(at, f, byRef[ref]?.index ?? []);
        }
      });
    }
  };
  each((at, _f, positions) => {
    counts[at + 1]! += positions.length;
  });
  const starts = new Uint32Array(entries + 1);
  for (let i = 1; i <= entries; i++) starts[i] = starts[i - 1]! + counts[i]!;
  const fill = starts.slice(0, entries);
  const positions = new Uint32Array(starts[entries]!);
  each((at, f, list) => {
    for (const p of list) positions[fill[at]!++] = f * FIELD_SHIFT + p;
  });
  return { starts, positions };
}

/** Whether the index was built with positions: the metadata of any one posting tells. */
function storesPositions(index: SerializedLunrIndex): boolean {
  for (const [, posting] of index.invertedIndex) {
    for (const field of index.fields) {
      const byRef = posting[field];
      if (typeof byRef !== 'object') continue;
      for (const ref in byRef) return byRef[ref]?.index !== undefined;
    }
  }
  return false;
}

/** The `k` best items by a min-heap of size k: O(n log k) instead of sorting all n. */
function selectBest(items: readonly number[], k: number, better: (a: number, b: number) => boolean): number[] {
  const heap: number[] = [];
  const worse = (i: number, j: number) => better(heap[j] ?? 0, heap[i] ?? 0);
  const swap = (i: number, j: number) => {
    const t = heap[i] ?? 0;
    heap[i] = heap[j] ?? 0;
    heap[j] = t;
  };
  const down = (start: number) => {
    for (let i = start; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(l, m)) m = l;
      if (r < heap.length && worse(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (better(item, heap[0] ?? 0)) {
      heap[0] = item;
      down(0);
    }
  }
  return heap;
}
