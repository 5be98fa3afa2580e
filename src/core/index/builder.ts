import type lunr from 'lunr';
import { assemblePostings, type PostingsData } from '../search/postings.js';
import { Growable } from './binary.js';
import { analyzeFrench } from './analysis.js';
import { configuredBuilder, DEFAULT_RANKING, type IndexDoc, type IndexOptions, type RankingParams } from './build.js';

/** The configuration of a lunr.Builder that Lunr keeps in private members; Lunr 2.3.9 names them so. */
interface LunrBuilderConfig {
  _ref: string;
  _fields: Record<string, { boost?: number; extractor?: (doc: object) => unknown }>;
  _k1: number;
  _b: number;
  tokenizer: (value: unknown, metadata: object) => lunr.Token[];
  pipeline: lunr.Pipeline;
  searchPipeline: lunr.Pipeline;
  metadataWhitelist: string[];
}

/** What an index records of how it was built, besides its postings. */
export interface IndexStats {
  fields: { name: string; boost: number; averageLength: number }[];
  k1: number;
  b: number;
  documents: number;
  /** Labels of the search pipeline, to rebuild it at load (lunr.Pipeline.load). */
  pipeline: string[];
  positions: boolean;
}

/** One field of a document after Lunr's tokenizer and pipeline. */
export interface AnalyzedField {
  /** The number of terms, as Lunr's fieldLengths. */
  length: number;
  /** The distinct terms, in first-seen order. */
  terms: string[];
  /** Each term's frequency. */
  tfs: number[];
  /** Each term's positions, term after term (only when the index stores positions). */
  positions?: number[];
}

/** A document as the index builder needs it: plain data, so a worker thread can send it (structured clone). */
export interface AnalyzedDoc {
  ref: string;
  /** Lunr's document boost (0: none). */
  boost: number;
  /** In the builder's field order. */
  fields: AnalyzedField[];
}

/** The analysis half of `IndexBuilder#add`: a document through the fields' extractors, Lunr's tokenizer and pipeline. */
export class DocumentAnalyzer {
  private readonly config: LunrBuilderConfig;
  private readonly fields: string[];
  private readonly positions: boolean;
  /** One field's terms while it is analyzed: frequency, then where the term's next position goes. */
  private readonly fieldTerms = new Map<string, number>();

  constructor(builder: lunr.Builder = configuredBuilder()) {
    this.config = builder as unknown as LunrBuilderConfig;
    this.fields = Object.keys(this.config._fields);
    this.positions = this.config.metadataWhitelist.includes('index');
  }

  analyze(doc: object, attributes: { boost?: number } = {}): AnalyzedDoc {
    const ref = String((doc as Record<string, unknown>)[this.config._ref]);
    // A French document is analysed by lunr.fr (languages.ts); any other by the builder's own (English) analysis.
    const french = (doc as Partial<IndexDoc>).language === 'fr';
    const fields = this.fields.map((name): AnalyzedField => {
      const { extractor } = this.config._fields[name] ?? {};
      const value = extractor ? extractor(doc) : (doc as Record<string, unknown>)[name];
      const tokens = french ? analyzeFrench(value, name) : this.config.pipeline.run(this.config.tokenizer(value, { fields: [name] }));
      // Term frequencies in first-seen order, then each term's positions placed in one run.
      const counts = this.fieldTerms;
      counts.clear();
      const strings = tokens.map((token) => token.toString());
      for (const term of strings) counts.set(term, (counts.get(term) ?? 0) + 1);
      const terms = [...counts.keys()];
      const tfs = [...counts.values()];
      if (!this.positions) return { length: tokens.length, terms, tfs };
      let next = 0;
      for (const [term, tf] of counts) {
        counts.set(term, next);
        next += tf;
      }
      const positions = new Array<number>(next);
      tokens.forEach((token, i) => {
        const at = counts.get(strings[i]!)!;
        positions[at] = (token as unknown as { metadata: { index?: number } }).metadata.index ?? 0;
        counts.set(strings[i]!, at + 1);
      });
      return { length: tokens.length, terms, tfs, positions };
    });
    return { ref, boost: attributes.boost ?? 0, fields };
  }
}

/**
 * OCC's index builder: the documents' BM25 weights computed with Lunr's own numbers (Builder#add,
 * calculateAverageFieldLengths, createFieldVectors and lunr.idf of Lunr 2.3.9: each field's weight rounded to
 * 3 decimals, times field and document boost), from Lunr's own tokenizer and pipeline, but accumulated in typed
 * arrays instead of Lunr's object graph, which ran out of heap at 100k chunks. Takes its fields, boosts, k1, b and
 * analysis from a configured lunr.Builder (`configuredBuilder`), so it indexes whatever `buildIndex` would.
 * A test holds its postings identical to those read from Lunr's own index of the same documents.
 */
export class IndexBuilder {
  private readonly config: LunrBuilderConfig;
  private readonly fields: string[];
  private readonly positions: boolean;
  private readonly termIds = new Map<string, number>();
  private readonly termNames: string[] = [];
  private readonly refs: string[] = [];
  private readonly seen = new Set<string>();
  private readonly docBoosts: number[] = [];
  /** Per (document, field): the number of terms after the pipeline, as Lunr's fieldLengths. */
  private readonly fieldLengths = new Growable((n) => new Uint32Array(n));
  /** Per term: the number of (field, document) pairs holding it, as lunr.idf counts them. */
  private readonly fieldDocCounts = new Growable((n) => new Uint32Array(n));
  private readonly entryTerm = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly entryDoc = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly entryField = new Growable((n) => new Uint8Array(n), 1 << 16);
  private readonly entryTf = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly positionStarts = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly positionList = new Growable((n) => new Uint32Array(n), 1 << 16);
  private readonly analyzer: DocumentAnalyzer;

