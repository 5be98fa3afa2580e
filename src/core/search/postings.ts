import { Buffer } from 'node:buffer';
import type lunr from 'lunr';
import { Growable, type StringTable } from '../index/binary.js';

/** Positions of different fields never meet: a phrase must sit within one field. */
export const FIELD_SHIFT = 2 ** 20;

/**
 * The loaded index (docs/artifact.md): posting lists in CSR layout over a sorted term dictionary. Every array is
 * a typed-array view of the artifact's bytes; nothing is parsed per entry.
 */
export interface PostingsData {
  /** Terms sorted by their UTF-8 bytes; term t is terms.bytes[terms.offsets[t] .. terms.offsets[t + 1]). */
  terms: StringTable;
  /** Document refs (chunk ids), by document number: the order documents were added in. */
  refs: readonly string[];
  /** Postings of term t are entries starts[t] .. starts[t + 1]: documents ascending. */
  starts: Uint32Array;
  docs: Uint32Array;
  /**
   * Weight of each entry: the document's BM25 weights of the term summed over its fields, as Lunr computes them
   * (each rounded to 3 decimals). Stored exactly: a weight w that equals code / 1000 is stored as that code
   * (below 2^31); any other (a sum that is not a multiple of 0.001 in floating point) as 2^31 + its place in
   * `weightEscapes`.
   */
  weightCodes: Uint32Array;
  weightEscapes: Float64Array;
  /**
   * Word positions (field × 2^20 + position, ascending) of every entry, in entry order, each entry as
   * varint(byte length) then varint(first) and varint(gap) for the others: a fifth of plain 32-bit numbers.
   * Read only for quoted phrases, and only for the documents that hold all their words.
   */
  positionBytes?: Uint8Array | undefined;
  /** Byte offset in positionBytes of entry i × POSITION_CHECKPOINT: an entry is at most that many skips away. */
  positionCheckpoints?: Uint32Array | undefined;
}

export const POSITION_CHECKPOINT = 64;

const ESCAPE = 0x80000000;
const RECENT_TERMS = 4096;
/** Matches above 1 / DENSE_FRACTION of all documents are read in document order (Postings#top). */
const DENSE_FRACTION = 8;
/** Terms whose entries `best` keeps sorted by weight: the few structural words the legal rules look up. */
const WEIGHT_ORDERS = 16;

/**
 * One (term, field, document) entry per index; a source of them (Lunr's own index or OCC's builder) lists them
 * document by document, each document's fields in field order.
 */
export interface FieldEntries {
  count: number;
  /** Terms by the numbers `term` uses. */
  termNames: readonly string[];
  refs: readonly string[];
  term: Uint32Array;
  doc: Uint32Array;
  field: Uint8Array;
  weight: Float64Array;
  /** Word positions of entry i within its field, in order; undefined when the index has none. */
  positions?: ((i: number) => ArrayLike<number>) | undefined;
}

/**
 * Field entries → PostingsData: terms sorted by bytes, each term's entries in document order (a stable counting
 * sort keeps the input's order), one entry per (term, document) whose weight sums the fields in field order,
 * which is the order Lunr's scoring adds them in.
 */
export function assemblePostings(input: FieldEntries): PostingsData {
  const names = input.termNames.map((t) => Buffer.from(t, 'utf8'));
  const order = names.map((_, i) => i).sort((a, b) => Buffer.compare(names[a]!, names[b]!));
  const rank = new Uint32Array(names.length);
  order.forEach((id, r) => (rank[id] = r));
  const termCount = names.length;
  const counts = new Uint32Array(termCount + 1);
  for (let i = 0; i < input.count; i++) counts[rank[input.term[i]!]! + 1]! += 1;
  for (let t = 1; t <= termCount; t++) counts[t]! += counts[t - 1]!;
  const sorted = new Uint32Array(input.count);
  const fill = counts.slice(0, termCount);
  for (let i = 0; i < input.count; i++) sorted[fill[rank[input.term[i]!]!]!++] = i;

  const starts = new Uint32Array(termCount + 1);
  const docs = new Uint32Array(input.count);
  const sums = new Float64Array(input.count);
  // The merged entry each field entry went into, kept for the positions pass.
  const target = input.positions === undefined ? undefined : new Uint32Array(input.count);
  let out = 0;
  for (let t = 0; t < termCount; t++) {
    starts[t] = out;
    for (let k = counts[t]!; k < counts[t + 1]!; k++) {
      const i = sorted[k]!;
      const doc = input.doc[i]!;
      if (out > starts[t]! && docs[out - 1] === doc) sums[out - 1]! += input.weight[i]!;
      else {
        docs[out] = doc;
        sums[out] = input.weight[i]!;
        out++;
      }
      if (target !== undefined) target[k] = out - 1;
    }
  }
  starts[termCount] = out;
  return {
    terms: { bytes: Buffer.concat(order.map((id) => names[id]!)), offsets: prefixSums(order.map((id) => names[id]!.length)) },
    refs: input.refs,
    starts,
    docs: docs.slice(0, out),
    ...encodeWeights(sums.subarray(0, out)),
    ...(input.positions === undefined || target === undefined ? {} : placePositions(input, sorted, target, out, input.positions)),
  };
}

