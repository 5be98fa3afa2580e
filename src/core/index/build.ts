import lunr from 'lunr';
import { parsePinpoint } from '../legal/address.js';
import type { Chunk } from '../types.js';
import { compounds, configurePipelines, EXACT_FIELD } from './analysis.js';
import type { Language } from './languages.js';

/**
 * Ranking knobs. Lunr scores each field with BM25 and sums the fields weighted by their boost. k1, b, the title
 * and the compounds weights are the best on SciFact train among the settings that do not lower Cranfield; grids
 * and results in docs/ranking.md (`npm run eval`). A weight of 0 leaves its field out of the index.
 */
export interface RankingParams {
  /** BM25 term-frequency saturation; sensible 0.5-2.0. Default 0.9 (Lunr's own is 1.2). */
  k1: number;
  /** BM25 length normalisation, 0 (none) to 1 (full). Default 0.9 (Lunr's own is 0.75). */
  b: number;
  /** Weight of the chunk text; the other weights are relative to it. Default 1. */
  textBoost: number;
  /**
   * Weight of the heading path (all headings above the chunk). Default 3, chosen on the governance query set
   * (tests/fixtures/queries); SciFact and Cranfield have no section headings to tune it on.
   */
  headingBoost: number;
  /**
   * Weight of the heading path of a chunk that holds part of a provision (its pinpoint names paragraphs or points,
   * as "Art. 5(1)(f)"), or a framework item listed under its category ("GOVERN 1.6" under "GOVERN 1: Policies
   * …"), in place of `headingBoost`. The Article's title, or the category's statement, repeats over every part or
   * item, so at the prose weight the siblings crowd out the one that answers. Default 2, chosen on the legal dev
   * questions for Articles (tests/fixtures/queries/legal.jsonl, docs/ranking.md); items joined them in round ten.
   */
  provisionBoost: number;
  /** Weight of the source title, repeated on every chunk of the source. Default 0.75. */
  titleBoost: number;
  /**
   * Weight of the joined forms of hyphenated words in the text, heading and title ("high-risk" → highrisk),
   * kept in a field of their own so they neither count twice nor lengthen the text (analysis.ts `tokenize`).
   * Default 0.25.
   */
  compoundBoost: number;
  /**
   * Weight of the unstemmed word forms of a structured chunk's text (one with a pinpoint: a provision, recital or
   * framework item; analysis.ts `exactTerms`). Porter conflates words that a law keeps apart (accessibility and
   * access, generation and general), so the very word a question uses counts a little extra there. Default 0.25,
   * chosen on the legal dev questions; prose (SciFact, our explainers) did not gain, so it has no such field.
   */
  exactBoost: number;
}

export const DEFAULT_RANKING: RankingParams = { k1: 0.9, b: 0.9, textBoost: 1, headingBoost: 3, provisionBoost: 2, titleBoost: 0.75, compoundBoost: 0.25, exactBoost: 0.25 };

/** What the index sees of a chunk; the eval harness feeds its documents through the same shape. */
export interface IndexDoc {
  id: string;
  text: string;
  heading: string;
  /** The heading path of a chunk that shares it with its siblings (`sharesHeading`), whose `heading` is then empty. */
  provision?: string;
  title: string;
  /** Index the text's unstemmed forms too (`exactBoost`): set for chunks with a pinpoint. */
  exact?: boolean;
  /** The analysis of its source's language (languages.ts); absent for English, Lunr's own. */
  language?: Language;
}

export function indexDoc(chunk: Chunk, sourceTitle: string, language: Language = 'en'): IndexDoc {
  const path = chunk.path.join(' ');
  const exact = chunk.pinpoint !== undefined;
  const doc: IndexDoc = sharesHeading(chunk)
    ? { id: chunk.id, text: chunk.text, heading: '', provision: path, title: sourceTitle, exact }
    : { id: chunk.id, text: chunk.text, heading: path, title: sourceTitle, exact };
  if (language !== 'en') doc.language = language;
  return doc;
}

/**
 * A chunk whose heading path its siblings share: part of a headed provision (a paragraph or points of an Article,
 * a point of an Annex, a range of them), or a framework item (the chunker reads items from the lines listing them
 * under their category's heading). A whole Article, a recital or a prose section keeps its heading to itself.
 */
function sharesHeading(chunk: Chunk): boolean {
  if (chunk.pinpoint === undefined) return false;
  const address = parsePinpoint(chunk.pinpoint);
  return address === undefined || address.kind === 'framework' || address.parts.length > 0;
}

export interface IndexOptions {
  /**
   * Store word positions, so quoted phrases must match in order; without them a phrase only requires all its
   * words. Costs index size (docs/ranking.md). Default DEFAULT_POSITIONS.
   */
  positions?: boolean;
}

export const DEFAULT_POSITIONS = true;

/**
 * A lunr.Builder set up with OCC's analysis and ranking (fields, boosts, k1, b, positions), before any document.
 * Both Lunr's own build (`buildIndex`) and OCC's artifact builder (builder.ts) read their configuration from it,
 * so a ranking change made here reaches both, and the artifact needs no change of format.
 */
export function configuredBuilder(params: RankingParams = DEFAULT_RANKING, options: IndexOptions = {}): lunr.Builder {
  const builder = new lunr.Builder();
  configurePipelines(builder);
  // Lunr keeps only whitelisted token metadata; `index` is the word position set by our tokenizer.
  if (options.positions ?? DEFAULT_POSITIONS) builder.metadataWhitelist = ['index'];
  builder.ref('id');
  // Lunr reads a boost of 0 as "no boost" (1), so a field weighted 0 is left out instead.
  const field = (name: string, boost: number, extractor?: (doc: object) => string) => {
    if (boost > 0) builder.field(name, extractor === undefined ? { boost } : { boost, extractor });
  };
  field('text', params.textBoost);
  field('heading', params.headingBoost);
  field('provision', params.provisionBoost);
  field('title', params.titleBoost);
  field('compounds', params.compoundBoost, (doc) => {
    const { text, heading, provision, title } = doc as IndexDoc;
    return compounds(`${text} ${heading} ${provision ?? ''} ${title}`);
  });
  field(EXACT_FIELD, params.exactBoost, (doc) => {
    const { text, exact } = doc as IndexDoc;
    return exact === true ? text : '';
  });
  builder.k1(params.k1);
  builder.b(params.b);
  return builder;
}

/** Lunr's own index of the documents: the reference OCC's artifact builder is tested against. */
export function buildIndex(docs: Iterable<IndexDoc>, params: RankingParams = DEFAULT_RANKING, options: IndexOptions = {}): lunr.Index {
  const builder = configuredBuilder(params, options);
  for (const doc of docs) builder.add(doc);
  return builder.build();
}
