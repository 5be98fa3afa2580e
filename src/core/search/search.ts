import lunr from 'lunr';
import { exactTerms, indexTerms, isExactTerm, positionedTerms, queryTerms, searchPipeline } from '../index/analysis.js';
import { analysisLanguage, detectLanguage, frenchPipeline, type Language } from '../index/languages.js';
import type { Chunk, GlossaryEntry, SourceMeta } from '../types.js';
import { Expander } from './expansion.js';
import { sceneOf } from './question-context.js';
import { SourceNames } from './source-names.js';
import { otherSpelling } from './spelling.js';
import { ABBREVIATIONS, ADDRESSEES, OPERATOR_ROLES, SYNONYM_GROUPS } from './synonyms.js';
import { addressKey, parsePinpoint, pinpointSpan, spanMeets, type Address } from '../legal/address.js';
import { articleHeadingTitle, statuteTitle } from '../legal/headings.js';
import { findPinpoints, stripCitations } from '../legal/mentions.js';
import { ChunkStore } from '../corpus/chunk-store.js';
import { plainWords } from '../index/fold.js';
import { Postings, postingsFromLunr, type PostingsData, type Scored, type TermGroup, type WeightedTerm } from './postings.js';
import { highlight, type Snippet } from './snippet.js';

export interface SearchOptions {
  /** How many hits to return. */
  top: number;
  /**
   * Only chunks of these sources (ids); absent or empty for every source. A provision the query cites is pinned
   * only when one of them holds it (and only one: "Article 5" of two acts pins nothing).
   */
  sources?: readonly string[] | undefined;
  /**
   * Sources left out whatever the query: the versions of a law not in force on the date asked (law/versions.ts), so
   * an answer never holds two versions of one provision.
   */
  excluded?: ReadonlySet<string> | undefined;
  /** Cut a highlighted snippet for each hit. Default true; the eval harness turns it off, as it reads only ids. */
  snippets?: boolean | undefined;
  /**
   * Analyse the query in this language and search only the chunks of sources in it (their front matter's
   * `language`). Absent: the language `detectLanguage` reads in the query, among those the index holds; with one
   * language in the index, that one, so an English-only index searches as it always did.
   */
  lang?: Language | undefined;
}

export interface EngineOptions {
  /** Glossary whose terms and aliases expand each other in queries ("GPAI" also searches "general-purpose AI"). */
  glossary?: readonly GlossaryEntry[] | undefined;
  /**
   * The indexed sources. A law or framework among them named in a question ("under the EU AI Act") is not searched
   * for as words, but at NAME_WEIGHT (source-names.ts).
   */
  sources?: readonly (Pick<SourceMeta, 'id' | 'title' | 'publisher' | 'cited_as'> & { language?: string | undefined })[] | undefined;
  /**
   * The language this engine analyses queries in. Default: the index's own (English); an engine over an index
   * holding sources in other languages makes one engine per language, sharing its postings and chunks, and hands
   * each query to the one of its language (`search`). The English word lists (glossary expansion, synonyms,
   * British and American spellings) serve English only.
   */
  language?: Language | undefined;
  /**
   * Weight of an expansion term relative to a term the user typed (1). Default DEFAULT_EXPANSION_WEIGHT;
   * 0 turns expansion off. Chosen on tests/fixtures/queries (docs/ranking.md).
   */
  expansionWeight?: number | undefined;

  /** Weight of a synonym (synonyms.ts) relative to a typed term. Default DEFAULT_SYNONYM_WEIGHT; 0 turns it off. */
  synonymWeight?: number | undefined;
  /**
   * Score factor of recitals (chunks whose pinpoint is a recital): they explain the Articles, which should rank
   * first when both match alike. Default DEFAULT_RECITAL_PRIOR; 1 turns it off.
   */
  recitalPrior?: number | undefined;
  /**
   * Score factor, for a question asking what something is ("who is a deployer", "what counts as …"), of chunks
   * that define one of its words ("‘deployer’ means"). Default DEFAULT_DEFINITION_FACTOR; 1 turns it off.
   */
  definitionFactor?: number | undefined;
  /**
   * A further factor, beside the definition factor, for the chunk defining a definition question's whole subject
   * ("who is a deployer", "are we a deployer"), not only its first words ("what is a provider required to do").
   * Default DEFAULT_SUBJECT_FACTOR; 1 turns it off.
   */
  subjectFactor?: number | undefined;
  /**
   * Score factor of the prose of a framework (the chunks of a source with numbered items such as "GOVERN 1.6"
   * that are not items themselves): a question about what to do is answered by the item, which the prose around
   * it discusses in the same words. Default DEFAULT_NARRATIVE_PRIOR; 1 turns it off.
   */
  narrativePrior?: number | undefined;
  /**
   * The narrative prior for a question asking how to do something ("how do we test for bias", "should we …"),
   * whose answer is an item more surely still. Default DEFAULT_PROCEDURE_PRIOR. A why-question inverts the
   * narrative prior instead, as it does the recital prior: the prose is where a framework gives its reasons.
   */
  procedurePrior?: number | undefined;
  /**
   * Score factor, for a question asking when or how soon ("from what date do the prohibitions apply", "how long
   * must logs be kept"), of chunks stating a date or a time limit. Default DEFAULT_TIME_FACTOR; 1 turns it off.
   */
  timeFactor?: number | undefined;
  /**
   * Score factor, for a question asking how much ("what is the maximum fine", "how high are the fines", "what fees"),
   * of chunks stating a sum of money or a percentage ("EUR 35 000 000", "7 % of its total worldwide annual
   * turnover"). Default DEFAULT_AMOUNT_FACTOR; 1 turns it off.
   */
  amountFactor?: number | undefined;
  /**
   * Score factor, for a question that does not ask what something is, of a structured chunk that defines terms
   * ("‘X’ means"): it says what a word means, not the rule the question is after. Default
   * DEFAULT_DEFINITIONS_PRIOR; 1 turns it off.
   */
  definitionsPrior?: number | undefined;
  /**
   * Score factor of a provision whose Article's title has every one of its words in the query ("Does a provider
   * need a quality management system?" and Article 17, "Quality management system"): the Article is about what
   * the question names. A question whether the law applies to something ("Does the AI Act cover open-source
   * models?") names the Article on its scope ("Scope", "Material scope") so. Default DEFAULT_ARTICLE_TITLE_FACTOR;
   * 1 turns it off.
   */
  articleTitleFactor?: number | undefined;
  /**
   * Score factor of a provision whose Article's title narrows its topic to an addressee ("Administrative fines |
   * on Union institutions, bodies, offices and agencies", "Fines | for providers of general-purpose AI models")
   * when the query names the topic but not the addressee: a question about fines that names no Union body is
   * after the general rule (Art. 99, "Penalties"), not the special one beside it. Default
   * DEFAULT_ADDRESSEE_FACTOR; 1 turns it off.
   */
  addresseeFactor?: number | undefined;
  /**
   * Score factor of a provision that names only operator roles (OPERATOR_ROLES: provider, deployer, importer …)
   * other than those the question names: "How long must a deployer keep the logs?" is after the deployer's duty
   * (Art. 26(6)), not the provider's in the same words (Art. 19). Default DEFAULT_ROLE_FACTOR; 1 turns it off.
   */
  roleFactor?: number | undefined;
  /**
   * Score factor of a framework item of another family than the one a question names ("Which MAP subcategory …":
   * MAP 1.5, not GOVERN 1.3). A family is the code its items' identifiers open with (GOVERN, MAP; GV in GV.OC-01),
   * named in capitals or before "function", "category" or "subcategory". Default DEFAULT_FAMILY_FACTOR; 1 turns it off.
   */
  familyFactor?: number | undefined;
  /**
   * Weight of the derived forms of a typed word that Porter stems apart from it: index terms that extend the
   * word's stem by at most DERIVED_EXTRA characters ("fail" and `failur`, "register" and `registr`, "work" and
   * `worker`), for stems of at least DERIVED_MIN letters. Default DEFAULT_DERIVED_WEIGHT; 0 turns it off.
   */
  derivedWeight?: number | undefined;
  /**
   * For a question asking when the law or a part of it applies ("from what date do the prohibitions apply", "when
   * do the rules for general-purpose AI models start to apply"), put the provisions of an Article on entry into
   * force first: an act sets its dates of application there and names what they cover by Chapter or Article
   * number, not in the question's words, so the query's own ranking leaves them far down. Default true.
   */
  applicationFirst?: boolean | undefined;
  /**
   * Search each word also as the other variety of English spells it ("authorized" / "authorised"), where the index
   * holds that spelling (spelling.ts). Default true.
   */
  spellings?: boolean | undefined;
  /**
   * Weight of the explanations that cite a provision: a provision of another source cited by one of the best
   * CITING_CANDIDATES chunks without a pinpoint (an explainer beside the law it explains) gains this share of the
   * citing chunk's score, divided by the root of the number of provisions it cites.
   * Explainers are written in the words people ask with and cite the provisions by number, as anchor text
   * describes the page it links to. Default DEFAULT_CITATION_WEIGHT; 0 turns it off.
   */
  citationWeight?: number | undefined;
  /**
   * Step of the paragraph prior: paragraph n of an Article (an Article without numbered paragraphs counts as
   * paragraph 1; n up to PARAGRAPH_CAP) scores × 1 / (1 + step × (n − 1)), divided by that factor's mean over
   * the Article paragraphs of its source. An act states its rule first and qualifies it after (Art. 5(1)(h)
   * prohibits; Art. 5(2)-(7) set the conditions of the exception in the same words), and the mean keeps the act
   * as a whole level with the explainers beside it. Default DEFAULT_PARAGRAPH_PRIOR; 0 turns it off.
   */
  paragraphPrior?: number | undefined;
  /**
   * Score factor of an Annex's chunks for a question about a duty ("Do providers have to red-team their models?",
   * "must", "required", "obligations") that does not ask what or which: the duty is imposed in an Article, and an
   * Annex lists the particulars an Article refers to (what the technical documentation contains, the areas of
   * high-risk use), which such a question names as its setting. Inverted for a question asking what something
   * contains or which criteria apply ("What goes into the technical file?"): that is what Annexes spell out.
   * Default DEFAULT_ANNEX_FACTOR; 1 turns it off.
   */
  annexFactor?: number | undefined;
  /**
   * Weight of a typed word that stands only in the question's scene (question-context.ts: a leading "If …," clause,
   * or the sentences around the question), relative to a word of the question proper. Default
   * DEFAULT_SCENE_WEIGHT; 1 turns it off.
   */
  sceneWeight?: number | undefined;
}