  constructor(builder: lunr.Builder = configuredBuilder()) {
    this.config = builder as unknown as LunrBuilderConfig;
    this.fields = Object.keys(this.config._fields);
    if (this.fields.length > 255) throw new Error('an index holds at most 255 fields');
    const unknown = this.config.metadataWhitelist.filter((key) => key !== 'index');
    if (unknown.length > 0) throw new Error(`token metadata ${unknown.join(', ')} cannot be stored; only positions (index) can`);
    this.positions = this.config.metadataWhitelist.includes('index');
    this.analyzer = new DocumentAnalyzer(builder);
    this.positionStarts.push(0);
  }

  /** Adds a document, as lunr.Builder#add does; `attributes.boost` is Lunr's document boost. */
  add(doc: object, attributes: { boost?: number } = {}): void {
    this.addAnalyzed(this.analyzer.analyze(doc, attributes));
  }

  /**
   * Adds a document analyzed elsewhere (a build worker thread's `DocumentAnalyzer` configured from the same
   * ranking): the same numbers as `add` of the document itself.
   */
  addAnalyzed(doc: AnalyzedDoc): void {
    // Lunr would count a repeated ref twice and mix the two documents' postings.
    if (this.seen.has(doc.ref)) throw new Error(`document "${doc.ref}" is added twice`);
    if (doc.fields.length !== this.fields.length) throw new Error(`document "${doc.ref}" has ${doc.fields.length} fields, the index ${this.fields.length}`);
    this.seen.add(doc.ref);
    const number = this.refs.length;
    this.refs.push(doc.ref);
    this.docBoosts.push(doc.boost);
    doc.fields.forEach((analyzed, f) => {
      this.fieldLengths.push(analyzed.length);
      let next = this.positionList.length;
      analyzed.terms.forEach((term, k) => {
        let id = this.termIds.get(term);
        if (id === undefined) {
          id = this.termNames.length;
          this.termIds.set(term, id);
          this.termNames.push(term);
          this.fieldDocCounts.push(0);
        }
        const tf = analyzed.tfs[k]!;
        this.fieldDocCounts.set(id, this.fieldDocCounts.get(id) + 1);
        this.entryTerm.push(id);
        this.entryDoc.push(number);
        this.entryField.push(f);
        this.entryTf.push(tf);
        if (this.positions) {
          next += tf;
          this.positionStarts.push(next);
        }
      });
      if (this.positions) {
        if (analyzed.positions === undefined) throw new Error(`document "${doc.ref}" was analyzed without positions`);
        for (const position of analyzed.positions) this.positionList.push(position);
      }
    });
  }

  /** The postings, with Lunr's weights, and what the index was built with. */
  finish(): { postings: PostingsData; stats: IndexStats } {
    const fieldCount = this.fields.length;
    const documents = this.refs.length;
    const lengths = this.fieldLengths.view();
    // calculateAverageFieldLengths: every document has every field, so each is divided by the document count.
    const averages = this.fields.map((_, f) => {
      let sum = 0;
      for (let d = 0; d < documents; d++) sum += lengths[d * fieldCount + f]!;
      return sum / documents;
    });
    const k1 = this.config._k1;
    const b = this.config._b;
    const boosts = this.fields.map((name) => this.config._fields[name]?.boost || 1);
    const counts = this.fieldDocCounts.view();
    // lunr.idf
    const idf = new Float64Array(this.termNames.length);
    for (let t = 0; t < idf.length; t++) {
      const x = (documents - counts[t]! + 0.5) / (counts[t]! + 0.5);
      idf[t] = Math.log(1 + Math.abs(x));
    }
    const count = this.entryTerm.length;
    const term = this.entryTerm.view();
    const doc = this.entryDoc.view();
    const field = this.entryField.view();
    const tfs = this.entryTf.view();
    const weight = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const f = field[i]!;
      const d = doc[i]!;
      const tf = tfs[i]!;
      const fieldLength = lengths[d * fieldCount + f]!;
      // createFieldVectors, operation for operation, so that the floating-point results are Lunr's.
      let score = idf[term[i]!]! * ((k1 + 1) * tf) / (k1 * (1 - b + b * (fieldLength / averages[f]!)) + tf);
      score *= boosts[f]!;
      score *= this.docBoosts[d] || 1;
      weight[i] = Math.round(score * 1000) / 1000;
    }
    const starts = this.positionStarts.view();
    const list = this.positionList.view();
    const postings = assemblePostings({
      count,
      termNames: this.termNames,
      refs: this.refs,
      term,
      doc,
      field,
      weight,
      positions: this.positions ? (i) => list.subarray(starts[i], starts[i + 1]) : undefined,
    });
    const stats: IndexStats = {
      fields: this.fields.map((name, f) => ({ name, boost: boosts[f]!, averageLength: averages[f]! })),
      k1,
      b,
      documents,
      pipeline: this.config.searchPipeline.toJSON() as unknown as string[],
      positions: this.positions,
    };
    return { postings, stats };
  }
}

/** The artifact builder over documents in memory: what `buildIndex` indexes, as OCC's postings. */
export function buildPostings(docs: Iterable<IndexDoc>, params: RankingParams = DEFAULT_RANKING, options: IndexOptions = {}): { postings: PostingsData; stats: IndexStats } {
  const builder = new IndexBuilder(configuredBuilder(params, options));
  for (const doc of docs) builder.add(doc);
  return builder.finish();
}
