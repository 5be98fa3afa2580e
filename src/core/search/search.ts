import lunr from 'lunr';
import { exactTerms, indexTerms, isExactTerm, positionedTerms, queryTerms, searchPipeline } from '../index/analysis.js';
import { analysisLanguage, detectLanguage, frenchPipeline, type Language } from '../index/languages.js';
import type { Chunk, GlossaryEntry, SourceMeta } from '../types.js';
import { Expander } from './expansion.js';
import { explainTerms, type Explanation, type SearchedTerms } from './explain.js';
import { namedFamily, readIntent, type NamedFamily, type QueryIntent } from './intent.js';
import { sceneOf } from './question-context.js';
import { definedNames, RuleCorpus, type Span } from './rules/corpus.js';
import { DEFAULT_PROFILE, knobValues, type KnobName } from './rules/profile.js';
import { recitalFactor } from './rules/recital.js';
import type { BoundRule, Knob, KnobValues, RuleQuery } from './rules/rule.js';
import { SourceNames } from './source-names.js';
import { otherSpelling } from './spelling.js';
import { ABBREVIATIONS, SYNONYM_GROUPS, SYNONYM_LEADS } from './synonyms.js';
import { ABBREVIATIONS_FR, SYNONYM_GROUPS_FR, SYNONYM_LEADS_FR } from './synonyms-fr.js';
import { addressKey, parsePinpoint, spanMeets, type Address } from '../legal/address.js';
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
  /** Explain each hit's score (`Hit.explain`): its BM25 by term and field, the rules' factors. Default false. */
  explain?: boolean | undefined;
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
   * Weight of an expansion term relative to a term the user typed (1). Default: its knob's in DEFAULT_PROFILE (rules/);
   * 0 turns expansion off. Chosen on tests/fixtures/queries (docs/ranking.md).
   */
  expansionWeight?: number | undefined;

  /** Weight of a synonym (synonyms.ts) relative to a typed term. Default: its knob's in DEFAULT_PROFILE (rules/); 0 turns it off. */
  synonymWeight?: number | undefined;
  /**
   * Score factor of recitals (chunks whose pinpoint is a recital): they explain the Articles, which should rank
   * first when both match alike. Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  recitalPrior?: number | undefined;
  /**
   * Score factor, for a question asking what something is ("who is a deployer", "what counts as …"), of chunks
   * that define one of its words ("‘deployer’ means"). Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  definitionFactor?: number | undefined;
  /**
   * A further factor, beside the definition factor, for the chunk defining a definition question's whole subject
   * ("who is a deployer", "are we a deployer"), not only its first words ("what is a provider required to do").
   * Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  subjectFactor?: number | undefined;
  /**
   * Score factor of the prose of a framework (the chunks of a source with numbered items such as "GOVERN 1.6"
   * that are not items themselves): a question about what to do is answered by the item, which the prose around
   * it discusses in the same words. Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  narrativePrior?: number | undefined;
  /**
   * The narrative prior for a question asking how to do something ("how do we test for bias", "should we …"),
   * whose answer is an item more surely still. Default: its knob's in DEFAULT_PROFILE (rules/). A why-question inverts the
   * narrative prior instead, as it does the recital prior: the prose is where a framework gives its reasons.
   */
  procedurePrior?: number | undefined;
  /**
   * Score factor, for a question asking when or how soon ("from what date do the prohibitions apply", "how long
   * must logs be kept"), of chunks stating a date or a time limit. Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  timeFactor?: number | undefined;
  /**
   * Score factor, for a question asking how much ("what is the maximum fine", "how high are the fines", "what fees"),
   * of chunks stating a sum of money or a percentage ("EUR 35 000 000", "7 % of its total worldwide annual
   * turnover"). Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  amountFactor?: number | undefined;
  /**
   * Score factor, for a question that does not ask what something is, of a structured chunk that defines terms
   * ("‘X’ means"): it says what a word means, not the rule the question is after. Default
   * its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  definitionsPrior?: number | undefined;
  /**
   * Score factor of a provision whose Article's title has every one of its words in the query ("Does a provider
   * need a quality management system?" and Article 17, "Quality management system"): the Article is about what
   * the question names. A question whether the law applies to something ("Does the AI Act cover open-source
   * models?") names the Article on its scope ("Scope", "Material scope") so. Default: its knob's in DEFAULT_PROFILE (rules/);
   * 1 turns it off.
   */
  articleTitleFactor?: number | undefined;
  /**
   * Score factor, for a question whether the law applies to something ("Does the Act cover smart thermostats?"), of
   * a provision of an Article on scope (its title says "scope"), in place of the Article-title factor: such a
   * question rarely names the Article's words. Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  scopeFactor?: number | undefined;
  /**
   * Score factor of a provision whose Article's title narrows its topic to an addressee ("Administrative fines |
   * on Union institutions, bodies, offices and agencies", "Fines | for providers of general-purpose AI models")
   * when the query names the topic but not the addressee: a question about fines that names no Union body is
   * after the general rule (Art. 99, "Penalties"), not the special one beside it. Default
   * its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  addresseeFactor?: number | undefined;
  /**
   * Score factor of a provision that names only operator roles (OPERATOR_ROLES: provider, deployer, importer …)
   * other than those the question names: "How long must a deployer keep the logs?" is after the deployer's duty
   * (Art. 26(6)), not the provider's in the same words (Art. 19). Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  roleFactor?: number | undefined;
  /**
   * Score factor of a framework item of another family than the one a question names ("Which MAP subcategory …":
   * MAP 1.5, not GOVERN 1.3). A family is the code its items' identifiers open with (GOVERN, MAP; GV in GV.OC-01),
   * named in capitals or before "function", "category" or "subcategory". Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  familyFactor?: number | undefined;
  /**
   * Weight of the derived forms of a typed word that Porter stems apart from it: index terms that extend the
   * word's stem by at most DERIVED_EXTRA characters ("fail" and `failur`, "register" and `registr`, "work" and
   * `worker`), for stems of at least DERIVED_MIN letters. Default: its knob's in DEFAULT_PROFILE (rules/); 0 turns it off.
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
   * describes the page it links to. Default: its knob's in DEFAULT_PROFILE (rules/); 0 turns it off.
   */
  citationWeight?: number | undefined;
  /**
   * Step of the paragraph prior: paragraph n of an Article (an Article without numbered paragraphs counts as
   * paragraph 1; n up to a cap, rules/paragraph.ts) scores × 1 / (1 + step × (n − 1)), divided by that factor's mean over
   * the Article paragraphs of its source. An act states its rule first and qualifies it after (Art. 5(1)(h)
   * prohibits; Art. 5(2)-(7) set the conditions of the exception in the same words), and the mean keeps the act
   * as a whole level with the explainers beside it. Default: its knob's in DEFAULT_PROFILE (rules/); 0 turns it off.
   */
  paragraphPrior?: number | undefined;
  /**
   * Score factor of an Annex's chunks for a question about a duty ("Do providers have to red-team their models?",
   * "must", "required", "obligations") that does not ask what or which: the duty is imposed in an Article, and an
   * Annex lists the particulars an Article refers to (what the technical documentation contains, the areas of
   * high-risk use), which such a question names as its setting. Inverted for a question asking what something
   * contains or which criteria apply ("What goes into the technical file?"): that is what Annexes spell out.
   * Default: its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  annexFactor?: number | undefined;
  /**
   * Weight of a typed word that stands only in the question's scene (question-context.ts: a leading "If …," clause,
   * or the sentences around the question), relative to a word of the question proper. Default
   * its knob's in DEFAULT_PROFILE (rules/); 1 turns it off.
   */
  sceneWeight?: number | undefined;
}