export const DEFAULT_EXPANSION_WEIGHT = 0.1;
export const DEFAULT_SYNONYM_WEIGHT = 0.5;
export const DEFAULT_RECITAL_PRIOR = 0.6;
export const DEFAULT_DEFINITION_FACTOR = 2;
export const DEFAULT_SUBJECT_FACTOR = 4;
export const DEFAULT_NARRATIVE_PRIOR = 0.9;
export const DEFAULT_PROCEDURE_PRIOR = 0.5;
export const DEFAULT_TIME_FACTOR = 1.5;
/** The time factor's value: the same rule for another kind of answer, not tuned apart. */
export const DEFAULT_AMOUNT_FACTOR = 1.5;
export const DEFAULT_DEFINITIONS_PRIOR = 0.9;
export const DEFAULT_ARTICLE_TITLE_FACTOR = 1.3;
export const DEFAULT_ADDRESSEE_FACTOR = 0.6;
export const DEFAULT_ROLE_FACTOR = 0.6;
export const DEFAULT_FAMILY_FACTOR = 0.5;
export const DEFAULT_DERIVED_WEIGHT = 0.5;
/** How many characters past a typed word's stem a derived form may run, and how long the stem must be. */
const DERIVED_EXTRA = 2;
const DERIVED_MIN = 4;
export const DEFAULT_CITATION_WEIGHT = 0.2;
export const DEFAULT_PARAGRAPH_PRIOR = 0.02;
export const DEFAULT_ANNEX_FACTOR = 0.8;
export const DEFAULT_SCENE_WEIGHT = 0.5;
/** Paragraphs past this one weigh as it does: a long list of definitions ("Art. 3(44)") is not a rule qualified 43 times. */
const PARAGRAPH_CAP = 11;

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
  /** The language the query was analysed in, and whose sources were searched (`SearchOptions.lang`). */
  language: Language;
  /** All matches (after the source filter), of which `hits` are the best `top`. */
  total: number;
  hits: Hit[];
}

/** An index as OCC's builder or artifact gives it: the postings and the search pipeline's labels. */
export interface IndexData {
  postings: PostingsData;
  stats: { pipeline: readonly string[] };
}

/**
 * BM25 search over chunks, over an index with Lunr's analysis and weights. User text never reaches Lunr's query
 * parser, so no input can make it throw. Built from OCC's index artifact (index/artifact.ts) or builder, or from
 * a lunr.Index in memory (tests, the reference the artifact is checked against).
 */
export class SearchEngine {
  readonly pipeline: lunr.Pipeline;
  /** The language this engine analyses queries in (`EngineOptions.language`). */
  readonly language: Language;
  /** Per language of the index, the ids of its sources; filled on the main engine only. */
  private readonly sourcesByLanguage = new Map<Language, Set<string>>();
  /** The engines of the index's other languages, sharing this one's postings and chunks. */
  private readonly others = new Map<Language, SearchEngine>();
  private readonly postings: Postings;
  private readonly chunks: ChunkStore;
  private readonly sourceNames: SourceNames;
  private readonly expander: Expander;
  private readonly expansionWeight: number;
  private readonly synonyms: Expander;
  private readonly synonymWeight: number;
  private readonly recitalPrior: number;
  private readonly definitionFactor: number;
  private readonly subjectFactor: number;
  /** "means" as an index term: legal definitions read "‘term’ means …". */
  private readonly meansTerm: string;
  private readonly explanatory: ReadonlySet<string>;
  private readonly narrativePrior: number;
  private readonly procedurePrior: number;
  private readonly timeFactor: number;
  private readonly amountFactor: number;
  private readonly definitionsPrior: number;
  private readonly articleTitleFactor: number;
  private readonly addresseeFactor: number;
  private readonly roleFactor: number;
  private readonly familyFactor: number;
  private readonly derivedWeight: number;
  /** The families of this corpus's framework items ("GOVERN", "MAP"), each with the patterns that find it named in a question. */
  private readonly families: readonly { family: string; named: readonly RegExp[] }[];
  /** The stems of ADDRESSEES, in this index's analysis. */
  private readonly addresseeTerms: ReadonlySet<string>;
  private readonly applicationFirst: boolean;
  private readonly spellings: boolean;
  private readonly citationWeight: number;
  /** Per chunk number, the paragraph prior's factor (1 for a chunk that is no Article's); undefined when the prior is off. */
  private readonly paragraphFactors: Float32Array | undefined;
  private readonly annexFactor: number;
  private readonly sceneWeight: number;
  /** Per chunk number, 1 for a chunk of an Annex (`annexFactor`). */
  private readonly annexes: Uint8Array;
  /** "force" as an index term: every provision of an Article on entry into force holds it in its title. */
  private readonly forceTerm: string;
  /** "prohibited" as an index term, searched at the synonym weight for a question whether something is allowed. */
  private readonly prohibitTerm: string;
  /** Per chunk number, the index terms of its Article's title (empty: none), read on first use and kept. */
  private readonly articleTitles = new Map<number, readonly string[]>();
  /** Per chunk number, its Article title read as a topic and an addressee, or null for a title that names none. */
  private readonly addressedTitles = new Map<number, Addressed | null>();
  /** Per chunk number, the operator roles its Article title and text name (read on first use, kept). */
  private readonly chunkRoles = new Map<number, ReadonlySet<string>>();
  /** Per query word, the chunks in which it stands right before "means" (`chunksDefining`), kept within DEFINING_TERMS words. */
  private readonly definingChunks = new Map<string, ReadonlySet<number>>();
  /** Per chunk number: 0 not yet read, 1 defines no term, 2 defines terms (read on first use, kept). */
  private readonly defining: Uint8Array;
  /** Per chunk number: 0 not yet read, 1 cites no other source, 2 does (`withCitations`; read on first use, kept). */
  private readonly citing: Uint8Array;
  /** Chunks of a framework's prose (`narrativePrior`); empty when the prior is off. */
  private readonly narrative: ReadonlySet<string>;
  /** Chunks with a pinpoint, by instrument element ("article 5"), for queries that cite one. */
  private readonly docIds: ReadonlyMap<string, number>;
  private readonly byElement = new Map<string, { chunk: number; span: { from: Address; to: Address } }[]>();