/** Each merged entry's positions, field by field in field order: two passes over typed arrays, count then fill. */
function placePositions(input: FieldEntries, sorted: Uint32Array, target: Uint32Array, entries: number, positionsOf: (i: number) => ArrayLike<number>) {
  const positionStarts = new Uint32Array(entries + 1);
  for (let k = 0; k < input.count; k++) positionStarts[target[k]! + 1]! += positionsOf(sorted[k]!).length;
  for (let e = 1; e <= entries; e++) positionStarts[e]! += positionStarts[e - 1]!;
  const positions = new Uint32Array(positionStarts[entries]!);
  const fill = positionStarts.slice(0, entries);
  for (let k = 0; k < input.count; k++) {
    const i = sorted[k]!;
    const shift = input.field[i]! * FIELD_SHIFT;
    const list = positionsOf(i);
    const e = target[k]!;
    for (let p = 0; p < list.length; p++) positions[fill[e]!++] = shift + list[p]!;
  }
  return encodePositions(positionStarts, positions);
}

function varint(out: Growable<Uint8Array>, value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

/** Plain positions → the varint layout of PostingsData#positionBytes, with a checkpoint every POSITION_CHECKPOINT entries. */
function encodePositions(starts: Uint32Array, positions: Uint32Array): { positionBytes: Uint8Array; positionCheckpoints: Uint32Array } {
  const entries = starts.length - 1;
  const out = new Growable((n) => new Uint8Array(n), Math.max(1024, positions.length * 2));
  const payload = new Growable((n) => new Uint8Array(n), 256);
  const positionCheckpoints = new Uint32Array(Math.ceil(entries / POSITION_CHECKPOINT) + 1);
  for (let e = 0; e < entries; e++) {
    if (e % POSITION_CHECKPOINT === 0) positionCheckpoints[e / POSITION_CHECKPOINT] = out.length;
    payload.length = 0;
    let previous = 0;
    for (let p = starts[e]!; p < starts[e + 1]!; p++) {
      varint(payload, positions[p]! - previous);
      previous = positions[p]!;
    }
    varint(out, payload.length);
    const bytes = payload.view();
    for (let i = 0; i < bytes.length; i++) out.push(bytes[i]!);
  }
  positionCheckpoints[positionCheckpoints.length - 1] = out.length;
  if (out.length >= 2 ** 32) throw new Error('word positions exceed 4 GiB; build without positions');
  return { positionBytes: out.view().slice(), positionCheckpoints };
}

function prefixSums(lengths: readonly number[]): Uint32Array {
  const out = new Uint32Array(lengths.length + 1);
  lengths.forEach((n, i) => (out[i + 1] = out[i]! + n));
  return out;
}

function encodeWeights(weights: Float64Array): { weightCodes: Uint32Array; weightEscapes: Float64Array } {
  const weightCodes = new Uint32Array(weights.length);
  const escapes: number[] = [];
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    const code = Math.round(w * 1000);
    if (code >= 0 && code < ESCAPE && code / 1000 === w && !Object.is(w, -0)) weightCodes[i] = code;
    else {
      weightCodes[i] = ESCAPE + escapes.length;
      escapes.push(w);
    }
  }
  return { weightCodes, weightEscapes: Float64Array.from(escapes) };
}

