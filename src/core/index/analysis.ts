import lunr from 'lunr';

/**
 * Text analysis shared by the index build and every query: the same tokenizer and the same pipeline on both
 * sides, so a word matches however it was punctuated. Bump ANALYSIS_VERSION whenever the output changes:
 * an index built by other analysis is refused at load.
 */
export const ANALYSIS_VERSION = 3;

/** A word: letters or digits, joined by inner hyphens, slashes, dots, apostrophes or underscores. */
const WORD = /[\p{L}\p{N}]+(?:[-/.'’_][\p{L}\p{N}]+)*/gu;
const DIACRITICS = /\p{M}+/gu;
const ASCII = /^[\x00-\x7f]*$/;

/** Lowercase, accents folded ("Société" → "societe"), so both sides agree whatever the user types. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

/**
 * The forms one word is indexed and searched under:
 * - "high-risk" → high, risk, highrisk (so "high risk", "high-risk" and "highrisk" all meet)
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

/** Folded runs of letters and digits, punctuation dropped: "Human-in-the-Loop" → human, in, the, loop. */
export function plainWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Folded words of a text, in order. */
export function words(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

export interface WordSpan {
  /** The word, folded. */
  word: string;
  /** Offsets in the original text (UTF-16 code units), end exclusive. */
  start: number;
  end: number;
}

/** Words with their offsets in the original text, for highlighting; folding may change lengths, so map back. */
export function wordSpans(text: string): WordSpan[] {
  // ASCII folds to itself lowercased, offsets unchanged: skip the per-character normalisation (snippets of every hit).
  if (ASCII.test(text)) {
    return Array.from(text.toLowerCase().matchAll(WORD), (m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
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
  for (const match of folded.matchAll(WORD)) {
    const last = match.index + match[0].length - 1;
    const lastOrigin = origin[last] ?? text.length;
    const lastChar = String.fromCodePoint(text.codePointAt(lastOrigin) ?? 0);
    spans.push({ word: match[0], start: origin[match.index] ?? 0, end: lastOrigin + lastChar.length });
  }
  return spans;
}

/**
 * Lunr tokenizer: every form of every word, in order. Each token carries its word position (`index`), which the
 * index stores when built with positions, for quoted phrases; the whole form of a split word is marked `whole`.
 */
export function tokenize(value: unknown): lunr.Token[] {
  if (value === null || value === undefined) return [];
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  const tokens: lunr.Token[] = [];
  let position = 0;
  for (const word of words(text)) {
    const forms = positionedForms(word);
    for (const { form, offset, whole } of forms) {
      tokens.push(new lunr.Token(form, whole ? { index: position, whole: true } : { index: position + offset }));
    }
    position += forms.filter((f) => !f.whole).length;
  }
  return tokens;
}

/** Lunr's English stop words except "us": in governance texts it is the country ("U.S.", "US"), not the pronoun. */
export const stopWords: lunr.PipelineFunction = (token) =>
  token.toString() === 'us' ? token : lunr.stopWordFilter(token);
// A serialized index names its pipeline functions; loading needs them registered under the same label.
lunr.Pipeline.registerFunction(stopWords, 'occStopWords');

/** Stop words out, Porter stemming; the same functions at index and query time (lunr.js #532). */
export function configurePipelines(builder: lunr.Builder): void {
  builder.pipeline.reset();
  builder.pipeline.add(stopWords, lunr.stemmer);
  builder.searchPipeline.reset();
  builder.searchPipeline.add(stopWords, lunr.stemmer);
  // The builder's tokenizer is typed as the namespace function; ours has the same call shape.
  builder.tokenizer = tokenize as unknown as typeof lunr.tokenizer;
}

/** The search pipeline a loaded index carries (Lunr's typings omit it). */
export function searchPipeline(index: lunr.Index): lunr.Pipeline {
  return (index as unknown as { pipeline: lunr.Pipeline }).pipeline;
}

/** Index terms of a text with their word positions, in order, duplicates kept; `whole` marks a split word's whole form. */
export function positionedTerms(pipeline: lunr.Pipeline, text: string): { term: string; index: number; whole: boolean }[] {
  return pipeline
    .run(tokenize(text))
    .map((token) => {
      const meta = (token as unknown as { metadata: { index: number; whole?: boolean } }).metadata;
      return { term: token.toString().replace(/\*/g, ''), index: meta.index, whole: meta.whole === true };
    })
    .filter((t) => t.term !== '');
}

/** Query text to index terms: tokenize, then the index's own search pipeline (stop words, stemming). */
export function queryTerms(pipeline: lunr.Pipeline, text: string): string[] {
  const out: string[] = [];
  for (const token of pipeline.run(tokenize(text))) {
    const term = token.toString().replace(/\*/g, '');
    if (term !== '' && !out.includes(term)) out.push(term);
  }
  return out;
}