  constructor(index: lunr.Index | IndexData, chunks: readonly Chunk[] | ChunkStore, options: EngineOptions = {}) {
    if (index instanceof lunr.Index) {
      this.pipeline = searchPipeline(index);
      this.postings = new Postings(postingsFromLunr(index));
    } else {
      this.pipeline = lunr.Pipeline.load(index.stats.pipeline as string[]);
      this.postings = new Postings(index.postings);
    }
    this.language = options.language ?? 'en';
    // The index records its English pipeline; French is lunr.fr's, as the builder indexed French documents (languages.ts).
    if (this.language === 'fr') this.pipeline = frenchPipeline();
    const english = this.language === 'en';
    this.chunks = chunks instanceof ChunkStore ? chunks : ChunkStore.fromChunks(chunks);
    if (options.language === undefined) this.languages(index, options);
    this.sourceNames = new SourceNames(structuredSources(this.chunks, options.sources ?? []));
    this.expansionWeight = english ? (options.expansionWeight ?? DEFAULT_EXPANSION_WEIGHT) : 0;
    this.expander = new Expander(this.pipeline, this.expansionWeight > 0 ? (options.glossary ?? []) : []);
    this.synonymWeight = english ? (options.synonymWeight ?? DEFAULT_SYNONYM_WEIGHT) : 0;
    const abbreviations = ABBREVIATIONS.filter((names) => !names.some((name) => this.expander.knows(name)));
    const groups = this.synonymWeight > 0 ? [...SYNONYM_GROUPS, ...abbreviations] : [];
    this.synonyms = new Expander(this.pipeline, groups.map(([term = '', ...aliases]) => ({ term, aliases })));
    this.recitalPrior = options.recitalPrior ?? DEFAULT_RECITAL_PRIOR;
    this.definitionFactor = options.definitionFactor ?? DEFAULT_DEFINITION_FACTOR;
    this.subjectFactor = options.subjectFactor ?? DEFAULT_SUBJECT_FACTOR;
    this.meansTerm = queryTerms(this.pipeline, 'means')[0] ?? 'mean';
    this.explanatory = explanatoryChunks(this.chunks);
    this.narrativePrior = options.narrativePrior ?? DEFAULT_NARRATIVE_PRIOR;
    this.procedurePrior = options.procedurePrior ?? DEFAULT_PROCEDURE_PRIOR;
    this.timeFactor = options.timeFactor ?? DEFAULT_TIME_FACTOR;
    this.amountFactor = options.amountFactor ?? DEFAULT_AMOUNT_FACTOR;
    this.definitionsPrior = options.definitionsPrior ?? DEFAULT_DEFINITIONS_PRIOR;
    this.articleTitleFactor = options.articleTitleFactor ?? DEFAULT_ARTICLE_TITLE_FACTOR;
    this.addresseeFactor = options.addresseeFactor ?? DEFAULT_ADDRESSEE_FACTOR;
    this.roleFactor = options.roleFactor ?? DEFAULT_ROLE_FACTOR;
    this.familyFactor = options.familyFactor ?? DEFAULT_FAMILY_FACTOR;
    this.derivedWeight = options.derivedWeight ?? DEFAULT_DERIVED_WEIGHT;
    this.addresseeTerms = new Set(queryTerms(this.pipeline, ADDRESSEES.join(' ')));
    this.applicationFirst = options.applicationFirst ?? true;
    this.spellings = english && (options.spellings ?? true);
    this.citationWeight = options.citationWeight ?? DEFAULT_CITATION_WEIGHT;
    this.annexFactor = options.annexFactor ?? DEFAULT_ANNEX_FACTOR;
    this.sceneWeight = options.sceneWeight ?? DEFAULT_SCENE_WEIGHT;
    this.forceTerm = queryTerms(this.pipeline, 'force')[0] ?? 'forc';
    this.prohibitTerm = queryTerms(this.pipeline, 'prohibited')[0] ?? 'prohibit';
    this.defining = new Uint8Array(this.chunks.length);
    this.citing = new Uint8Array(this.chunks.length);
    this.narrative = this.narrativePrior === 1 && this.procedurePrior === 1 ? new Set() : frameworkProse(this.chunks);
    this.docIds = new Map(this.postings.refs.map((ref, doc) => [ref, doc]));
    const families = new Set<string>();
    const paragraphStep = options.paragraphPrior ?? DEFAULT_PARAGRAPH_PRIOR;
    const paragraphFactors = paragraphStep > 0 ? new Float32Array(this.chunks.length) : undefined;
    const paragraphSums = new Map<string, { sum: number; count: number }>();
    this.annexes = new Uint8Array(this.chunks.length);
    for (let chunk = 0; chunk < this.chunks.length; chunk++) {
      const pinpoint = this.chunks.pinpointAt(chunk);
      const span = pinpoint === undefined ? undefined : pinpointSpan(pinpoint);
      if (span === undefined) continue;
      if (span.from.kind === 'annex') this.annexes[chunk] = 1;
      if (paragraphFactors !== undefined && span.from.kind === 'article') {
        const first = span.from.parts[0] ?? '';
        const paragraph = /^[1-9]\d*$/.test(first) ? Number(first) : 1;
        const factor = 1 / (1 + paragraphStep * (Math.min(paragraph, PARAGRAPH_CAP) - 1));
        paragraphFactors[chunk] = factor;
        const source = this.chunks.sourceAt(chunk) ?? '';
        const sums = paragraphSums.get(source) ?? { sum: 0, count: 0 };
        sums.sum += factor;
        sums.count++;
        paragraphSums.set(source, sums);
      }
      if (span.from.kind === 'framework') families.add(familyOf(span.from.id));
      const ids = span.from.kind === 'recital' ? recitalIds(span.from.id, span.to.id) : [span.from.id];
      for (const id of ids) {
        const key = elementKey({ ...span.from, id });
        this.byElement.set(key, [...(this.byElement.get(key) ?? []), { chunk, span }]);
      }
    }
    if (paragraphFactors !== undefined) {
      for (let chunk = 0; chunk < this.chunks.length; chunk++) {
        const sums = paragraphSums.get(this.chunks.sourceAt(chunk) ?? '');
        // 0: no Article's paragraph, left as it scored.
        paragraphFactors[chunk] = sums === undefined || paragraphFactors[chunk] === 0 ? 1 : paragraphFactors[chunk]! / (sums.sum / sums.count);
      }
    }
    this.paragraphFactors = paragraphFactors;
    // "map" and "measure" are also verbs, so a family counts as named in capitals or before the kind of item it groups.
    this.families = [...families].map((family) => ({
      family,
      named: [new RegExp(String.raw`\b${family}\b`), new RegExp(String.raw`\b${family}\s+(?:function|sub-?categor(?:y|ies)|categor(?:y|ies))\b`, 'i')],
    }));
  }

  /**
   * Chunks covering a provision the query cites ("Art 5(1)(f)", "GOVERN 1.6"), in document order; only when the
   * citation is what the query is about (at most CITED_CONTEXT other terms): in "when is a system listed in
   * Annex III not high-risk, …" the Annex is context, not the answer. Only when one indexed source holds it, of
   * `sources` when the search is restricted to them.
   */
  private cited(text: string, sources: ReadonlySet<string> | undefined, excluded: ReadonlySet<string> | undefined): Chunk[] {
    const mentions = findPinpoints(text);
    // Most questions cite nothing: reading the citations again to strip them is left to those that do.
    if (mentions.length === 0) return [];
    // A name next to the citation ("Art. 5(1)(f) AI Act") says whose provision it is; the name's words need not meet it.
    const named = this.sourceNames.named(text);
    const rest = stripCitations(text);
    const others = queryTerms(this.pipeline, named === undefined ? rest : this.sourceNames.strip(rest, () => true));
    if (others.length > CITED_CONTEXT) return [];
    // The rest of the query must meet the provision too: "Article 5 prohibited practices" is not another act's Article 5.
    const meets = (n: number) => {
      const doc = this.docIds.get(this.chunks.idAt(n) ?? '');
      return others.length === 0 || (doc !== undefined && others.some((term) => this.postings.holds(term, doc)));
    };
    // Read from the columns; only the chunks returned are decoded (a corpus holding many acts has many an "Article 5").
    const out = new Set<number>();
    let holder: string | undefined;
    for (const wanted of mentions) {
      for (const n of this.covering(wanted)) {
        const from = this.chunks.sourceAt(n);
        if ((sources !== undefined && !sources.has(from ?? '')) || excluded?.has(from ?? '') || (named !== undefined && !named.has(from ?? '')) || !meets(n)) continue;
        // A citation several instruments could hold ("Article 5") is not guessed: unless the filter leaves one, it pins nothing.
        if (holder !== undefined && from !== holder) return [];
        holder = from;
        out.add(n);
      }
    }
    return [...out].flatMap((n) => this.chunks.at(n) ?? []);
  }

  /** The chunks, of any source, holding part or all of a provision, in document order; read from the columns. */
  private covering(wanted: Address): number[] {
    return (this.byElement.get(elementKey(wanted)) ?? []).filter(({ span }) => spanMeets(span, wanted)).map(({ chunk }) => chunk);
  }