/** How many characters past a typed word's stem a derived form may run, and how long the stem must be. */
const DERIVED_EXTRA = 2;
const DERIVED_MIN = 4;

export interface Hit {
  chunk: Chunk;
  score: number;
  snippet: Snippet;
  /** Why it scored what it did; only when the search asked (`SearchOptions.explain`). */
  explain?: Explanation;
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
  /** `fields`: the index's fields in their order (index/builder.ts), which `explain` names. */
  stats: { pipeline: readonly string[]; fields?: readonly { name: string }[] | undefined };
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
  /** Each source's language, read from `sourcesByLanguage` when a query's language is first detected. */
  private languageOfSource: Map<string, Language> | undefined;
  /** The engines of the index's other languages, sharing this one's postings and chunks. */
  private readonly others = new Map<Language, SearchEngine>();
  private readonly postings: Postings;
  /** The index's fields by number, as word positions count them. */
  private readonly fieldNames: readonly string[];
  private readonly chunks: ChunkStore;
  private readonly sourceNames: SourceNames;
  private readonly expander: Expander;
  private readonly synonyms: Expander;
  /** The knobs' values (rules/profile.ts): the options given, else the profile's defaults. */
  private readonly knobs: KnobValues<KnobName>;
  /** What the rules read of the corpus. */
  private readonly corpus: RuleCorpus;
  /** The profile's rules that these knobs leave on, in its order, each bound to this corpus. */
  private readonly rules: readonly { name: string; knobs: readonly Knob<KnobName>[]; bound: BoundRule }[];
  /** "means" as an index term: legal definitions read "‘term’ means …". */
  private readonly meansTerm: string;
  /** The families of this corpus's framework items ("GOVERN", "MAP"), each with the patterns that find it named in a question. */
  private readonly families: readonly NamedFamily[];
  /** "force" as an index term: every provision of an Article on entry into force holds it in its title. */
  private readonly forceTerm: string;
  /** "prohibited" as an index term, searched at the synonym weight for a question whether something is allowed. */
  private readonly prohibitTerm: string;
  /** Per query word, the chunks in which it stands right before "means" (`chunksDefining`), kept within DEFINING_TERMS words. */
  private readonly definingChunks = new Map<string, ReadonlySet<number>>();
  /** Per chunk number: 0 not yet read, 1 cites no other source, 2 does (`withCitations`; read on first use, kept). */
  private readonly citing: Uint8Array;
  /** Chunks with a pinpoint, by instrument element ("article 5"), for queries that cite one. */
  private readonly docIds: ReadonlyMap<string, number>;
  private readonly byElement = new Map<string, { chunk: number; span: Span }[]>();

