import lunr from 'lunr';
import { foldText } from './fold.js';
import { frenchPipeline, frenchStopWords, pipelineLanguage, type Language } from './languages.js';

/**
 * Text analysis shared by the index build and every query: the same tokenizer and the same pipeline on both
 * sides, so a word matches however it was punctuated. Bump ANALYSIS_VERSION whenever the output changes:
 * an index built by other analysis is refused at load.
 */
export const ANALYSIS_VERSION = 5;

/** A word: letters or digits, joined by inner hyphens, slashes, dots, apostrophes or underscores. */
const WORD = /[\p{L}\p{N}]+(?:[-/.'’_][\p{L}\p{N}]+)*/gu;
/**
 * A French word: as WORD, but an apostrophe ends it, as French elides articles and pronouns into the next word
 * ("l’intelligence" → l, intelligence; "qu’il" → qu, il): the elided forms are lunr.fr's stop words.
 */
const FRENCH_WORD = /[\p{L}\p{M}\p{N}]+(?:[-/._][\p{L}\p{M}\p{N}]+)*/gu;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The forms of one word, as a query searches them:
 * - "high-risk" → high, risk, highrisk (the joined form also meets texts that write "highrisk"; the index keeps it
 *   out of the text fields, see `tokenize` and `compounds`)
 * - "2024/1689" → 2024/1689, 2024, 1689 (the identifier whole, and its parts)
 * - "1.1", "42001" → kept whole (subcategory and standard numbers)
 * - "U.S." → us; "provider's" → provider
 */
export function wordForms(word: string): string[] {
  return positionedForms(word).map((f) => f.form);
}

interface PositionedForm {
  form: string;
  /** Word position relative to the word's first part: parts take consecutive positions. */
  offset: number;
  /** The whole form of a split word, an alternative at the first part's position. */
  whole: boolean;
}

/** A word's forms in token order (an identifier's whole form first, a hyphenated word's joined form last). */
function positionedForms(word: string): PositionedForm[] {
  const { parts, whole } = splitWord(word);
  const partForms = parts.map((form, offset) => ({ form, offset, whole: false }));
  if (whole === undefined) return partForms;
  const wholeForm = { form: whole, offset: 0, whole: true };
  return word.includes('/') ? [wholeForm, ...partForms] : [...partForms, wholeForm];
}

function splitWord(word: string): { parts: string[]; whole?: string } {
  let w = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.includes('.')) {
    const parts = w.split('.');
    w = parts.every((p) => /^\d+$/.test(p)) ? w : parts.join('');
  }
  if (w.includes('/')) return { parts: w.split('/'), whole: w };
  if (w.includes('-')) {
    const parts = w.split('-');
    return { parts, whole: parts.join('') };
  }
  return { parts: [w] };
}

/**
 * Folded words of a text, in order. French words keep their accents (lowercased): lunr.fr's stop words are
 * written with them ("à", "été"), and its pipeline folds them after that filter, before stemming.
 */
export function words(text: string, language: Language = 'en'): string[] {
  if (language === 'fr') return text.normalize('NFKC').toLowerCase().match(FRENCH_WORD) ?? [];
  return foldText(text).match(WORD) ?? [];
}

export interface WordSpan {
  /** The word, folded. */
  word: string;
  /** Offsets in the original text (UTF-16 code units), end exclusive. */
  start: number;
  end: number;
}

/**
 * Words with their offsets in the original text, for highlighting; folding may change lengths, so map back.
 * French words end at an apostrophe (FRENCH_WORD), and come folded like English ones: lunr.fr folds them anyway.
 */
export function wordSpans(text: string, language: Language = 'en'): WordSpan[] {
  const pattern = language === 'fr' ? FRENCH_WORD : WORD;
  // ASCII folds to itself lowercased, offsets unchanged: skip the per-character normalisation (snippets of every hit).
  if (ASCII.test(text)) {
    return Array.from(text.toLowerCase().matchAll(pattern), (m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
  }
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(codePoint);
    const f = codePoint < 128 ? char.toLowerCase() : foldText(char);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += char.length;
  }
  origin.push(text.length);
  const spans: WordSpan[] = [];
  for (const match of folded.matchAll(pattern)) {
    const last = match.index + match[0].length - 1;
    const lastOrigin = origin[last] ?? text.length;
    const lastChar = String.fromCodePoint(text.codePointAt(lastOrigin) ?? 0);
    spans.push({ word: match[0], start: origin[match.index] ?? 0, end: lastOrigin + lastChar.length });
  }
  return spans;
}

/**
 * Lunr tokenizer (the index side): every word's forms in order, except the joined form of a hyphenated word.
 * Indexed beside its parts, "anti-inflammatory" scored three matches where "anti inflammatory" scored two and
 * lengthened the field it sat in, which cost SciFact train 0.006 nDCG@10 (docs/ranking.md); the joined forms get
 * a field of their own instead (`compounds`). Each token carries its word position (`index`), which the index
 * stores when built with positions, for quoted phrases; an identifier's whole form is marked `whole`.
 */
export function tokenize(value: unknown, metadata?: { fields?: string[] }): lunr.Token[] {
  // Lunr's builder names the field it tokenizes; the exact field keeps its words unstemmed.
  if (metadata?.fields?.[0] === EXACT_FIELD) return exactTokens(value);
  return tokens(value, false);
}

/** The pipeline French fields are indexed with (`analyzeFrench`); its functions are lunr.fr's. */
const FRENCH = frenchPipeline();

/**
 * One field of a French document, as `tokenize` and the builder's pipeline do an English one: the text fields
 * through lunr.fr's pipeline, the exact field's marked forms as they are (lunr.fr's trimmer would cut the mark).
 */
export function analyzeFrench(value: unknown, field: string): lunr.Token[] {
  if (field === EXACT_FIELD) return exactTokens(value, 'fr');
  return FRENCH.run(tokens(value, false, 'fr'));
}

/** The index field of unstemmed word forms (`exactTerms`). */
export const EXACT_FIELD = 'exact';
/**
 * Appended to a word form in the exact field: no term of the stemmed fields ends in it, and none of Porter's
 * suffix rules matches it, so Lunr's stemmer in the same pipeline leaves the form as it is.
 */
const EXACT_MARK = '=';

/** True for a term of the exact field (an unstemmed word form), false for a stem or a joined compound. */
export function isExactTerm(term: string): boolean {
  return term.endsWith(EXACT_MARK);
}

/**
 * A text's word forms as the exact field holds them: unstemmed, stop words out, marked ("accessibility" →
 * "accessibility="). A query searches them beside its stemmed terms.
 */
export function exactTerms(text: string, language: Language = 'en'): string[] {
  return [...new Set(exactTokens(text, language).map((t) => t.toString()))];
}

/**
 * The text fields' word parts (`tokens`, an identifier's whole form left out), stop words out, marked. French
 * forms are folded after lunr.fr's stop-word filter, so "salariés" and "salaries" meet.
 */
function exactTokens(value: unknown, language: Language = 'en'): lunr.Token[] {
  const stop = language === 'fr' ? frenchStopWords : stopWords;
  const form = language === 'fr' ? (token: lunr.Token) => foldText(token.toString()) : (token: lunr.Token) => token.toString();
  return tokens(value, false, language)
    .map((token) => ({ token, meta: (token as unknown as { metadata: { index: number; whole?: boolean } }).metadata }))
    .filter(({ token, meta }) => meta.whole !== true && stop(token, 0, []) !== undefined)
    .map(({ token, meta }) => new lunr.Token(form(token) + EXACT_MARK, { index: meta.index }));
}

/** The query side: as `tokenize`, plus the joined form of a hyphenated word, which the compounds field holds. */
export function queryTokens(text: string, language: Language = 'en'): lunr.Token[] {
  return tokens(text, true, language);
}

function tokens(value: unknown, joined: boolean, language: Language = 'en'): lunr.Token[] {
  if (value === null || value === undefined) return [];
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  const out: lunr.Token[] = [];
  let position = 0;
  for (const word of words(text, language)) {
    const forms = positionedForms(word);
    for (const { form, offset, whole } of forms) {
      if (whole && !joined && isCompound(word)) continue;
      out.push(new lunr.Token(form, whole ? { index: position, whole: true } : { index: position + offset }));
    }
    position += forms.filter((f) => !f.whole).length;
  }
  return out;
}

/** A hyphenated word, as opposed to an identifier like "2024/1689", whose whole form stays in the text. */
function isCompound(word: string): boolean {
  return word.includes('-') && !word.includes('/');
}

/**
 * The joined forms of a text's hyphenated words ("high-risk" → highrisk), the content of the index's compounds
 * field: a query written "highrisk" finds "high-risk", and "high-risk" gains a little over "high risk".
 */
export function compounds(text: string): string {
  const joined: string[] = [];
  for (const word of words(text)) {
    const { whole } = isCompound(word) ? splitWord(word) : {};
    if (whole !== undefined) joined.push(whole);
  }
  return joined.join(' ');
}

const STOP_WORDS_LABEL = 'occStopWords';
// Lunr's type definitions leave out its registry of pipeline functions.
const registry = (lunr.Pipeline as unknown as { registeredFunctions: Record<string, lunr.PipelineFunction | undefined> }).registeredFunctions;
const registered = registry[STOP_WORDS_LABEL];

/**
 * Lunr's English stop words except "us": in governance texts it is the country ("U.S.", "US"), not the pronoun.
 * A bundle may hold two copies of this module over one Lunr (the server and Astro's build), so the second
 * takes the function the first registered rather than registering another under the same label.
 */
export const stopWords: lunr.PipelineFunction =
  registered ?? ((token) => (token.toString() === 'us' ? token : lunr.stopWordFilter(token)));
// A serialized index names its pipeline functions; loading needs them registered under the same label.
if (registered === undefined) lunr.Pipeline.registerFunction(stopWords, STOP_WORDS_LABEL);

/** Stop words out, Porter stemming: English analysis, the same functions at index and query time (lunr.js #532). */
const ENGLISH_FUNCTIONS: readonly lunr.PipelineFunction[] = [stopWords, lunr.stemmer];

export function configurePipelines(builder: lunr.Builder): void {
  builder.pipeline.reset();
  builder.pipeline.add(...ENGLISH_FUNCTIONS);
  builder.searchPipeline.reset();
  builder.searchPipeline.add(...ENGLISH_FUNCTIONS);
  // The builder's tokenizer is typed as the namespace function; ours has the same call shape.
  builder.tokenizer = tokenize as unknown as typeof lunr.tokenizer;
}

/** The English search pipeline on its own, as configurePipelines gives the builder: analysis outside an index. */
export function englishPipeline(): lunr.Pipeline {
  const pipeline = new lunr.Pipeline();
  pipeline.add(...ENGLISH_FUNCTIONS);
  return pipeline;
}

/** The search pipeline a loaded index carries (Lunr's typings omit it). */
export function searchPipeline(index: lunr.Index): lunr.Pipeline {
  return (index as unknown as { pipeline: lunr.Pipeline }).pipeline;
}

/** Index terms of a text with their word positions, in order, duplicates kept; `whole` marks an identifier's whole form. */
export function positionedTerms(pipeline: lunr.Pipeline, text: string): { term: string; index: number; whole: boolean }[] {
  return pipeline
    .run(tokens(text, false, pipelineLanguage(pipeline)))
    .map((token) => {
      const meta = (token as unknown as { metadata: { index: number; whole?: boolean } }).metadata;
      return { term: token.toString().replace(/\*/g, ''), index: meta.index, whole: meta.whole === true };
    })
    .filter((t) => t.term !== '');
}

/** Query text to index terms: `queryTokens`, then the index's own search pipeline (stop words, stemming). */
export function queryTerms(pipeline: lunr.Pipeline, text: string): string[] {
  return uniqueTerms(pipeline, queryTokens(text, pipelineLanguage(pipeline)));
}

/** A text's terms as the text fields index them (no joined forms): what a chunk must hold to contain the text. */
export function indexTerms(pipeline: lunr.Pipeline, text: string): string[] {
  return uniqueTerms(pipeline, tokens(text, false, pipelineLanguage(pipeline)));
}

function uniqueTerms(pipeline: lunr.Pipeline, tokens: lunr.Token[]): string[] {
  const out: string[] = [];
  for (const token of pipeline.run(tokens)) {
    const term = token.toString().replace(/\*/g, '');
    if (term !== '' && !out.includes(term)) out.push(term);
  }
  return out;
}