  /**
   * The quoted phrases of a query that search requires ("human oversight" in quotes), as typed; a quoted
   * stop word alone requires nothing and is left out.
   */
  phrases(query: string, lang?: Language): string[] {
    const language = lang ?? this.detectLanguage(query);
    const engine = language === this.language ? this : this.others.get(language);
    if (engine !== this) return engine?.phrases(query, language) ?? [];
    return [...query.matchAll(QUOTED)].map((m) => m[1] ?? '').filter((phrase) => quotedPhrases(this.pipeline, `"${phrase}"`).length > 0);
  }

  /**
   * The language of a query that names none, among the languages of the index's sources (languages.ts
   * `detectLanguage`): with one language, that one.
   */
  detectLanguage(query: string): Language {
    return detectLanguage(query, new Set(this.sourcesByLanguage.keys()), this.language);
  }

  /**
   * Sorts the sources by language and, when some are not in this engine's language, makes their engines. Chunks
   * of sources the engine has no metadata for count as in its language.
   */
  private languages(index: lunr.Index | IndexData, options: EngineOptions): void {
    const known = new Map((options.sources ?? []).map((s) => [s.id, analysisLanguage(s.language)]));
    for (let chunk = 0; chunk < this.chunks.length; chunk++) {
      const source = this.chunks.sourceAt(chunk) ?? '';
      const language = known.get(source) ?? this.language;
      const ids = this.sourcesByLanguage.get(language) ?? new Set<string>();
      ids.add(source);
      this.sourcesByLanguage.set(language, ids);
    }
    for (const language of this.sourcesByLanguage.keys()) {
      if (language !== this.language) this.others.set(language, new SearchEngine(index, this.chunks, { ...options, language }));
    }
  }

  /**
   * The query analysed in its language (`lang`, or detected) and searched over that language's sources only, by
   * the engine of that language; an index of one language is searched whole, as before languages.
   */
  search(query: string, options: SearchOptions): SearchOutcome {
    const language = options.lang ?? this.detectLanguage(query);
    const engine = language === this.language ? this : this.others.get(language);
    const sources = this.sourcesIn(language, options.sources);
    if (engine === undefined || sources === null) return { terms: [], expanded: [], total: 0, hits: [], language };
    return engine.searchAnalysed(query, { ...options, sources });
  }

  /**
   * The `sources` filter narrowed to one language's sources: unchanged when every source is in it, null when
   * none of the sources asked for is.
   */
  private sourcesIn(language: Language, sources: readonly string[] | undefined): readonly string[] | undefined | null {
    const ids = this.sourcesByLanguage.get(language);
    if (ids === undefined) return this.sourcesByLanguage.size === 0 && language === this.language ? sources : null;
    if (this.sourcesByLanguage.size === 1) return sources;
    const wanted = sources === undefined || sources.length === 0 ? [...ids] : sources.filter((id) => ids.has(id));
    return wanted.length === 0 ? null : wanted;
  }

  private searchAnalysed(query: string, options: SearchOptions): SearchOutcome {
    const text = this.sourceNames.strip(query, (rest) => queryTerms(this.pipeline, rest).length > 0);
    const typedTerms = queryTerms(this.pipeline, text);
    if (typedTerms.length === 0) return { terms: typedTerms, expanded: [], total: 0, hits: [], language: this.language };
    const respelled = this.spellings ? this.otherSpellings(text, typedTerms) : { terms: [], exact: [] };
    const terms = [...typedTerms, ...respelled.terms];
    const within = options.sources === undefined || options.sources.length === 0 ? undefined : new Set(options.sources);
    const excluded = options.excluded !== undefined && options.excluded.size > 0 ? options.excluded : undefined;
    const cited = this.cited(query, within, excluded);
    // A name made only of typed terms adds nothing; the others are searched as wholes, at the expansion weight.
    const typed = (group: readonly string[]) => group.every((term) => terms.includes(term));
    const groups = this.expander.expand(text).filter((group) => !typed(group));
    const synonymGroups = this.synonyms.expand(text).filter((group) => !typed(group));
    // Whether something may be done is answered where the law prohibits it, or allows it by way of exception.
    if (this.synonymWeight > 0 && ASKS_PERMISSION.test(text) && ![terms, ...synonymGroups].some((group) => group.includes(this.prohibitTerm))) synonymGroups.push([this.prohibitTerm]);
    const expanded = [...new Set([...groups, ...synonymGroups].flat())].filter((term) => !terms.includes(term));
    const phrases = quotedPhrases(this.pipeline, text);
    const required = [...new Set(phrases.flatMap((phrase) => phrase.map((p) => p.term)))];
    // Tested by prefix, as a chunk id is `<source>:<hash>`: no string is cut per candidate.
    const prefixes = within === undefined ? undefined : [...within].map((id) => `${id}:`);
    const left = excluded === undefined ? undefined : [...excluded].map((id) => `${id}:`);
    const accept = (ref: string, doc: number) =>
      (prefixes === undefined || prefixes.some((prefix) => ref.startsWith(prefix))) &&
      (left === undefined || !left.some((prefix) => ref.startsWith(prefix))) &&
      required.every((term) => this.postings.holds(term, doc)) &&
      (!this.postings.hasPositions || phrases.every((phrase) => this.phraseOccurs(doc, phrase)));
    // The priors reorder within a margin: fetch enough beyond `top` that a demoted chunk can fall out and a favoured one come in.
    const priors = this.recitalPrior !== 1 || this.definitionFactor !== 1 || this.narrative.size > 0 || this.timeFactor !== 1 || this.amountFactor !== 1 || this.definitionsPrior !== 1 || this.articleTitleFactor !== 1 || this.addresseeFactor !== 1 || this.roleFactor !== 1 || this.familyFactor !== 1 || this.paragraphFactors !== undefined || this.annexFactor !== 1;
    const fetch = priors ? options.top * 2 + 20 : options.top;
    const derived = this.derivedForms(terms);
    const groupsAt = [
      ...groups.map((group) => ({ terms: group, boost: this.expansionWeight })),
      ...synonymGroups.map((group) => ({ terms: group, boost: this.synonymWeight })),
      ...derived.map((term) => ({ terms: [term], boost: this.derivedWeight })),
    ];
    // The typed words' exact forms score in the exact field only; every chunk holding one holds its stem too.
    // The words of a source's name still count a little: a question may be about the framework itself.
    const named = text === query ? [] : queryTerms(this.pipeline, query).filter((term) => !terms.includes(term));
    const scene = this.sceneWeight === 1 ? new Set<string>() : this.sceneOnly(text);
    const scoredTerms: WeightedTerm[] = [
      ...[...terms, ...exactTerms(text, this.language), ...respelled.exact].map((term) => ({ term, boost: scene.has(term) ? this.sceneWeight : 1 })),
      ...named.map((term) => ({ term, boost: NAME_WEIGHT })),
    ];
    const { total, results: fetched } = this.postings.top(
      scoredTerms,
      fetch,
      within === undefined && left === undefined && phrases.length === 0 ? undefined : accept,
      groupsAt,
    );
    const defined = this.definitionFactor > 1 && (ASKS_DEFINITION.test(text) || QUOTED_NAME.test(text)) ? this.definitions(text, terms, scoredTerms, fetched, accept, groupsAt) : undefined;
    const found = defined === undefined ? fetched : defined.results;
    const candidates = this.citationWeight > 0 ? this.withCitations(found, scoredTerms, accept, groupsAt) : found;
    const stated = this.timeFactor > 1 && ASKS_TIME.test(text) ? this.stating(candidates, TIME_EXPRESSION, this.timeFactor) : this.amountFactor > 1 && ASKS_AMOUNT.test(text) ? this.stating(candidates, AMOUNT_EXPRESSION, this.amountFactor) : undefined;
    const annex = ASKS_DUTY.test(text) && !ASKS_WHICH.test(text) ? this.annexFactor : ASKS_CONTENTS.test(text) ? 1 / this.annexFactor : 1;
    const scope = ASKS_SCOPE.test(text) && !ASKS_APPLICATION.test(text) && !NAMES_RULES.test(text);
    // An Article title's word counts as named in its derived form too: "register" names Article 49, "Registration".
    const ranked = this.withPriors(candidates, {
      terms: new Set([...terms, ...derived]),
      recital: this.recitalFactor(text),
      narrative: this.narrativeFactor(text),
      defined,
      stated,
      roles: rolesNamed(text),
      families: this.familiesNamed(text),
      annex,
      scope,
    });
    // When a cited provision applies is said in the Article on entry into force, so that comes before it.
    const withCited = this.citedFirst(ranked, cited);
    const applying = this.applicationFirst && ASKS_APPLICATION.test(text) ? this.applicationFirstOf(withCited, scoredTerms, accept, groupsAt) : { results: withCited, unmatched: 0 };
    const results = applying.results.slice(0, options.top);
    const hits: Hit[] = [];
    for (const result of results) {
      const chunk = this.chunks.get(result.ref);
      if (chunk === undefined) continue;
      const snippet = options.snippets === false ? { text: '', highlights: [] } : highlight(this.pipeline, chunk.text, this.marked(result.doc, terms, groups));
      hits.push({ chunk, score: result.score, snippet });
    }
    // Provisions put first without matching the query count as matches too.
    const added = applying.unmatched + cited.filter((c) => !fetched.some((r) => r.ref === c.id)).length;
    return { terms, expanded, total: total + added, hits, language: this.language };
  }