  constructor(index: lunr.Index | IndexData, chunks: readonly Chunk[] | ChunkStore, options: EngineOptions = {}) {
    if (index instanceof lunr.Index) {
      this.pipeline = searchPipeline(index);
      this.postings = new Postings(postingsFromLunr(index));
      // Lunr's typings leave out the fields an index keeps.
      this.fieldNames = (index as unknown as { fields: string[] }).fields;
    } else {
      this.fieldNames = (index.stats.fields ?? []).map((f) => f.name);
      this.pipeline = lunr.Pipeline.load(index.stats.pipeline as string[]);
      this.postings = new Postings(index.postings);
    }
    this.language = options.language ?? 'en';
    // The index records its English pipeline; French is lunr.fr's, as the builder indexed French documents (languages.ts).
    if (this.language === 'fr') this.pipeline = frenchPipeline();
    this.chunks = chunks instanceof ChunkStore ? chunks : ChunkStore.fromChunks(chunks);
    if (options.language === undefined) this.languages(index, options);
    this.sourceNames = new SourceNames(structuredSources(this.chunks, options.sources ?? []));
    // Pick names a knob that is no option here.
    const knobs = knobValues(options satisfies Pick<EngineOptions, KnobName>);
    // The glossary and spellings are English word lists; synonyms have a list per language.
    const vocabulary = VOCABULARY[this.language];
    this.knobs = this.language === 'en' ? knobs : { ...knobs, expansionWeight: 0, spellings: 0, synonymWeight: vocabulary === undefined ? 0 : knobs.synonymWeight };
    this.expander = new Expander(this.pipeline, this.knobs.expansionWeight > 0 ? (options.glossary ?? []) : []);
    const abbreviations = (vocabulary?.abbreviations ?? []).filter((names) => !names.some((name) => this.expander.knows(name)));
    const groups = this.knobs.synonymWeight > 0 && vocabulary !== undefined ? [...vocabulary.synonyms, ...abbreviations] : [];
    const leads = this.knobs.synonymWeight > 0 && vocabulary !== undefined ? vocabulary.leads : [];
    this.synonyms = new Expander(this.pipeline, [
      ...groups.map(([term = '', ...aliases]) => ({ term, aliases })),
      ...leads.map(([term = '', ...aliases]) => ({ term, aliases, oneWay: true })),
    ]);
    this.meansTerm = queryTerms(this.pipeline, 'means')[0] ?? 'mean';
    this.forceTerm = queryTerms(this.pipeline, this.language === 'fr' ? 'vigueur' : 'force')[0] ?? 'forc';
    this.prohibitTerm = queryTerms(this.pipeline, 'prohibited')[0] ?? 'prohibit';
    this.citing = new Uint8Array(this.chunks.length);
    this.docIds = new Map(this.postings.refs.map((ref, doc) => [ref, doc]));
    this.corpus = new RuleCorpus(this.chunks, this.postings, this.pipeline);
    this.corpus.spans.forEach((span, chunk) => {
      if (span === undefined) return;
      const ids = span.from.kind === 'recital' ? recitalIds(span.from.id, span.to.id) : [span.from.id];
      for (const id of ids) {
        const key = elementKey({ ...span.from, id });
        this.byElement.set(key, [...(this.byElement.get(key) ?? []), { chunk, span }]);
      }
    });
    this.families = this.corpus.families().map(namedFamily);
    this.rules = DEFAULT_PROFILE.rules.flatMap((r) => {
      const bound = r.bind(this.corpus, this.knobs);
      return bound === undefined ? [] : [{ name: r.name, knobs: r.knobs, bound }];
    });
  }