/** The parts of Lunr's serialized index (lunr.Index#toJSON) that scoring needs. */
export interface SerializedLunrIndex {
  fields: string[];
  fieldVectors: [string, number[]][];
  /** Per term: its number, and per field the documents holding it with their metadata (positions: `index`). */
  invertedIndex: [string, { _index: number } & Record<string, number | Record<string, { index?: number[] }>>][];
  pipeline: string[];
}

/**
 * The postings of an index Lunr built, read from its serialized structures: the reference OCC's own builder is
 * tested against (their PostingsData must be identical), and what the eval harness and tests search when they
 * hand the engine a lunr.Index.
 */
export function postingsFromLunr(index: lunr.Index | SerializedLunrIndex): PostingsData {
  const serialized = 'toJSON' in index ? (index.toJSON() as unknown as SerializedLunrIndex) : index;
  const termNames: string[] = [];
  for (const [term, posting] of serialized.invertedIndex) termNames[posting._index] = term;
  const docIds = new Map<string, number>();
  const refs: string[] = [];
  const fieldIds = new Map(serialized.fields.map((f, i) => [f, i]));
  let count = 0;
  for (const [, elements] of serialized.fieldVectors) count += elements.length / 2;
  const term = new Uint32Array(count);
  const doc = new Uint32Array(count);
  const field = new Uint8Array(count);
  const weight = new Float64Array(count);
  let i = 0;
  for (const [fieldRef, elements] of serialized.fieldVectors) {
    const slash = fieldRef.indexOf('/');
    const ref = fieldRef.slice(slash + 1);
    let d = docIds.get(ref);
    if (d === undefined) {
      d = refs.length;
      docIds.set(ref, d);
      refs.push(ref);
    }
    const f = fieldIds.get(fieldRef.slice(0, slash)) ?? 0;
    for (let e = 0; e < elements.length; e += 2, i++) {
      term[i] = elements[e]!;
      doc[i] = d;
      field[i] = f;
      weight[i] = elements[e + 1]!;
    }
  }
  const byTerm = new Map(serialized.invertedIndex.map(([, posting]) => [posting._index, posting]));
  const positions = storesPositions(serialized)
    ? (k: number) => {
        const posting = byTerm.get(term[k]!);
        const byRef = posting?.[serialized.fields[field[k]!] ?? ''];
        return typeof byRef === 'object' ? (byRef[refs[doc[k]!] ?? '']?.index ?? []) : [];
      }
    : undefined;
  return assemblePostings({ count, termNames, refs, term, doc, field, weight, positions });
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
 * Posting lists scored exactly as lunr.Index#query scores term queries: a document's score is the sum over
 * fields of the dot product of the query vector with the field's BM25 vector (weights Lunr's formula computed
 * at build time), divided by the query vector's norm.
 *
 * Why not lunr.Index#query itself: it walks every matching document's whole field vector and allocates
 * per match, which makes a query over a few thousand chunks cost milliseconds and keeps a large object
 * graph alive for the garbage collector. Here the weights of all fields are summed per (term, document)
 * into flat typed arrays at build time, so a query touches only the postings of its own terms.
 */
export class Postings {
  readonly refs: readonly string[];
  private readonly terms: Buffer;
  private readonly termOffsets: Uint32Array;
  private readonly starts: Uint32Array;
  private readonly docs: Uint32Array;
  private readonly weightCodes: Uint32Array;
  private readonly weightEscapes: Float64Array;
  private readonly positionBytes: Uint8Array | undefined;
  private readonly positionCheckpoints: Uint32Array | undefined;
  /** Per-query accumulators, reused: a search runs to completion before the next starts. */
  private readonly scores: Float64Array;
  private readonly seen: Uint8Array;
  /** The documents a query has scored, so far `touchedCount` of them: the ones to reset after it. */
  private readonly touched: Uint32Array;
  private readonly recentTerms = new Map<string, number>();
  private readonly weightOrders = new Map<number, Uint32Array>();

  constructor(data: PostingsData) {
    this.refs = data.refs;
    this.terms = Buffer.from(data.terms.bytes.buffer, data.terms.bytes.byteOffset, data.terms.bytes.byteLength);
    this.termOffsets = data.terms.offsets;
    this.starts = data.starts;
    this.docs = data.docs;
    this.weightCodes = data.weightCodes;
    this.weightEscapes = data.weightEscapes;
    this.positionBytes = data.positionBytes;
    this.positionCheckpoints = data.positionCheckpoints;
    this.scores = new Float64Array(this.refs.length);
    this.seen = new Uint8Array(this.refs.length);
    this.touched = new Uint32Array(this.refs.length);
  }