  /**
   * Index terms a few characters longer than a typed stem, which Porter left apart from it: "fails" (`fail`) and
   * "failure" (`failur`), "registered" (`regist`) and "registration" (`registr`), "work" and "worker". Stems with
   * digits (identifiers) and short ones, which would reach unrelated words, are left alone; so are the exact
   * field's word forms, which the typed words already meet.
   */
  private derivedForms(terms: readonly string[]): string[] {
    if (this.derivedWeight <= 0) return [];
    const derived = new Set<string>();
    for (const stem of terms) {
      if (stem.length < DERIVED_MIN || /\d/.test(stem)) continue;
      for (const term of this.postings.termsExtending(stem, DERIVED_EXTRA)) {
        if (!terms.includes(term) && !isExactTerm(term)) derived.add(term);
      }
    }
    return [...derived];
  }

  /** The index terms (stems and exact forms) of the words that stand only in the question's scene (`sceneOf`). */
  private sceneOnly(text: string): Set<string> {
    const parts = sceneOf(text);
    if (parts === undefined) return new Set();
    const asked = new Set([...queryTerms(this.pipeline, parts.ask), ...exactTerms(parts.ask, this.language)]);
    return new Set([...queryTerms(this.pipeline, parts.scene), ...exactTerms(parts.scene, this.language)].filter((term) => !asked.has(term)));
  }

  /**
   * The index terms of the query's words as the other variety of English spells them, where the index holds them:
   * "authorized representative" also searches the AI Act's "authorised", "organisation" NIST's "organization". They
   * count as typed words.
   */
  private otherSpellings(text: string, typed: readonly string[]): { terms: string[]; exact: string[] } {
    const terms: string[] = [];
    const exact: string[] = [];
    for (const word of plainWords(text)) {
      const other = otherSpelling(word);
      if (other === undefined) continue;
      const term = queryTerms(this.pipeline, other)[0];
      if (term !== undefined && !typed.includes(term) && !terms.includes(term) && this.postings.termId(term) !== undefined) terms.push(term);
      // Its exact form too, which the typed word's own spelling would have met in the exact field.
      const form = exactTerms(other)[0];
      if (form !== undefined && !exact.includes(form) && this.postings.termId(form) !== undefined) exact.push(form);
    }
    return { terms, exact };
  }

  /**
   * The factor this query's ranking applies to a framework's prose: inverted for a why-question, none for a
   * question opening on "what" (what the framework means, holds or expects is said in its prose as much as in its
   * items), lower for a how-question and for one that asks for an item by its kind ("which subcategory …").
   */
  private narrativeFactor(text: string): number {
    if (this.narrative.size === 0) return 1;
    if (ASKS_WHY.test(text)) return 1 / this.narrativePrior;
    if (ASKS_ITEM.test(text)) return this.procedurePrior;
    if (ASKS_WHAT.test(text)) return 1;
    return ASKS_HOW.test(text) ? this.procedurePrior : this.narrativePrior;
  }

  /** The factor this query's ranking applied to recitals (the prior, inverted for a why-question; 1 when off). */
  recitalFactor(text: string): number {
    return recitalFactor(text, this.recitalPrior);
  }

  /** A provision the query cites comes first, scored just above the best match, then the rest as ranked. */
  private citedFirst(ranked: readonly Scored[], cited: readonly Chunk[]): Scored[] {
    if (cited.length === 0) return [...ranked];
    const best = ranked[0]?.score ?? 0;
    const ids = new Set(cited.map((c) => c.id));
    const first = cited.map((c, i) => ({ ref: c.id, doc: this.docIds.get(c.id) ?? -1, score: best + (cited.length - i) / cited.length }));
    return [...first, ...ranked.filter((r) => !ids.has(r.ref))];
  }

  /**
   * The candidates, with the provisions of other sources that the best explanations among them cite (chunks
   * without a pinpoint: `citationWeight`) scored by the query, added when the ranking left them out, and raised.
   * A provision matching no query word is not added: a citation says what an explainer discusses, not the question.
   */
  private withCitations(found: readonly Scored[], scoredTerms: readonly WeightedTerm[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]): Scored[] {
    const citing = [...found].sort((a, b) => b.score - a.score).slice(0, CITING_CANDIDATES);
    const raise = new Map<number, number>();
    for (const r of citing) {
      const n = this.chunks.numberOf(r.ref);
      if (n === undefined || this.citing[n] === 1 || this.chunks.pinpointAt(n) !== undefined) continue;
      const own = `${this.chunks.sourceAt(n)}:`;
      const refs = (this.chunks.at(n)?.references ?? []).filter((ref) => !ref.chunk.startsWith(own));
      this.citing[n] = refs.length === 0 ? 1 : 2;
      for (const ref of refs) {
        const wanted = parsePinpoint(ref.pinpoint);
        if (wanted === undefined) continue;
        const source = ref.chunk.slice(0, ref.chunk.indexOf(':'));
        for (const chunk of this.covering(wanted)) {
          const id = this.chunks.idAt(chunk) ?? '';
          const doc = this.docIds.get(id);
          if (doc === undefined || this.chunks.sourceAt(chunk) !== source || !accept(id, doc)) continue;
          raise.set(doc, (raise.get(doc) ?? 0) + (this.citationWeight * r.score) / Math.sqrt(refs.length));
        }
      }
    }
    if (raise.size === 0) return [...found];
    const have = new Set(found.map((r) => r.doc));
    const added = this.postings.scoreDocs(scoredTerms, [...raise.keys()].filter((doc) => !have.has(doc)), groups);
    return [...found, ...added].map((r) => (raise.has(r.doc) ? { ...r, score: r.score + (raise.get(r.doc) ?? 0) } : r));
  }

  /**
   * For a question asking what something is: the chunks that define one of its words the way statutes do
   * ("‘deployer’ means …": the word right before "means", in a chunk with a pinpoint), scored by the query and added to the fetched results
   * if the query's own ranking left them out. `docs` are the defining chunks, which the priors then favour;
   * undefined when none is found, and the question is then ranked as any other. When the question's subject is a
   * name one of them defines ("a provider" in "what counts as a provider of an AI system"), only the chunks
   * defining that very name count: "system" also stands before "means" in a dozen others.
   */
  private definitions(text: string, terms: readonly string[], scoredTerms: readonly WeightedTerm[], fetched: readonly Scored[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]) {
    const defines = (doc: number) => terms.some((term) => term !== this.meansTerm && this.chunksDefining(term).has(doc));
    const found = this.postings.best(this.meansTerm, DEFINITION_CANDIDATES, (ref, doc) => accept(ref, doc) && defines(doc));
    // "What is the threshold for …" asks for a fact more often than a definition, and a question that only quotes
    // a name may ask anything about it: there only a defined name counts.
    const fallback = ASKS_ABOUT_THE.test(text) || !ASKS_DEFINITION.test(text) ? [] : found;
    const subject = this.definingSubject(text, found);
    const docs = new Set((subject?.hits ?? fallback).map((r) => r.doc));
    if (docs.size === 0) return undefined;
    const have = new Set(fetched.map((r) => r.doc));
    const scored = this.postings.scoreDocs(scoredTerms, [...docs].filter((doc) => !have.has(doc)), groups);
    return { results: [...fetched, ...scored], docs, factor: this.definitionFactor * (subject?.whole === true ? this.subjectFactor : 1) };
  }