  /**
   * Chunks covering a provision the query cites ("Art 5(1)(f)", "GOVERN 1.6"), in document order; only when the
   * citation is what the query is about (at most CITED_CONTEXT other terms): in "when is a system listed in
   * Annex III not high-risk, …" the Annex is context, not the answer. Only when one indexed source holds it, of
   * `sources` when the search is restricted to them, and of the sources the query names when it names some.
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
    return detectLanguage(query, new Set(this.sourcesByLanguage.keys()), this.language, (word) => this.languageHolding(word));
  }

  /**
   * The one language whose sources hold a word as written (its unstemmed form in the exact field, where the
   * legal texts' words are), judged on the first chunks holding it; undefined when none or both do.
   */
  private languageHolding(word: string): Language | undefined {
    const term = exactTerms(word, 'fr')[0];
    if (term === undefined || this.postings.termId(term) === undefined) return undefined;
    this.languageOfSource ??= new Map([...this.sourcesByLanguage].flatMap(([language, ids]) => [...ids].map((id) => [id, language] as const)));
    let found: Language | undefined;
    for (const doc of this.postings.docsOf(term).subarray(0, HOLDING_SAMPLE)) {
      const ref = this.postings.refs[doc] ?? '';
      const language = this.languageOfSource.get(ref.slice(0, ref.indexOf(':')));
      if (language === undefined || (found !== undefined && language !== found)) return undefined;
      found = language;
    }
    return found;
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
    const respelled = this.knobs.spellings !== 0 ? this.otherSpellings(text, typedTerms) : { terms: [], exact: [] };
    const terms = [...typedTerms, ...respelled.terms];
    const within = options.sources === undefined || options.sources.length === 0 ? undefined : new Set(options.sources);
    const excluded = options.excluded !== undefined && options.excluded.size > 0 ? options.excluded : undefined;
    const cited = this.cited(query, within, excluded);
    const intent = readIntent(text, this.families);
    // A name made only of typed terms adds nothing; the others are searched as wholes, at the expansion weight.
    const typed = (group: readonly string[]) => group.every((term) => terms.includes(term));
    const groups = this.expander.expand(text).filter((group) => !typed(group));
    const synonymGroups = this.synonyms.expand(text).filter((group) => !typed(group));
    // Whether something may be done is answered where the law prohibits it, or allows it by way of exception.
    if (this.knobs.synonymWeight > 0 && intent.permission && ![terms, ...synonymGroups].some((group) => group.includes(this.prohibitTerm))) synonymGroups.push([this.prohibitTerm]);
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
    const fetch = this.rules.length > 0 ? options.top * 2 + 20 : options.top;
    const derived = this.derivedForms(terms);
    const groupsAt = [
      ...groups.map((group) => ({ terms: group, boost: this.knobs.expansionWeight })),
      ...synonymGroups.map((group) => ({ terms: group, boost: this.knobs.synonymWeight })),
      ...derived.map((term) => ({ terms: [term], boost: this.knobs.derivedWeight })),
    ];
    // The typed words' exact forms score in the exact field only; every chunk holding one holds its stem too.
    // The words of a source's name still count a little: a question may be about the framework itself.
    const named = text === query ? [] : queryTerms(this.pipeline, query).filter((term) => !terms.includes(term));
    const scene = this.knobs.sceneWeight === 1 ? new Set<string>() : this.sceneOnly(text);
    const scoredTerms: WeightedTerm[] = [
      ...[...terms, ...exactTerms(text, this.language), ...respelled.exact].map((term) => ({ term, boost: scene.has(term) ? this.knobs.sceneWeight : 1 })),
      ...named.map((term) => ({ term, boost: NAME_WEIGHT })),
    ];
    const { total, results: fetched } = this.postings.top(
      scoredTerms,
      fetch,
      within === undefined && left === undefined && phrases.length === 0 ? undefined : accept,
      groupsAt,
    );
    const defined = this.knobs.definitionFactor > 1 && (intent.definition || intent.quotedName) ? this.definitions(intent, terms, scoredTerms, fetched, accept, groupsAt) : undefined;
    const found = defined === undefined ? fetched : defined.results;
    const citations = this.knobs.citationWeight > 0 ? this.withCitations(found, scoredTerms, accept, groupsAt) : { results: found, raised: new Map<number, number>() };
    // An Article title's word counts as named in its derived form too: "register" names Article 49, "Registration".
    const ruleQuery: RuleQuery = { intent, terms: new Set([...terms, ...derived]), defined };
    const ranked = this.withRules(citations.results, ruleQuery);
    // When a cited provision applies is said in the Article on entry into force, so that comes before it.
    const withCited = this.citedFirst(ranked, cited);
    const applying = this.knobs.applicationFirst !== 0 && intent.application ? this.applicationFirstOf(withCited, scoredTerms, accept, groupsAt) : { results: withCited, unmatched: 0, placed: new Set<number>() };
    const results = applying.results.slice(0, options.top);
    const hits: Hit[] = [];
    // The terms as searched, each with where it came from, in the order of scoredTerms and groupsAt.
    const respelledTerms = [...respelled.terms, ...respelled.exact];
    const searched: SearchedTerms[] | undefined =
      options.explain !== true
        ? undefined
        : [
            ...scoredTerms.map(({ term, boost }) => ({ terms: [term], weight: boost, source: named.includes(term) ? 'name' : scene.has(term) ? 'scene' : respelledTerms.includes(term) ? 'spelling' : 'typed' }) as const),
            ...groups.map((group) => ({ terms: group, weight: this.knobs.expansionWeight, source: 'glossary' }) as const),
            ...synonymGroups.map((group) => ({ terms: group, weight: this.knobs.synonymWeight, source: 'synonym' }) as const),
            ...derived.map((term) => ({ terms: [term], weight: this.knobs.derivedWeight, source: 'derived' }) as const),
          ];
    for (const result of results) {
      const chunk = this.chunks.get(result.ref);
      if (chunk === undefined) continue;
      const snippet = options.snippets === false ? { text: '', highlights: [] } : highlight(this.pipeline, chunk.text, this.marked(result.doc, terms, groups));
      if (searched === undefined) hits.push({ chunk, score: result.score, snippet });
      else {
        const placed = cited.some((c) => c.id === result.ref) ? 'cited' : applying.placed.has(result.doc) ? 'application' : null;
        const bm25 = this.postings.scoreDocs(scoredTerms, [result.doc], groupsAt)[0]?.score ?? 0;
        hits.push({ chunk, score: result.score, snippet, explain: this.explain(result, bm25, searched, ruleQuery, citations.raised.get(result.doc), placed) });
      }
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
    if (this.knobs.derivedWeight <= 0) return [];
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

  /** The factor this query's ranking applied to recitals (the prior, inverted for a why-question; 1 when off). */
  recitalFactor(text: string): number {
    return recitalFactor(readIntent(text).why, this.knobs.recitalPrior);
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
  private withCitations(found: readonly Scored[], scoredTerms: readonly WeightedTerm[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]): { results: Scored[]; raised: ReadonlyMap<number, number> } {
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
          raise.set(doc, (raise.get(doc) ?? 0) + (this.knobs.citationWeight * r.score) / Math.sqrt(refs.length));
        }
      }
    }
    if (raise.size === 0) return { results: [...found], raised: raise };
    const have = new Set(found.map((r) => r.doc));
    const added = this.postings.scoreDocs(scoredTerms, [...raise.keys()].filter((doc) => !have.has(doc)), groups);
    return { results: [...found, ...added].map((r) => (raise.has(r.doc) ? { ...r, score: r.score + (raise.get(r.doc) ?? 0) } : r)), raised: raise };
  }