  /** The term's number, by binary search in the sorted dictionary; undefined when no document holds it. */
  termId(term: string): number | undefined {
    const known = this.recentTerms.get(term);
    if (known !== undefined) return known;
    const id = this.lookup(term);
    // Queries repeat their terms across calls (top, holds, positions): remember recent lookups, within a bound.
    if (this.recentTerms.size >= RECENT_TERMS) this.recentTerms.clear();
    if (id !== undefined) this.recentTerms.set(term, id);
    return id;
  }

  /**
   * The terms of the dictionary that begin with `prefix` and run at most `extra` characters past it, the prefix
   * itself among them if held: a binary search to the first, then a walk while the prefix holds.
   */
  termsExtending(prefix: string, extra: number): string[] {
    const needle = Buffer.from(prefix, 'utf8');
    const found: string[] = [];
    // Compared as bytes, decoded only when short enough: a short prefix can open thousands of terms.
    for (let t = this.firstNotBefore(needle); t < this.termOffsets.length - 1; t++) {
      const start = this.termOffsets[t]!;
      const end = this.termOffsets[t + 1]!;
      if (end - start < needle.length || needle.compare(this.terms, start, start + needle.length) !== 0) break;
      if (end - start - needle.length > extra * 4) continue;
      const term = this.terms.toString('utf8', start, end);
      if (term.length - prefix.length <= extra) found.push(term);
    }
    return found;
  }

  private lookup(term: string): number | undefined {
    const needle = Buffer.from(term, 'utf8');
    const t = this.firstNotBefore(needle);
    return t < this.termOffsets.length - 1 && needle.compare(this.terms, this.termOffsets[t], this.termOffsets[t + 1]) === 0 ? t : undefined;
  }