  /**
   * The chunks in which a word stands right before "means", found on first use and kept: a common word ("system",
   * "act") is in thousands of chunks of a large legal corpus, and reading their word positions on every question
   * took tens of milliseconds. Only in structured text (a chunk with a pinpoint): in prose, "X means" is as often
   * "a means of X".
   */
  private chunksDefining(term: string): ReadonlySet<number> {
    const known = this.definingChunks.get(term);
    if (known !== undefined) return known;
    const withTerm = this.postings.docsOf(term);
    const withMeans = this.postings.docsOf(this.meansTerm);
    const docs = new Set<number>();
    for (const doc of withTerm.length < withMeans.length ? withTerm : withMeans) {
      if (this.chunks.pinpointAt(this.chunks.numberOf(this.postings.refs[doc] ?? '') ?? -1) !== undefined && this.adjacent(doc, term, this.meansTerm)) docs.add(doc);
    }
    if (this.definingChunks.size >= DEFINING_TERMS) this.definingChunks.clear();
    this.definingChunks.set(term, docs);
    return docs;
  }

  /**
   * Of the defining chunks, those whose quoted name ("‘provider’ means") is the question's subject: the longest
   * run of the subject's first words that some chunk defines; `whole` when that name is all the subject ("a
   * deployer", "a deployer under the AI Act"), not its first words ("a provider required to do"). Undefined when
   * the question has no subject that any of them defines.
   */
  private definingSubject(text: string, found: readonly Scored[]): { hits: Scored[]; whole: boolean } | undefined {
    const subjects = definitionSubjects(text);
    if (subjects.length === 0) return undefined;
    const named = found.map((r) => ({ r, names: definedNames(this.chunks.get(r.ref)?.text ?? '').map((name) => indexTerms(this.pipeline, name).join(' ')) }));
    for (const subject of subjects) {
      const subjectWords = subject.split(/\s+/).slice(0, SUBJECT_WORDS);
      for (let k = subjectWords.length; k > 0; k--) {
        const wanted = indexTerms(this.pipeline, subjectWords.slice(0, k).join(' ')).join(' ');
        const hits = wanted === '' ? [] : named.filter((n) => n.names.includes(wanted)).map((n) => n.r);
        if (hits.length > 0) return { hits, whole: k === subjectWords.length || SUBJECT_ENDS.test(subjectWords[k] ?? '') };
      }
    }
    return undefined;
  }

  /** True when `second` follows `first` as the next word in one field (without positions: both are there). */
  private adjacent(doc: number, first: string, second: string): boolean {
    if (!this.postings.hasPositions) return this.postings.holds(first, doc) && this.postings.holds(second, doc);
    // The first word is the rarer one here (a query word before "means"): a document without it costs a lookup.
    const before = this.postings.positionsOf(first, doc);
    if (before.length === 0) return false;
    const next = this.postings.positionsOf(second, doc);
    return before.some((p) => next.includes(p + 1));
  }

  /**
   * For a question asking when the law applies: the provisions of an Article on entry into force (its title says
   * so) first, best matching first (those matching no query word last of them), each scored just above the best
   * of the rest; then the rest as ranked.
   */
  private applicationFirstOf(ranked: Scored[], scoredTerms: readonly WeightedTerm[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]): { results: Scored[]; unmatched: number } {
    const provisions = this.postings.best(this.forceTerm, APPLICATION_CANDIDATES, (ref, doc) => accept(ref, doc) && this.inForceArticle(ref));
    if (provisions.length === 0) return { results: ranked, unmatched: 0 };
    const docs = new Set(provisions.map((r) => r.doc));
    const matched = this.postings.scoreDocs(scoredTerms, docs, groups);
    const order = [...matched, ...provisions.filter((p) => !matched.some((m) => m.doc === p.doc))];
    const best = ranked.find((r) => !docs.has(r.doc))?.score ?? 0;
    const first = order.map((r, i) => ({ ...r, score: best + (order.length - i) / order.length }));
    return { results: [...first, ...ranked.filter((r) => !docs.has(r.doc))], unmatched: order.length - matched.length };
  }

  /** True when the chunk belongs to an Article whose title is about entry into force ("Entry into force and application"). */
  private inForceArticle(ref: string): boolean {
    const title = this.articleTitle(ref);
    return title !== undefined && ENTRY_INTO_FORCE.test(title);
  }

  /** Where a structured chunk begins in its instrument ("Art. 5(1)(e)-(g)": Article 5, paragraph 1, point e), with its number. */
  private startOf(ref: string): { n: number; from: Address } | undefined {
    const n = this.chunks.numberOf(ref);
    const pinpoint = n === undefined ? undefined : this.chunks.pinpointAt(n);
    const from = pinpoint === undefined ? undefined : pinpointSpan(pinpoint)?.from;
    return n === undefined || from === undefined ? undefined : { n, from };
  }

  /**
   * The title of the Article, or statute section, a chunk holds part of ("Quality management system",
   * "DEFINITIONS"); undefined for any other chunk.
   */
  private articleTitle(ref: string): string | undefined {
    const start = this.startOf(ref);
    const kind = start?.from.kind;
    if (start === undefined || (kind !== 'article' && kind !== 'statute')) return undefined;
    const path = this.chunks.at(start.n)?.path ?? [];
    if (kind === 'statute') return path.map(statuteTitle).find((title) => title !== undefined);
    return path.map(articleHeadingTitle).find((title) => title !== undefined);
  }

  /** The candidates whose text states what the question asks for (a date or time limit, a sum), with the factor they get. */
  private stating(candidates: readonly Scored[], expression: RegExp, factor: number): { docs: Set<number>; factor: number } {
    return { docs: new Set(candidates.filter((r) => expression.test(this.chunks.get(r.ref)?.text ?? '')).map((r) => r.doc)), factor };
  }

  /** True when the chunk is a structured one that defines terms ("‘deployer’ means …"). */
  private definesTerms(ref: string): boolean {
    const n = this.chunks.numberOf(ref);
    if (n === undefined || this.chunks.pinpointAt(n) === undefined) return false;
    if (this.defining[n] === 0) this.defining[n] = definedNames(this.chunks.at(n)?.text ?? '').length > 0 ? 2 : 1;
    return this.defining[n] === 2;
  }

  /** True when the query names the topic of the chunk's Article title but not the addressee the title narrows it to. */
  private addresseeUnasked(ref: string, terms: ReadonlySet<string>): boolean {
    const addressed = this.addressedTitle(ref);
    return addressed !== undefined && addressed.topic.some((term) => terms.has(term)) && !addressed.addressee.some((term) => terms.has(term));
  }

  private addressedTitle(ref: string): Addressed | undefined {
    const n = this.chunks.numberOf(ref);
    if (n === undefined) return undefined;
    let addressed = this.addressedTitles.get(n);
    if (addressed === undefined) {
      const parts = ADDRESSED_TITLE.exec(this.articleTitle(ref) ?? '');
      const addressee = queryTerms(this.pipeline, parts?.[2] ?? '');
      addressed = !addressee.some((term) => this.addresseeTerms.has(term))
        ? null
        : // Besides the role ("providers"), a word most chunks hold ("AI", "system") names no one in particular.
          { topic: queryTerms(this.pipeline, parts?.[1] ?? ''), addressee: addressee.filter((term) => this.addresseeTerms.has(term) || this.postings.docsOf(term).length < COMMON_SHARE * this.postings.refs.length) };
      this.addressedTitles.set(n, addressed);
    }
    return addressed ?? undefined;
  }

  /** The framework families a question names ("Which MAP subcategory …"). */
  private familiesNamed(text: string): ReadonlySet<string> {
    return new Set(this.families.filter(({ named }) => named.some((pattern) => pattern.test(text))).map(({ family }) => family));
  }

  /** True when the chunk is a framework item of none of the families given. */
  private otherFamily(ref: string, families: ReadonlySet<string>): boolean {
    const from = this.startOf(ref)?.from;
    return from?.kind === 'framework' && !families.has(familyOf(from.id));
  }

  /** True when the provision names operator roles and none of those the question names. */
  private otherRoles(ref: string, asked: ReadonlySet<string>): boolean {
    const n = this.chunks.numberOf(ref);
    if (n === undefined || asked.size === 0) return false;
    let roles = this.chunkRoles.get(n);
    if (roles === undefined) {
      roles = this.chunks.pinpointAt(n) === undefined ? new Set() : rolesNamed(`${this.articleTitle(ref) ?? ''} ${this.chunks.at(n)?.text ?? ''}`);
      this.chunkRoles.set(n, roles);
    }
    return roles.size > 0 && ![...roles].some((role) => asked.has(role));
  }

  /** True when every word of the chunk's Article title is one of the query's terms. */
  private titleAsked(ref: string, terms: ReadonlySet<string>): boolean {
    const n = this.chunks.numberOf(ref);
    if (n === undefined) return false;
    let title = this.articleTitles.get(n);
    if (title === undefined) {
      const heading = this.articleTitle(ref);
      title = heading === undefined ? [] : queryTerms(this.pipeline, heading);
      this.articleTitles.set(n, title);
    }
    return title.length > 0 && title.every((term) => terms.has(term));
  }