  /**
   * For a question asking what something is: the chunks that define one of its words the way statutes do
   * ("‘deployer’ means …": the word right before "means", in a chunk with a pinpoint), scored by the query and added to the fetched results
   * if the query's own ranking left them out. `docs` are the defining chunks, which the priors then favour;
   * undefined when none is found, and the question is then ranked as any other. When the question's subject is a
   * name one of them defines ("a provider" in "what counts as a provider of an AI system"), only the chunks
   * defining that very name count: "system" also stands before "means" in a dozen others.
   */
  private definitions(intent: QueryIntent, terms: readonly string[], scoredTerms: readonly WeightedTerm[], fetched: readonly Scored[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]) {
    const defines = (doc: number) => terms.some((term) => term !== this.meansTerm && this.chunksDefining(term).has(doc));
    const found =
      this.language === 'fr'
        ? this.frenchDefinitions(terms, scoredTerms, accept, groups)
        : this.postings.best(this.meansTerm, DEFINITION_CANDIDATES, (ref, doc) => accept(ref, doc) && defines(doc));
    // "What is the threshold for …" asks for a fact more often than a definition, and a question that only quotes
    // a name may ask anything about it: there only a defined name counts.
    const fallback = intent.aboutThe || !intent.definition ? [] : found;
    const subject = this.definingSubject(intent.subjects, found);
    const docs = new Set((subject?.hits ?? fallback).map((r) => r.doc));
    if (docs.size === 0) return undefined;
    const have = new Set(fetched.map((r) => r.doc));
    const scored = this.postings.scoreDocs(scoredTerms, [...docs].filter((doc) => !have.has(doc)), groups);
    return { results: [...fetched, ...scored], docs, whole: subject?.whole === true };
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
   * French acts define a name without a verb ("«déployeur», une personne …"): the chunks whose defined name
   * (definedNames) holds a word of the question, best scored by the question first.
   */
  private frenchDefinitions(terms: readonly string[], scoredTerms: readonly WeightedTerm[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]): Scored[] {
    const docs = new Set<number>();
    for (const term of terms) for (const doc of this.chunksNaming(term)) if (accept(this.postings.refs[doc] ?? '', doc)) docs.add(doc);
    // All of them: an act defines some dozens of names, and the subject's may score below others sharing its words.
    return this.postings.scoreDocs(scoredTerms, docs, groups).sort((a, b) => b.score - a.score);
  }

  /** The structured chunks whose defined name holds a term, found on first use and kept (as chunksDefining). */
  private chunksNaming(term: string): ReadonlySet<number> {
    const known = this.definingChunks.get(term);
    if (known !== undefined) return known;
    const docs = new Set<number>();
    for (const doc of this.postings.docsOf(term)) {
      const n = this.chunks.numberOf(this.postings.refs[doc] ?? '') ?? -1;
      if (this.chunks.pinpointAt(n) === undefined) continue;
      const names = definedNames(this.chunks.at(n)?.text ?? '');
      if (names.some((name) => indexTerms(this.pipeline, name).includes(term))) docs.add(doc);
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
  private definingSubject(subjects: readonly string[], found: readonly Scored[]): { hits: Scored[]; whole: boolean } | undefined {
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
  private applicationFirstOf(ranked: Scored[], scoredTerms: readonly WeightedTerm[], accept: (ref: string, doc: number) => boolean, groups: readonly TermGroup[]): { results: Scored[]; unmatched: number; placed: ReadonlySet<number> } {
    const provisions = this.postings.best(this.forceTerm, APPLICATION_CANDIDATES, (ref, doc) => accept(ref, doc) && this.inForceArticle(ref));
    if (provisions.length === 0) return { results: ranked, unmatched: 0, placed: new Set() };
    const docs = new Set(provisions.map((r) => r.doc));
    const matched = this.postings.scoreDocs(scoredTerms, docs, groups);
    const order = [...matched, ...provisions.filter((p) => !matched.some((m) => m.doc === p.doc))];
    const best = ranked.find((r) => !docs.has(r.doc))?.score ?? 0;
    const first = order.map((r, i) => ({ ...r, score: best + (order.length - i) / order.length }));
    return { results: [...first, ...ranked.filter((r) => !docs.has(r.doc))], unmatched: order.length - matched.length, placed: docs };
  }

  /** True when the chunk belongs to an Article whose title is about entry into force ("Entry into force and application"). */
  private inForceArticle(ref: string): boolean {
    const title = this.corpus.articleTitle(ref);
    return title !== undefined && ENTRY_INTO_FORCE.test(title);
  }

  /** Each candidate's score times the factors of the rules that apply to the query, in the profile's order; best first. */
  private withRules(results: Scored[], query: RuleQuery): Scored[] {
    const rules = this.rules.filter((r) => r.bound.applies(query));
    const weighted = results.map((r) => {
      let score = r.score;
      for (const { bound } of rules) score *= bound.factor(r, query);
      return score === r.score ? r : { ...r, score };
    });
    return weighted.sort((a, b) => b.score - a.score);
  }

  /**
   * Why a result scored what it did: its BM25 by term and field, what the explainers citing it added, and the
   * factors of the rules that moved it, unless a stage placed it first whatever its score.
   */
  private explain(result: Scored, bm25: number, searched: readonly SearchedTerms[], query: RuleQuery, citation: number | undefined, placed: Explanation['placed']): Explanation {
    const rules = placed !== null ? [] : this.rules
      .filter((r) => r.bound.applies(query))
      .map((r) => ({ rule: r.name, factor: r.bound.factor(result, query), knobs: Object.fromEntries(r.knobs.map((k) => [k.name, this.knobs[k.name]])) }))
      .filter((r) => r.factor !== 1);
    return { bm25, ...explainTerms(this.postings, this.fieldNames, searched, result.doc), citation: citation ?? null, rules, placed, score: result.score };
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

/** Each language's synonym groups, one-way leads and abbreviations: a language without them searches the typed words only. */
const VOCABULARY: Partial<Record<Language, { synonyms: readonly (readonly string[])[]; leads: readonly (readonly string[])[]; abbreviations: readonly (readonly string[])[] }>> = {
  en: { synonyms: SYNONYM_GROUPS, abbreviations: ABBREVIATIONS, leads: SYNONYM_LEADS },
  fr: { synonyms: SYNONYM_GROUPS_FR, abbreviations: ABBREVIATIONS_FR, leads: SYNONYM_LEADS_FR },
};

/** How many of the chunks holding a word are read to tell which language's texts hold it. */
const HOLDING_SAMPLE = 50;
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

/** How many defining chunks a definition question considers: a glossary Article holds dozens of definitions. */
const DEFINITION_CANDIDATES = 50;
/** Query words whose defining chunks the engine keeps: a bound on memory, not a cache anyone tunes. */
const DEFINING_TERMS = 4096;

/** A word that ends a definition question's subject: "a deployer |under the AI Act", "a provider |of an AI system". */
const SUBJECT_ENDS = /^(?:of|under|in|within|according|for|as|by|if|when|where|and|or|involving|concerning|regarding|relating|about|au|aux|du|de|des|selon|dans|pour|par|en|si|lorsque|quand|et|ou|concernant|relatif|relative)$/i;
/** The longest subject tried: defined names run to a few words ("general-purpose AI model with systemic risk"). */
const SUBJECT_WORDS = 8;

/** An Article title on the act's entry into force: "Entry into force and application", "Entrée en vigueur". */
const ENTRY_INTO_FORCE = /\bentry\s+into\s+force\b|\bentrée\s+en\s+vigueur\b/i;

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