  /** The number of the first term of the sorted dictionary not below `needle` (the term count when none is). */
  private firstNotBefore(needle: Buffer): number {
    let lo = 0;
    let hi = this.termOffsets.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (needle.compare(this.terms, this.termOffsets[mid], this.termOffsets[mid + 1]) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The weight of posting entry i. */
  private weight(i: number): number {
    const code = this.weightCodes[i] ?? 0;
    return code < ESCAPE ? code / 1000 : (this.weightEscapes[code - ESCAPE] ?? 0);
  }

  /** The document's BM25 weight of a term (summed over its fields), or undefined when it does not hold it. */
  weightOf(term: string, doc: number): number | undefined {
    const at = this.entry(term, doc);
    return at < 0 ? undefined : this.weight(at);
  }

  /** The norm of a query's vector, which `top` and `scoreDocs` divide every score by (0 when no document holds a term of it). */
  norm(terms: readonly WeightedTerm[], groups: readonly TermGroup[] = []): number {
    return this.plan(terms, groups).norm;
  }

  holds(term: string, doc: number): boolean {
    return this.entry(term, doc) >= 0;
  }

  get hasPositions(): boolean {
    return this.positionBytes !== undefined;
  }

  /** The posting entry of (term, document), or -1: a binary search in the term's list. */
  private entry(term: string, doc: number): number {
    const id = this.termId(term);
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
    const bytes = this.positionBytes;
    if (at < 0 || bytes === undefined || this.positionCheckpoints === undefined) return new Uint32Array(0);
    let i = this.positionCheckpoints[Math.floor(at / POSITION_CHECKPOINT)] ?? 0;
    const read = () => {
      let value = 0;
      let scale = 1;
      for (;;) {
        const byte = bytes[i++] ?? 0;
        value += (byte & 0x7f) * scale;
        if (byte < 0x80) return value;
        scale *= 128;
      }
    };
    for (let skip = at % POSITION_CHECKPOINT; skip > 0; skip--) {
      const length = read();
      i += length;
    }
    const end = read() + i;
    const out: number[] = [];
    let previous = 0;
    while (i < end) {
      previous += read();
      out.push(previous);
    }
    return Uint32Array.from(out);
  }

  /** The documents holding a term, ascending (a view of the postings, not a copy); empty for an unknown term. */
  docsOf(term: string): Uint32Array {
    const id = this.termId(term);
    return id === undefined ? new Uint32Array(0) : this.docs.subarray(this.starts[id], this.starts[id + 1]);
  }

  /**
   * The best `limit` documents holding one term that `accept` lets through, by the term's weight (ties: the lower
   * document number), the same as `top` with that term alone but without the count of all matches: `accept` is
   * asked only until `limit` pass. For a costly test over a common term ("means" in every chunk that uses the
   * word), where asking it of every holder took hundreds of milliseconds on a large corpus.
   */
  best(term: string, limit: number, accept: (ref: string, doc: number) => boolean): Scored[] {
    const id = this.termId(term);
    if (id === undefined || limit <= 0) return [];
    const results: Scored[] = [];
    for (const i of this.byWeight(id)) {
      const doc = this.docs[i]!;
      if (!accept(this.refs[doc] ?? '', doc)) continue;
      results.push({ ref: this.refs[doc] ?? '', doc, score: this.weight(i) });
      if (results.length === limit) break;
    }
    return results;
  }

  /** A term's posting entries, best weight first (ties in document order), sorted on first use and kept. */
  private byWeight(id: number): Uint32Array {
    const known = this.weightOrders.get(id);
    if (known !== undefined) return known;
    const start = this.starts[id]!;
    const order = Uint32Array.from({ length: this.starts[id + 1]! - start }, (_, k) => start + k);
    order.sort((a, b) => this.weight(b) - this.weight(a) || this.docs[a]! - this.docs[b]!);
    if (this.weightOrders.size >= WEIGHT_ORDERS) this.weightOrders.clear();
    this.weightOrders.set(id, order);
    return order;
  }

  /** A query's terms and groups by term number, and its norm (0 when no document holds any of them). */
  private plan(terms: readonly WeightedTerm[], groups: readonly TermGroup[]) {
    const boosts = new Map<number, number>();
    for (const { term, boost } of terms) {
      const id = this.termId(term);
      if (id !== undefined) boosts.set(id, (boosts.get(id) ?? 0) + boost);
    }
    const groupIds = groups
      .map(({ terms: groupTerms, boost }) => ({ ids: groupTerms.map((t) => this.termId(t)), boost }))
      .filter((g): g is { ids: number[]; boost: number } => g.ids.every((id) => id !== undefined));
    // The norm counts each term's total query weight, as Lunr's query vector would.
    const weightOf = new Map(boosts);
    for (const { ids, boost } of groupIds) for (const id of ids) weightOf.set(id, (weightOf.get(id) ?? 0) + boost);
    let norm = 0;
    for (const weight of weightOf.values()) norm += weight * weight;
    return { boosts, groupIds, norm: Math.sqrt(norm) };
  }

  /**
   * The scores `top` would give these documents, best first (ties: the lower document number), for those that
   * match: a few documents looked up term by term instead of the whole corpus scored. Each score is summed in the
   * order `top` sums it, so the two agree to the bit.
   */
  scoreDocs(terms: readonly WeightedTerm[], docs: Iterable<number>, groups: readonly TermGroup[] = []): Scored[] {
    const { boosts, groupIds, norm } = this.plan(terms, groups);
    if (norm === 0) return [];
    const results: Scored[] = [];
    for (const doc of new Set(docs)) {
      let score = 0;
      let matched = false;
      for (const [id, boost] of boosts) {
        const at = this.entryOf(id, doc);
        if (at < 0) continue;
        score = score + boost * this.weight(at);
        matched = true;
      }
      for (const { ids, boost } of groupIds) {
        let sum = 0;
        for (const id of ids) {
          const at = this.entryOf(id, doc);
          if (at < 0) {
            sum = -1;
            break;
          }
          sum += this.weight(at);
        }
        if (sum < 0) continue;
        score = score + boost * sum;
        matched = true;
      }
      if (matched) results.push({ ref: this.refs[doc] ?? '', doc, score });
    }
    return results.sort((a, b) => b.score - a.score || a.doc - b.doc).map((r) => ({ ...r, score: r.score / norm }));
  }

  /** Number of (term, document) posting entries. */
  get entryCount(): number {
    return this.docs.length;
  }

  /**
   * The best `limit` matching documents (best first; ties keep document order) and how many match in all.
   * Term at a time, in the order the terms come, so each document's score is summed in the same order whatever
   * else changes here: scores are bit-identical to adding up the postings one by one. Only the best are sorted:
   * a query over a large corpus matches thousands of documents, and sorting them all cost more than scoring them.
   */
  top(
    terms: readonly WeightedTerm[],
    limit: number,
    accept?: (ref: string, doc: number) => boolean,
    groups: readonly TermGroup[] = [],
  ): { total: number; results: Scored[] } {
    const { boosts, groupIds, norm } = this.plan(terms, groups);
    if (norm === 0) return { total: 0, results: [] };

    // Hot loops over the reused typed arrays: no closure or allocation per posting.
    const { scores, seen, touched, starts, docs, weightCodes, weightEscapes } = this;
    let touchedCount = 0;
    for (const [id, boost] of boosts) {
      const end = starts[id + 1]!;
      for (let i = starts[id]!; i < end; i++) {
        const doc = docs[i]!;
        const code = weightCodes[i]!;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          touched[touchedCount++] = doc;
        }
        scores[doc] = scores[doc]! + boost * (code < ESCAPE ? code / 1000 : weightEscapes[code - ESCAPE]!);
      }
    }
    for (const { ids, boost } of groupIds) {
      // Walk the shortest list; a document counts only if the group's other terms are all there too.
      const rarest = ids.reduce((a, b) => (starts[b + 1]! - starts[b]! < starts[a + 1]! - starts[a]! ? b : a));
      const end = starts[rarest + 1]!;
      for (let i = starts[rarest]!; i < end; i++) {
        const doc = docs[i]!;
        let sum = 0;
        for (const id of ids) {
          const at = id === rarest ? i : this.entryOf(id, doc);
          if (at < 0) {
            sum = -1;
            break;
          }
          sum += this.weight(at);
        }
        if (sum < 0) continue;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          touched[touchedCount++] = doc;
        }
        scores[doc] = scores[doc]! + boost * sum;
      }
    }
    const best = new TopK(scores, limit);
    let total = 0;
    // When many documents match, visiting them in document order reads the accumulators sequentially.
    const dense = touchedCount * DENSE_FRACTION > scores.length;
    const count = dense ? scores.length : touchedCount;
    for (let k = 0; k < count; k++) {
      const doc = dense ? k : touched[k]!;
      if (dense && seen[doc] === 0) continue;
      if (accept !== undefined && !accept(this.refs[doc] ?? '', doc)) continue;
      total++;
      if (!best.full || best.beatsFloor(doc)) best.offer(doc);
    }
    const results = best.sorted().map((doc) => ({ ref: this.refs[doc] ?? '', doc, score: scores[doc]! / norm }));
    if (dense) {
      scores.fill(0);
      seen.fill(0);
    } else {
      for (let k = 0; k < touchedCount; k++) {
        const doc = touched[k]!;
        scores[doc] = 0;
        seen[doc] = 0;
      }
    }
    return { total, results };
  }
}

/**
 * The `limit` best documents by score (ties: the lower document number) in a min-heap with the worst on top: a
 * document that does not beat it costs one comparison. The order is total, so the result does not depend on
 * the order documents are offered in.
 */
class TopK {
  private readonly heap: number[] = [];

  constructor(
    private readonly scores: Float64Array,
    private readonly limit: number,
  ) {}

  /** a ranks below b. */
  private worse(a: number, b: number): boolean {
    const sa = this.scores[a]!;
    const sb = this.scores[b]!;
    return sa < sb || (sa === sb && a > b);
  }

  get full(): boolean {
    return this.heap.length >= this.limit;
  }

  /** Whether doc ranks above the worst kept; only when full. */
  beatsFloor(doc: number): boolean {
    return this.worse(this.heap[0]!, doc);
  }

  offer(doc: number): void {
    const heap = this.heap;
    if (heap.length < this.limit) {
      let i = heap.push(doc) - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (heap.length > 0 && this.worse(heap[0]!, doc)) {
      heap[0] = doc;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && this.worse(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && this.worse(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
  }

  /** Best first. */
  sorted(): number[] {
    return this.heap.sort((a, b) => (this.worse(b, a) ? -1 : this.worse(a, b) ? 1 : 0));
  }
}