  private withPriors(results: Scored[], asked: Asked): Scored[] {
    const { terms, recital, narrative, defined, stated, roles, families, annex, scope } = asked;
    const weighted = results.map((r) => {
      let score = r.score;
      if (annex !== 1 && this.annexes[this.chunks.numberOf(r.ref) ?? -1] === 1) score *= annex;
      if (this.familyFactor !== 1 && families.size > 0 && this.otherFamily(r.ref, families)) score *= this.familyFactor;
      if (this.articleTitleFactor !== 1 && (this.titleAsked(r.ref, terms) || (scope && SCOPE_TITLE.test(this.articleTitle(r.ref) ?? '')))) score *= this.articleTitleFactor;
      if (this.addresseeFactor !== 1 && this.addresseeUnasked(r.ref, terms)) score *= this.addresseeFactor;
      if (this.roleFactor !== 1 && this.otherRoles(r.ref, roles)) score *= this.roleFactor;
      if (defined === undefined && this.definitionsPrior !== 1 && this.definesTerms(r.ref)) score *= this.definitionsPrior;
      if (stated?.docs.has(r.doc) === true) score *= stated.factor;
      if (recital !== 1 && this.explanatory.has(r.ref)) score *= recital;
      if (defined?.docs.has(r.doc) === true) score *= defined.factor;
      if (this.narrative.has(r.ref)) score *= narrative;
      if (this.paragraphFactors !== undefined) score *= this.paragraphFactors[this.chunks.numberOf(r.ref) ?? -1] ?? 1;
      return score === r.score ? r : { ...r, score };
    });
    return weighted.sort((a, b) => b.score - a.score);
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

/** What a question asks for, as the priors read it (`withPriors`). */
interface Asked {
  /** The question's index terms, with their derived forms: an Article title named by them. */
  terms: ReadonlySet<string>;
  /** Factors of recitals and of a framework's prose for this question. */
  recital: number;
  narrative: number;
  /** The chunks defining a definition question's subject, and their factor. */
  defined: { docs: ReadonlySet<number>; factor: number } | undefined;
  /** The chunks stating what a when- or how-much question asks for, and their factor. */
  stated: { docs: ReadonlySet<number>; factor: number } | undefined;
  /** Operator roles and framework families the question names. */
  roles: ReadonlySet<string>;
  families: ReadonlySet<string>;
  /** The factor of Annexes for this question (`annexFactor`, its inverse, or 1). */
  annex: number;
  /** Whether the question asks if the law applies to something (an Article on scope counts as named). */
  scope: boolean;
}

/** How many of the best candidates are read for the provisions they cite (`citationWeight`). */
const CITING_CANDIDATES = 10;
/** Weight of the words of a source's name in a question (`EngineOptions.sources`), relative to a typed word's. */
const NAME_WEIGHT = 0.2;

/** Words besides a citation that still leave it the subject of the query: "what does Article 27 require". */
const CITED_CONTEXT = 3;

function elementKey(a: Address): string {
  return addressKey({ kind: a.kind, id: a.id, parts: [] }).join(' ');
}

/** The sources most of whose chunks carry a pinpoint: a law's or a framework's own text, not an explainer. */
function structuredSources<T extends Pick<SourceMeta, 'id'>>(chunks: ChunkStore, sources: readonly T[]): T[] {
  const counts = new Map<string, { all: number; pinpointed: number }>();
  for (let n = 0; n < chunks.length; n++) {
    const source = chunks.sourceAt(n) ?? '';
    const count = counts.get(source) ?? { all: 0, pinpointed: 0 };
    count.all++;
    if (chunks.pinpointAt(n) !== undefined) count.pinpointed++;
    counts.set(source, count);
  }
  return sources.filter((s) => {
    const count = counts.get(s.id);
    return count !== undefined && count.pinpointed * 2 > count.all;
  });
}

function recitalIds(from: string, to: string): string[] {
  const ids: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) ids.push(String(n));
  return ids;
}

/** Recitals: they explain the Articles, which lay down the rules. */
function explanatoryChunks(chunks: ChunkStore): Set<string> {
  const out = new Set<string>();
  for (let n = 0; n < chunks.length; n++) if (chunks.pinpointAt(n)?.startsWith('Recital')) out.add(chunks.idAt(n) ?? '');
  return out;
}

/**
 * A question whether someone or something holds a defined role or name: "does that make us a deployer", "are we a
 * provider", "do we count as an importer", "what kind of malfunction counts as a serious incident".
 */
const ASKS_ROLE = String.raw`(?:makes?|making)\s+(?:us|me|them|it|you)\s+(?:an?|the)|(?:are|am)\s+(?:we|i|they|you)\s+(?:an?|the)|(?:counts?|qualify|qualifies)\s+as`;

/**
 * A question asking what something is: "who is a deployer", "what counts as a provider", "how does the Act define
 * …", "what does … mean", "… in legal terms", or whether someone holds a role.
 */
const ASKS_DEFINITION = new RegExp(
  String.raw`\b(?:(?:what|who)\s+(?:is|are)\s+(?:an?|the)\b|(?:${ASKS_ROLE})\b|defin(?:e|es|ed|ition)\b|meaning\s+of\b|what\s+does\b.*\bmean\b|in\s+legal\s+terms\b)`,
  'i',
);

/** How many defining chunks a definition question considers: a glossary Article holds dozens of definitions. */
const DEFINITION_CANDIDATES = 50;
/** Query words whose defining chunks the engine keeps: a bound on memory, not a cache anyone tunes. */
const DEFINING_TERMS = 4096;

/** "What is the …", "who are the …", a role question: a definition question only when what follows is a name the text defines. */
const ASKS_ABOUT_THE = new RegExp(String.raw`\b(?:(?:what|who)\s+(?:is|are)\s+the|${ASKS_ROLE})\b`, 'i');

/**
 * A what- or which-question ending on a name in quotes, as people quote a term of art ("what kinds of harm turn
 * a malfunction into a 'serious incident'?"): it asks what makes something that name, a definition question when
 * the text defines it. Only at the end: "does the 'serious incident' duty apply to us" asks about the duty.
 */
const QUOTED_NAME = /^\s*(?:what|which)\b.*\s['‘"“]([^'‘’"“”\n]{2,80})['’"”][\s?.!]*$/iu;

/** What a definition question asks about, after its cue: "who is a |deployer under the AI Act?". */
const SUBJECT = [
  /\b(?:what|who)\s+(?:is|are)\s+(?:an?|the)\s+(.+)/i,
  /\b(?:counts?|qualify|qualifies)\s+as\s+(?:(?:an?|the)\s+)?(.+)/i,
  /\b(?:(?:makes?|making)\s+(?:us|me|them|it|you)|(?:are|am)\s+(?:we|i|they|you))\s+(?:an?|the)\s+(.+)/i,
  /\bwhat\s+does\s+(?:(?:an?|the)\s+)?(.+?)\s+mean\b/i,
  /\b(?:defines?|defined|definition\s+of|meaning\s+of)\s+(?:(?:an?|the)\s+)?(.+)/i,
  /^(?:(?:an?|the)\s+)?(.+?)\s+in\s+legal\s+terms\b/i,
  QUOTED_NAME,
];
/** A word that ends a definition question's subject: "a deployer |under the AI Act", "a provider |of an AI system". */
const SUBJECT_ENDS = /^(?:of|under|in|within|according|for|as|by|if|when|where|and|or|involving|concerning|regarding|relating|about)$/i;
/** The longest subject tried: defined names run to a few words ("general-purpose AI model with systemic risk"). */
const SUBJECT_WORDS = 8;

/**
 * Every reading of the subject, by the cues in SUBJECT's order: "what is the definition of an AI system" reads
 * "definition of an AI system" after "what is the", and "AI system" after "definition of".
 */
function definitionSubjects(text: string): string[] {
  return SUBJECT.flatMap((pattern) => pattern.exec(text)?.[1]?.replace(/[?!.,;:]+\s*$/, '').trim() || []);
}

/** The names a legal text defines: "‘provider’ means", "\"deployer\" means". */
const DEFINED_NAME = /[‘"“«]([^‘’"“”«»\n]{1,100})[’"”»]\s+means\b/g;

function definedNames(text: string): string[] {
  return Array.from(text.matchAll(DEFINED_NAME), (m) => m[1] ?? '');
}

/** A framework item's family: the capitals its identifier opens with ("MAP" of MAP 1.5, "GV" of GV.OC-01). */
function familyOf(id: string): string {
  return /^[A-Z]{2,}/.exec(id)?.[0] ?? id;
}

/** The chunks of a source with framework items ("GOVERN 1.6") that are not items themselves. */
function frameworkProse(chunks: ChunkStore): Set<string> {
  const numbers = Array.from({ length: chunks.length }, (_, n) => n);
  const isItem = (n: number) => {
    const pinpoint = chunks.pinpointAt(n);
    return pinpoint !== undefined && parsePinpoint(pinpoint)?.kind === 'framework';
  };
  const frameworks = new Set(numbers.filter(isItem).map((n) => chunks.sourceAt(n)));
  return new Set(numbers.filter((n) => frameworks.has(chunks.sourceAt(n)) && !isItem(n)).map((n) => chunks.idAt(n) ?? ''));
}

/** Where a sentence or a clause of a question opens: "…, can we", "Under the Act, which …". */
const CLAUSE_START = String.raw`(?:^|[.?!,;:]\s+)`;
/** A question about a duty: "Do providers have to …", "Must we …", "What obligations …". */
const ASKS_DUTY = /\b(?:must|(?:have|has|need|needs) to|required|obligations?|duty|duties)\b/i;
/** A question, or a clause of one, asking what or which: "What must the declaration contain?", "Under the Act, which …". */
const ASKS_WHICH = new RegExp(String.raw`${CLAUSE_START}(?:what|which)\b`, 'i');

/**
 * A question whether the law applies to something ("Does the AI Act cover …", "exempt from", "fall under"); not one
 * asking when it applies (ASKS_APPLICATION), nor one asking which of its rules apply (NAMES_RULES).
 */
const ASKS_SCOPE = /\b(?:apply|applies|cover|covers|covered|reach|reaches|exempt|exempted|outside|falls? under|falls? within|in scope|out of scope)\b/i;
const NAMES_RULES = /\b(?:duties|obligations|requirements|rules|fines|penalties|conditions)\b/i;
const SCOPE_TITLE = /\bscope\b/i;

/** A question asking what a document or entry holds, or by which criteria: "What information goes into …". */
const ASKS_CONTENTS = /\b(?:what|which)\b.*\b(?:contains?|includes?|goes? into|go in|information|details|criteria|list|checklist|elements)\b/i;

/** A question whether something is allowed: "Can police use …", "Under the Act, may we …", "Is it legal to …", "Are we allowed to …". */
const ASKS_PERMISSION = new RegExp(String.raw`${CLAUSE_START}(?:can|may|could)\b|\b(?:allowed|permitted|(?:legal|lawful) to)\b`, 'i');

/** A question asking for reasons ("why …", "the rationale for …"): recitals are where a law gives them. */
const ASKS_WHY = /\b(why|reason(?:s|ing)?|rationale|justif\w*|purpose of|motivat\w*)\b/i;

/** A title read as a topic and an addressee (`ADDRESSED_TITLE`); the addressee's words, other than roles, that most chunks hold are left out. */
interface Addressed {
  topic: readonly string[];
  addressee: readonly string[];
}

/** A title's topic, then whom it is on, for or by: "Fines for providers of general-purpose AI models". */
const ADDRESSED_TITLE = /^(.+?)\s+(?:on|for|by)\s+(.+)$/i;

/**
 * The operator roles a provision is addressed to, as written (not stemmed: "provide" and "deploy" are verbs), in
 * the text or its Article title.
 */
const OPERATOR_ROLE = new RegExp(String.raw`\b(${OPERATOR_ROLES.join('|')})s?\b`, 'gi');

function rolesNamed(text: string): ReadonlySet<string> {
  return new Set([...text.matchAll(OPERATOR_ROLE)].map((m) => m[1]!.toLowerCase()));
}

/** Above this share of the chunks, a word of the addressee other than a role does not count as naming it. */
const COMMON_SHARE = 0.2;

/** A question naming a framework's kind of item ("which subcategory covers …"): the answer is an item by its own words. */
const ASKS_ITEM = /\bsub-?categor(?:y|ies)\b/i;

/** A question opening on "what": "What characteristics make an AI system trustworthy?". */
const ASKS_WHAT = /^\s*what\b/i;

/** A question asking how to do something: "how do we …", "how should …", "should we …", "where do we …". */
const ASKS_HOW = /\b(?:how\s+(?:do|does|should|can|could|must|to)|should\s+(?:we|the|an?|our)|must\s+we|do\s+we)\b/i;

/** The recital factor for this query: the prior, inverted when the question asks why. */
function recitalFactor(text: string, prior: number): number {
  return ASKS_WHY.test(text) ? 1 / prior : prior;
}

/**
 * A question asking for a date or a time limit: "how soon", "how long", "how often", "from what date", "by when",
 * "the maximum duration", "when does … apply / start / enter into force". Not "when is a system high-risk", which
 * asks for a condition.
 */
const ASKS_TIME =
  /\b(?:how\s+(?:soon|quickly|long|often|many\s+(?:hours|days|weeks|months|years))|(?:from|by|until|on)\s+(?:what|which)\s+date|by\s+when|deadlines?|time\s+limits?|durations?|when\s+(?:does|do|did|will|must|should|shall)\b[^?]*\b(?:apply|applies|start|begin|enter|take\s+effect|come\s+into|expire|end|lapse))\b/i;

const NUMBER = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)';
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
/** A date ("2 August 2026") or a time limit ("within 15 days", "six months", "without undue delay", "annually") in English text. */
const TIME_EXPRESSION = new RegExp(
  `\\b(?:\\d{1,2}\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{4}|${NUMBER}(?:\\s+(?:calendar|working|consecutive))?\\s+(?:hours?|days?|weeks?|months?|years?)|without\\s+(?:undue\\s+)?delay|immediately|annually|once\\s+a\\s+year|every\\s+${NUMBER}?\\s*(?:years?|months?))\\b`,
  'i',
);

/** A question asking how much: a fine's maximum, an amount, a fee ("how high are the fines", "what is the maximum fine"). */
const ASKS_AMOUNT = /\bhow\s+(?:much|high|large|big)\b|\b(?:maximum|max|highest|upper\s+limit|cap|ceiling)\b|\bwhat\s+(?:fines?|penalt(?:y|ies)|fees?|amount)\b/i;
/** A sum of money ("EUR 35 000 000", "€15 million", "7 500 000 euros") or a percentage ("7 %", "3 per cent"). */
const AMOUNT_EXPRESSION = /(?:EUR|€|\$|USD|GBP|£)\s?\d|\d[\d\s.,]{0,20}\s?(?:EUR|euros?|€)|\b\d+(?:[.,]\d+)?\s?(?:%|per\s?cent)/i;

/** Verbs of a law's application: "apply", "take effect", "enter into force", "kick in", "bite". */
const APPLIES = String.raw`(?:appl(?:y|ies|icable)|(?:start|begin)s?\s+(?:to\s+apply|applying)|takes?\s+effect|(?:enters?|entered|comes?|came)\s+into\s+(?:force|effect)|in\s+force|kicks?\s+in|bites?|binding|enforce(?:d|able)?)`;
/**
 * A question asking when the law, or a part of it, applies: a date cue ("from what date", "what year") with a verb
 * of application; "when" with one, unless it "applies to" someone ("when does the Act apply to providers outside
 * the EU" asks for a condition); or a name for the dates ("application date", "timeline"). Not "when is a system
 * high-risk", nor "by when must the codes be ready", which ask for a condition or another deadline.
 */
const ASKS_APPLICATION = new RegExp(
  String.raw`\b(?:(?:(?:what|which)\s+date|what\s+year|from\s+when|how\s+(?:soon|long\s+until))\b[^?]*\b${APPLIES}|when\b[^?]*\b${APPLIES}(?!\s+to\b)|(?:application|applicability|entry\s+into\s+force)\s+dates?|dates?\s+of\s+(?:application|applicability|entry\s+into\s+force)|timeline|timetable|phas(?:ed?|ing)[\s-]+in)\b`,
  'i',
);

/** An Article title on the act's entry into force: "Entry into force and application", "Entry into force". */
const ENTRY_INTO_FORCE = /\bentry\s+into\s+force\b/i;

/** How many provisions of Articles on entry into force a question about application considers. */
const APPLICATION_CANDIDATES = 20;

/** A phrase word: its index term and its offset from the phrase's first word. */
interface PhraseWord {
  term: string;
  offset: number;
}

const QUOTED = /["“”„«»]([^"“”„«»]+)["“”„«»]/g;

/** The query's words without its quote marks: what a quoted phrase's words find alone. */
export const unquoted = (query: string): string => query.replace(/["“”„«»]/g, ' ').replace(/\s+/g, ' ').trim();

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
